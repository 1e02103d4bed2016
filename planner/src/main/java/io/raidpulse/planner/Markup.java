package io.raidpulse.planner;

import java.util.Locale;

/**
 * HTML and SVG written element by element, for the parts of {@code plan}'s HTML report that repeat
 * (table rows, the charts). Tag and attribute names come from the code; every text and attribute
 * value goes through {@link #escape}, the one place the report escapes, and {@link Template} uses
 * it for its text slots. Attributes are name, value pairs: a whole number is written as it is, a
 * {@code double} to one decimal (SVG coordinates), a text escaped, and a null value leaves the
 * attribute out.
 */
final class Markup {
    private final StringBuilder out = new StringBuilder();

    /** {@code <tag name="value" ...>}. */
    Markup open(String tag, Object... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append('>');
        return this;
    }

    /** {@code </tag>}. */
    Markup close(String tag) {
        out.append("</").append(tag).append('>');
        return this;
    }

    /** {@code <tag name="value" .../>}: an SVG element without content. */
    Markup empty(String tag, Object... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append("/>");
        return this;
    }

    /** {@code <tag name="value" ...>text</tag>}. */
    Markup element(String tag, String text, Object... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    Markup text(String text) {
        out.append(escape(text));
        return this;
    }

    /** Markup written apart, as it is. */
    Markup add(Markup inner) {
        out.append(inner.out);
        return this;
    }

    /** A line break between elements, where the report has one. */
    Markup newline() {
        out.append('\n');
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }

    private void attributes(Object[] attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come as name, value pairs");
        }
        for (int i = 0; i < attributes.length; i += 2) {
            Object value = attributes[i + 1];
            if (value != null) {
                out.append(' ').append((String) attributes[i]).append("=\"").append(value(value)).append('"');
            }
        }
    }

    private static String value(Object value) {
        if (value instanceof Integer || value instanceof Long) {
            return value.toString();
        }
        if (value instanceof Double d) {
            return String.format(Locale.ROOT, "%.1f", d);
        }
        if (value instanceof String s) {
            return escape(s);
        }
        throw new IllegalArgumentException("an attribute value is a number or a text, not " + value.getClass().getSimpleName());
    }

    /**
     * A text as HTML: markup characters as entities, and the report's signs (at least, at most,
     * plus or minus) as the named entities it has always used.
     */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                case '≥' -> b.append("&ge;");
                case '≤' -> b.append("&le;");
                case '±' -> b.append("&plusmn;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
