package io.raidpulse.planner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page of HTML with named slots, read from a resource next to this class. {@code {{name}}} takes
 * a text, escaped by {@link Markup#escape}, or markup a {@link Markup} wrote; {@code {{?name}}...{{/name}}}
 * is kept when the flag {@code name} is set, left out when it is cleared. Filling a slot or setting a
 * flag the page does not have, or leaving a slot or flag of a kept part unset, fails: a bug, never a
 * blank in the report.
 */
final class Template {
    private static final Pattern TAG = Pattern.compile("\\{\\{([?/]?)([a-z0-9-]+)}}");

    private final String name;
    private final String page;
    private final Set<String> slots = new TreeSet<>();
    private final Set<String> flags = new TreeSet<>();

    private Template(String name, String page) {
        this.name = name;
        this.page = page;
        Matcher m = TAG.matcher(page);
        while (m.find()) {
            (m.group(1).isEmpty() ? slots : flags).add(m.group(2));
        }
    }

    static Template resource(String name) {
        try (InputStream in = Template.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + name + " next to " + Template.class.getName());
            }
            return new Template(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Filling fill() {
        return new Filling();
    }

    /** The values of one page's slots and flags. */
    final class Filling {
        private final Map<String, String> values = new HashMap<>();
        private final Map<String, Boolean> shown = new HashMap<>();

        Filling text(String slot, String text) {
            return put(slot, Markup.escape(text));
        }

        Filling markup(String slot, Markup markup) {
            return put(slot, markup.toString());
        }

        Filling when(String flag, boolean show) {
            if (!flags.contains(flag)) {
                throw new IllegalArgumentException(name + " has no part {{?" + flag + "}}");
            }
            shown.put(flag, show);
            return this;
        }

        String render() {
            StringBuilder out = new StringBuilder(page.length() * 2);
            render(0, page.length(), out);
            return out.toString();
        }

        private Filling put(String slot, String value) {
            if (!slots.contains(slot)) {
                throw new IllegalArgumentException(name + " has no slot {{" + slot + "}}");
            }
            values.put(slot, value);
            return this;
        }

        private void render(int from, int to, StringBuilder out) {
            Matcher m = TAG.matcher(page).region(from, to);
            int at = from;
            while (m.find()) {
                out.append(page, at, m.start());
                String tag = m.group(2);
                switch (m.group(1)) {
                    case "?" -> {
                        String end = "{{/" + tag + "}}";
                        int close = page.indexOf(end, m.end());
                        if (close < 0 || close + end.length() > to) {
                            throw new IllegalStateException(name + ": {{?" + tag + "}} has no " + end);
                        }
                        Boolean show = shown.get(tag);
                        if (show == null) {
                            throw new IllegalStateException(name + ": {{?" + tag + "}} was neither shown nor left out");
                        }
                        if (show) {
                            render(m.end(), close, out);
                        }
                        at = close + end.length();
                        m.region(at, to);
                    }
                    case "/" -> throw new IllegalStateException(name + ": {{/" + tag + "}} closes nothing");
                    default -> {
                        String value = values.get(tag);
                        if (value == null) {
                            throw new IllegalStateException(name + ": slot {{" + tag + "}} not filled");
                        }
                        out.append(value);
                        at = m.end();
                    }
                }
            }
            out.append(page, at, to);
        }
    }
}
