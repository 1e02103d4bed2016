package io.raidpulse.config;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Declarations of {@link Key}s by type, each with its default and bounds. The bounds and the
 * error messages are those of the typed accessors of {@link Settings}, which do the reading.
 */
public final class Keys {
    private Keys() {
    }

    /** The reader of a key without a default that must be set. */
    static final class Required implements Key.Reader<String> {
        @Override
        public String read(Settings settings, String name, String defaultValue) {
            return settings.requiredString(name);
        }
    }

    public static Key<String> string(String name, String defaultValue, String doc) {
        return new Key<>(name, defaultValue, defaultValue, doc, Settings::string);
    }

    /** A string that must be set: reading it unset fails with "is required and not set". */
    public static Key<String> required(String name, String doc) {
        return new Key<>(name, null, null, doc, new Required());
    }

    public static Key<Path> path(String name, Path defaultValue, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc,
                (s, n, d) -> s.has(n) ? Path.of(s.string(n, null)) : d);
    }

    public static Key<Integer> integer(String name, int defaultValue, int min, int max, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc, (s, n, d) -> s.integer(n, d, min, max));
    }

    public static Key<Double> decimal(String name, double defaultValue, double min, double max, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc, (s, n, d) -> s.decimal(n, d, min, max));
    }

    public static Key<Boolean> bool(String name, boolean defaultValue, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc, Settings::bool);
    }

    /** A duration ({@code 500ms}, {@code 10s}, {@code 5m}, {@code 2h}, {@code 30d}; a bare number is seconds) from min to max. */
    public static Key<Duration> duration(String name, Duration defaultValue, Duration min, Duration max, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc, (s, n, d) -> s.duration(n, d, min, max));
    }

    /** A size in bytes ({@code 256MiB}, {@code 4096}) from min to max. */
    public static Key<Long> bytes(String name, long defaultValue, long min, long max, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc, (s, n, d) -> s.bytes(n, d, min, max));
    }

    /** A regular expression; {@code defaultValue} may be null (no pattern). */
    public static Key<Pattern> regex(String name, Pattern defaultValue, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc, Settings::regex);
    }

    /** One of an enum's constants, written in lower case with '-' for '_'. */
    public static <E extends Enum<E>> Key<E> choice(String name, E defaultValue, Class<E> type, String doc) {
        return new Key<>(name, defaultValue, text(defaultValue), doc, (s, n, d) -> s.choice(n, d, type));
    }

    /** A value of any other type, read by {@code reader} (which names the key in its errors). */
    public static <T> Key<T> of(String name, T defaultValue, String defaultText, String doc, Key.Reader<T> reader) {
        return new Key<>(name, defaultValue, defaultText, doc, reader);
    }

    /** A value as a settings file writes it. */
    static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Duration d) {
            return Settings.formatDuration(d);
        }
        if (value instanceof Long bytes) {
            return sizeText(bytes);
        }
        if (value instanceof Double x) {
            return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString(x.longValue()) : x.toString();
        }
        if (value instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
        return value.toString();
    }

    /** A size in the largest binary unit that divides it: {@code 256MiB}, {@code 1GiB}, {@code 4096}. */
    static String sizeText(long bytes) {
        String[] units = {"TiB", "GiB", "MiB", "KiB"};
        for (int i = 0; i < units.length; i++) {
            long unit = 1L << (10 * (units.length - i));
            if (bytes != 0 && bytes % unit == 0) {
                return bytes / unit + units[i];
            }
        }
        return Long.toString(bytes);
    }

    /**
     * The keys declared by every class (nested ones included) of a source tree ({@code src/main/java}),
     * loaded from the class path: what a module's docs test holds its README table to, without a
     * list of classes that could miss one.
     */
    public static List<Key<?>> declaredInSources(Path javaRoot) {
        List<Key<?>> keys = new ArrayList<>();
        try (var files = Files.walk(javaRoot)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String name = javaRoot.relativize(f).toString().replace(File.separatorChar, '.');
                name = name.substring(0, name.length() - ".java".length());
                if (name.endsWith("package-info") || name.endsWith("module-info")) {
                    continue;
                }
                collect(Class.forName(name, false, Thread.currentThread().getContextClassLoader()), keys);
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("cannot list the keys declared under " + javaRoot, e);
        }
        return keys;
    }

    private static void collect(Class<?> type, List<Key<?>> keys) {
        boolean declares = false;
        for (Field f : type.getDeclaredFields()) {
            declares |= Key.class.equals(f.getType()) && Modifier.isStatic(f.getModifiers());
        }
        if (declares) {
            keys.addAll(declaredIn(type));
        }
        for (Class<?> nested : type.getDeclaredClasses()) {
            collect(nested, keys);
        }
    }

    /** The keys a class declares as static final {@link Key} fields, in declaration order. */
    public static List<Key<?>> declaredIn(Class<?> type) {
        List<Key<?>> keys = new ArrayList<>();
        for (Field f : type.getDeclaredFields()) {
            if (Key.class.equals(f.getType()) && Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())) {
                try {
                    f.setAccessible(true);
                    keys.add((Key<?>) f.get(null));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    throw new IllegalStateException("cannot read key " + type.getName() + "." + f.getName(), e);
                }
            }
        }
        return keys;
    }
}
