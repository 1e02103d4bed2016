package io.raidpulse.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A README's settings table ({@code | `key` | default | meaning |} rows under "## Settings")
 * held to the {@link Key} declarations: every declared key has a row, with the same default
 * (read by the key's own parser, so {@code 256MiB} and {@code 268435456} agree), and every row
 * is a declared key. Rows for a whole prefix ({@code kafka.*}, {@code saturation.rule.NAME.*})
 * are left out.
 */
public final class SettingsTable {
    private static final Pattern ROW = Pattern.compile("^\\| `([a-zA-Z][a-zA-Z0-9_.\\-]*)` \\|((?:[^|\\\\]|\\\\.)*)\\|", Pattern.MULTILINE);

    private final Map<String, String> defaults;

    private SettingsTable(Map<String, String> defaults) {
        this.defaults = defaults;
    }

    /** The rows of the "## Settings" section of {@code markdown}: key to default cell (backticks removed, {@code \|} unescaped). */
    public static SettingsTable of(String markdown) {
        int start = markdown.indexOf("\n## Settings");
        if (start < 0) {
            throw new IllegalArgumentException("no \"## Settings\" section");
        }
        int end = markdown.indexOf("\n## ", start + 3);
        Matcher m = ROW.matcher(markdown.substring(start, end < 0 ? markdown.length() : end));
        Map<String, String> rows = new LinkedHashMap<>();
        while (m.find()) {
            if (!m.group(1).endsWith(".*")) {
                rows.put(m.group(1), m.group(2).strip().replace("`", "").replace("\\|", "|"));
            }
        }
        return new SettingsTable(rows);
    }

    /** Key to default cell, in table order. */
    public Map<String, String> rows() {
        return defaults;
    }

    /**
     * What differs between the table and {@code declared}, one line each; empty when they agree.
     * Rows whose key {@code inScope} refuses (another component's keys in a shared table) are not
     * required to be declared here.
     */
    public List<String> problems(Collection<Key<?>> declared, Predicate<String> inScope) {
        List<String> problems = new ArrayList<>();
        Map<String, Key<?>> byName = new LinkedHashMap<>();
        declared.forEach(k -> byName.put(k.name(), k));
        byName.forEach((name, key) -> {
            String cell = defaults.get(name);
            if (cell == null) {
                problems.add(name + ": declared, but the settings table has no row for it");
            } else if (!sameDefault(key, cell)) {
                problems.add(name + ": the settings table says the default is '" + cell + "', the declaration "
                        + (key.defaultText() == null ? "has none" : "'" + key.defaultText() + "'"));
            }
        });
        defaults.keySet().stream().filter(inScope).filter(k -> !byName.containsKey(k))
                .forEach(k -> problems.add(k + ": in the settings table, but no key of that name is declared"));
        return problems;
    }

    /**
     * Whether a default cell says the key's default: its text, or a value the key reads as its
     * default followed by an explanation in parentheses; for a key without one, an empty cell or
     * one in parentheses ("(none)", "(required)", "(system clock)"), or for a default the code
     * works out, the key's description of it ("kernel hostname").
     */
    static boolean sameDefault(Key<?> key, String cell) {
        if (key.defaultValue() == null) {
            return key.defaultText() == null ? cell.isEmpty() || cell.startsWith("(") : cell.startsWith(key.defaultText());
        }
        if (cell.equals(key.defaultText())) {
            return true;
        }
        String value = cell.contains(" (") ? cell.substring(0, cell.indexOf(" (")).strip() : cell;
        try {
            Object read = key.parse(value);
            return read instanceof Pattern p ? key.defaultValue() instanceof Pattern d && p.pattern().equals(d.pattern())
                    : Objects.equals(read, key.defaultValue());
        } catch (ConfigException e) {
            return false;
        }
    }
}
