package io.raidpulse.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flat key/value settings (a Java properties file, command-line overrides, environment), read
 * through typed accessors that fail with a {@link ConfigException} naming the key and what it
 * expects. Values of secret keys never appear in messages.
 *
 * <p>Keys under {@code kafka.} pass through to Kafka clients unchanged (SASL/SSL, compression
 * and every other client setting work without code changes); see {@link #withPrefix}.
 *
 * <p>{@link #tracked()} settings remember every key their readers ask for (and every prefix passed
 * through whole): {@code raidpulse config check} runs the components' own readers on them and
 * so knows, without a list of its own that could drift from the code, which keys of a file no
 * component reads.
 */
public final class Settings {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kKmMgGtT]i?[bB]?|[bB])?");
    /**
     * Keys whose values are never shown: passwords, tokens, JAAS configurations, and a notifier's
     * request headers and URL (an Authorization header; a Slack webhook URL is its own secret).
     */
    private static final Pattern SECRET = Pattern.compile(
            "(?i).*(password|secret|token|jaas|credential|key\\.password|authorization|api-?key).*|notify\\.[^.]+\\.(header\\..*|url)");

    private final Map<String, String> values;
    /** Where reads are recorded, or null (the usual case: nothing is recorded). */
    private final Reads reads;
    /** What {@link #under} removed from the keys, to record reads by their full names. */
    private final String base;

    /** The keys and prefixes the readers of {@link #tracked()} settings asked for, by full name. */
    private static final class Reads {
        final Set<String> keys = ConcurrentHashMap.newKeySet();
        final Set<String> prefixes = ConcurrentHashMap.newKeySet();
    }

    private Settings(Map<String, String> values) {
        this(values, null, "");
    }

    private Settings(Map<String, String> values, Reads reads, String base) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
        this.reads = reads;
        this.base = base;
    }

    /** These settings, remembering from now on every key read through them or settings derived from them. */
    public Settings tracked() {
        return new Settings(values, new Reads(), "");
    }

    /** Full names of the keys read so far through tracked settings (empty when not tracked). */
    public Set<String> keysRead() {
        return reads == null ? Set.of() : Set.copyOf(reads.keys);
    }

    /** Prefixes whose keys were all passed through (as {@code kafka.} to the Kafka clients); empty when not tracked. */
    public Set<String> prefixesRead() {
        return reads == null ? Set.of() : Set.copyOf(reads.prefixes);
    }

    private void read(String key) {
        if (reads != null) {
            reads.keys.add(base + key);
        }
    }

    /**
     * The settings under {@code prefix}, with the prefix removed: what a part configured by its
     * own keys (a notifier channel's {@code notify.NAME.*}) reads. Reads through it are recorded
     * under their full names.
     */
    public Settings under(String prefix) {
        return new Settings(withPrefixUntracked(prefix), reads, base + prefix);
    }

    /** These settings without {@code key}: it reads as unset (its default). */
    public Settings without(String key) {
        Map<String, String> rest = new TreeMap<>(values);
        rest.remove(key);
        return new Settings(rest, reads, base);
    }

    public static Settings empty() {
        return new Settings(Map.of());
    }

    public static Settings of(Map<String, String> values) {
        return new Settings(values);
    }

    /** Reads a properties file; a missing or unreadable file is a user error naming the path. */
    public static Settings load(Path file) {
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(in);
        } catch (NoSuchFileException e) {
            throw new UserException("config file " + file + " does not exist", UserException.EXIT_USAGE, null);
        } catch (IOException | IllegalArgumentException e) {
            throw new UserException("config file " + file + " cannot be read: " + e.getMessage(), UserException.EXIT_USAGE, null);
        }
        Map<String, String> map = new TreeMap<>();
        props.stringPropertyNames().forEach(k -> map.put(k.trim(), props.getProperty(k).trim()));
        return new Settings(map);
    }

    /** These settings with {@code overrides} taking precedence. */
    public Settings with(Map<String, String> overrides) {
        Map<String, String> merged = new TreeMap<>(values);
        merged.putAll(overrides);
        return new Settings(merged, reads, base);
    }

    public Settings with(String key, String value) {
        return with(Map.of(key, value));
    }

    /** These settings with {@code key} set to a command-line option's {@code value}; unchanged when the option is not given (null). */
    public Settings withOption(Key<?> key, Object value) {
        return value == null ? this : with(key.name(), value.toString());
    }

    public Set<String> keys() {
        return values.keySet();
    }

    public boolean has(String key) {
        read(key);
        String v = values.get(key);
        return v != null && !v.isEmpty();
    }

    public Map<String, String> asMap() {
        return values;
    }

    /** The value of a declared key: its default when unset; a {@link ConfigException} naming it when invalid. */
    public <T> T get(Key<T> key) {
        return key.read(this);
    }

    /** A declared key's value as written here (never a secret one's), or its default as the declaration writes it: for messages. */
    public String text(Key<?> key) {
        if (!has(key.name())) {
            return key.defaultText();
        }
        return isSecret(base + key.name()) ? "(secret, not shown)" : printable(values.get(key.name()));
    }

    public String string(String key, String defaultValue) {
        return has(key) ? values.get(key) : defaultValue;
    }

    public String requiredString(String key) {
        if (!has(key)) {
            throw new ConfigException(key, "is required and not set");
        }
        return values.get(key);
    }

    public int integer(String key, int defaultValue, int min, int max) {
        if (!has(key)) {
            return defaultValue;
        }
        try {
            int v = Integer.parseInt(values.get(key));
            if (v < min || v > max) {
                throw new ConfigException(key, "expected an integer from " + min + " to " + max + ", got " + shown(key));
            }
            return v;
        } catch (NumberFormatException e) {
            throw new ConfigException(key, "expected an integer from " + min + " to " + max + ", got " + shown(key));
        }
    }

    public double decimal(String key, double defaultValue, double min, double max) {
        if (!has(key)) {
            return defaultValue;
        }
        try {
            double v = Double.parseDouble(values.get(key));
            if (!(v >= min && v <= max)) {
                throw new ConfigException(key, "expected a number from " + min + " to " + max + ", got " + shown(key));
            }
            return v + 0.0; // -0 reads as 0
        } catch (NumberFormatException e) {
            throw new ConfigException(key, "expected a number from " + min + " to " + max + ", got " + shown(key));
        }
    }

    public boolean bool(String key, boolean defaultValue) {
        if (!has(key)) {
            return defaultValue;
        }
        return switch (values.get(key).toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new ConfigException(key, "expected true or false, got " + shown(key));
        };
    }

    /** A duration like {@code 500ms}, {@code 10s}, {@code 5m}, {@code 2h}, {@code 30d}; a bare number is seconds. */
    public Duration duration(String key, Duration defaultValue, Duration min, Duration max) {
        if (!has(key)) {
            return defaultValue;
        }
        Duration d = parseDuration(values.get(key));
        if (d == null || d.compareTo(min) < 0 || d.compareTo(max) > 0) {
            throw new ConfigException(key, "expected a duration from " + formatDuration(min) + " to " + formatDuration(max)
                    + " (like 500ms, 10s, 5m, 2h), got " + shown(key));
        }
        return d;
    }

    /** A size like {@code 256MiB}, {@code 1GiB}, {@code 4096}; binary multiples for k, M, G, T. */
    public long bytes(String key, long defaultValue, long min, long max) {
        if (!has(key)) {
            return defaultValue;
        }
        Long v = parseBytes(values.get(key));
        if (v == null || v < min || v > max) {
            throw new ConfigException(key, "expected a size from " + min + " to " + max + " bytes (like 64MiB), got " + shown(key));
        }
        return v;
    }

    public Pattern regex(String key, Pattern defaultValue) {
        if (!has(key)) {
            return defaultValue;
        }
        try {
            return Pattern.compile(values.get(key));
        } catch (RuntimeException e) {
            throw new ConfigException(key, "expected a regular expression, got " + shown(key));
        }
    }

    public <E extends Enum<E>> E choice(String key, E defaultValue, Class<E> type) {
        if (!has(key)) {
            return defaultValue;
        }
        String v = values.get(key).trim().replace('-', '_').toUpperCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(v)) {
                return e;
            }
        }
        StringBuilder allowed = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            allowed.append(allowed.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw new ConfigException(key, "expected one of " + allowed + ", got " + shown(key));
    }

    /** Every setting under {@code prefix} with the prefix removed, e.g. {@code kafka.} for client properties. */
    public Map<String, String> withPrefix(String prefix) {
        if (reads != null) {
            reads.prefixes.add(base + prefix);
        }
        return withPrefixUntracked(prefix);
    }

    private Map<String, String> withPrefixUntracked(String prefix) {
        Map<String, String> out = new TreeMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith(prefix) && k.length() > prefix.length()) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        return out;
    }

    private static final Pattern QUOTED_PASSWORD = Pattern.compile("(?i)(password|secret|token)\\s*=\\s*\"([^\"]*)\"?");

    /**
     * {@code text} with every secret value of these settings cut out: the values of secret keys,
     * and the quoted passwords inside them (a JAAS configuration's {@code password="..."}). For
     * messages that quote what a library said about them.
     */
    public String redact(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!isSecret(base + e.getKey()) || e.getValue().length() < 3) {
                continue;
            }
            out = out.replace(e.getValue(), "****");
            Matcher m = QUOTED_PASSWORD.matcher(e.getValue());
            while (m.find()) {
                if (m.group(2).length() >= 3) {
                    out = out.replace(m.group(2), "****");
                }
            }
        }
        return out;
    }

    /** Whether a key's value must never be printed. */
    public static boolean isSecret(String key) {
        return SECRET.matcher(key).matches();
    }

    /** The value as it may appear in a message: quoted, or redacted for secret keys. */
    public String shown(String key) {
        return isSecret(base + key) ? "(secret, not shown)" : "'" + printable(values.get(key)) + "'";
    }

    /** Control characters escaped, so a message with a value in it stays one line. */
    static String printable(String v) {
        if (v == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(v.length());
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
                            || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** A duration as settings write them ("500ms", "10s", "5m", "1h", "7d"; a bare number is seconds), or null. */
    public static Duration parseDuration(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> n;
            case "s" -> n * 1_000;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            case "d" -> n * 86_400_000;
            default -> Double.NaN;
        };
        return Double.isFinite(millis) && millis < Long.MAX_VALUE / 2 ? Duration.ofMillis(Math.round(millis)) : null;
    }

    static Long parseBytes(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            return null;
        }
        String unit = m.group(2) == null ? "b" : m.group(2).substring(0, 1).toLowerCase(Locale.ROOT);
        int shift = switch (unit) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        if (shift > 0 && n > (Long.MAX_VALUE >> shift)) {
            return null;
        }
        return n << shift;
    }

    /** A duration as a setting is written: in the largest whole unit of d, h, m, s or ms ({@code 90s}, {@code 5m}, {@code 30d}). */
    public static String formatDuration(Duration d) {
        long ms = d.toMillis();
        if (ms % 86_400_000 == 0 && ms > 0) {
            return ms / 86_400_000 + "d";
        }
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Settings{");
        values.keySet().forEach(k -> sb.append(k).append('=').append(isSecret(base + k) ? "****" : values.get(k)).append(", "));
        return sb.append('}').toString();
    }
}
