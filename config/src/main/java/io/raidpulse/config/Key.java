package io.raidpulse.config;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;

/**
 * One setting, declared once: its name, type, default, bounds and meaning. A component declares
 * its keys as constants next to the code that reads them ({@code static final Key<Duration>
 * SUSTAIN = Keys.duration("saturation.sustain", ...)}) and reads them with
 * {@link Settings#get(Key)}; the help texts and the README settings tables are checked against the
 * same constants ({@link SettingsTable}), so none of them can drift from what the code reads.
 *
 * <p>A key of a family names its variable part in capitals, as the READMEs do
 * ({@code notify.NAME.timeout}, {@code saturation.rule.NAME.host}); {@link #in} makes it concrete.
 *
 * @param <T> the value's type
 */
public final class Key<T> {
    /** Reads a key's value from settings, with its default and bounds, through the typed accessors of {@link Settings}. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(Settings settings, String name, T defaultValue);
    }

    private final String name;
    private final T defaultValue;
    private final String defaultText;
    private final String doc;
    private final Reader<T> reader;

    Key(String name, T defaultValue, String defaultText, String doc, Reader<T> reader) {
        this.name = Objects.requireNonNull(name);
        this.defaultValue = defaultValue;
        this.defaultText = defaultText;
        this.doc = Objects.requireNonNull(doc);
        this.reader = Objects.requireNonNull(reader);
    }

    /** The key's full name, as written in a settings file ({@code collector.interval}). */
    public String name() {
        return name;
    }

    /** The value when the key is not set; null when it has none (an optional or required setting). */
    public T defaultValue() {
        return defaultValue;
    }

    /**
     * The default as a settings file would write it ({@code 10s}, {@code 256MiB}), or as
     * {@link #withDefaultDescribed} describes it; null when there is none.
     */
    public String defaultText() {
        return defaultText;
    }

    /** What the key means, in one line. */
    public String doc() {
        return doc;
    }

    /** Whether the key has no default and must be set. */
    public boolean required() {
        return reader instanceof Keys.Required;
    }

    /** This key with another default, for a part that shares a key's type, bounds and meaning. */
    public Key<T> withDefault(T value) {
        return new Key<>(name, value, Keys.text(value), doc, reader);
    }

    /** This key under another name (a rule's own {@code saturation.rule.NAME.sustain}), with the same type, bounds and meaning. */
    public Key<T> named(String otherName) {
        return new Key<>(otherName, defaultValue, defaultText, doc, reader);
    }

    /**
     * This key as read through {@link Settings#under settings under} {@code prefix}: its name
     * without the prefix ({@code notify.NAME.timeout} under {@code notify.NAME.} is {@code timeout}).
     */
    public Key<T> relativeTo(String prefix) {
        if (!name.startsWith(prefix)) {
            throw new IllegalArgumentException(name + " is not under " + prefix);
        }
        return named(name.substring(prefix.length()));
    }

    /**
     * This key with a default the code works out when it is unset (the kernel's hostname, the
     * system clock), described by {@code text} for the help and the tables; its value stays null.
     */
    public Key<T> withDefaultDescribed(String text) {
        return new Key<>(name, defaultValue, text, doc, reader);
    }

    /**
     * The key of one member of a family: the first capitalized part of the name
     * ({@code NAME} in {@code notify.NAME.timeout}) replaced by {@code member}.
     */
    public Key<T> in(String member) {
        String concrete = name.replaceFirst("(^|\\.)[A-Z][A-Z_]*(\\.|$)", "$1" + Matcher.quoteReplacement(member) + "$2");
        return new Key<>(concrete, defaultValue, defaultText, doc, reader);
    }

    /** Its value in {@code settings}: the default when unset, a {@link ConfigException} naming the key when invalid. */
    T read(Settings settings) {
        return reader.read(settings, name, defaultValue);
    }

    /** {@code text} read as this key's value would be (with its bounds): for checking a documented default. */
    public T parse(String text) {
        return read(Settings.of(Map.of(name, text)));
    }

    @Override
    public String toString() {
        return name + (defaultText == null ? "" : " (default " + defaultText + ")");
    }
}
