package io.raidpulse.grafana;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names an InfluxQL statement uses, read by a small lexer: the measurements it reads (with
 * their retention policy), the fields and tags it names (plain, quoted, or as /regex/ in a select
 * list), and the aliases it defines (which later parts, such as an outer query, may use).
 * String literals, regex values of =~ and !~, numbers, durations, functions and keywords are not
 * names. Enough for the statements dashboards hold (SELECT with subqueries, SHOW TAG VALUES).
 */
final class InfluxQlNames {
    /** A measurement read: retention policy (null: default) and name, or a /regex/ over names. */
    record Source(String retentionPolicy, String measurement, boolean regex) {
    }

    private static final Set<String> KEYWORDS = Set.of("select", "from", "where", "and", "or", "not", "group", "by",
            "order", "asc", "desc", "limit", "slimit", "offset", "soffset", "fill", "null", "none", "previous",
            "linear", "as", "show", "tag", "values", "with", "key", "in", "time", "tz", "true", "false", "measurements",
            "field", "keys", "series", "into", "on");

    final List<Source> sources = new ArrayList<>();
    /** Fields and tags named, in order of appearance. */
    final Set<String> names = new LinkedHashSet<>();
    /** Field patterns of /regex/ in select lists and function arguments. */
    final Set<String> nameRegexes = new LinkedHashSet<>();
    final Set<String> aliases = new LinkedHashSet<>();

    private enum Kind { IDENT, QIDENT, STRING, REGEX, NUMBER, OP, VARIABLE }

    private record Token(Kind kind, String text) {
        boolean is(String op) {
            return (kind == Kind.OP || kind == Kind.IDENT) && text.equalsIgnoreCase(op);
        }
    }

    private InfluxQlNames() {
    }

    static InfluxQlNames of(String statement) {
        InfluxQlNames n = new InfluxQlNames();
        n.read(lex(statement));
        return n;
    }

    private static List<Token> lex(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '\'' || c == '"') {
                int end = closing(s, i, c);
                out.add(new Token(c == '\'' ? Kind.STRING : Kind.QIDENT, s.substring(i + 1, end).replace("\\" + c, String.valueOf(c))));
                i = end + 1;
            } else if (c == '/' && regexMayStart(out)) {
                int end = closing(s, i, '/');
                out.add(new Token(Kind.REGEX, s.substring(i + 1, end)));
                i = end + 1;
            } else if (Character.isDigit(c)) {
                int j = i;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '.' || s.charAt(j) == 'µ')) {
                    j++;
                }
                out.add(new Token(Kind.NUMBER, s.substring(i, j)));
                i = j;
            } else if (Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                out.add(new Token(Kind.IDENT, s.substring(i, j)));
                i = j;
            } else if (c == '$') {
                int j = i + 1;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || "_{}".indexOf(s.charAt(j)) >= 0)) {
                    j++;
                }
                out.add(new Token(Kind.VARIABLE, s.substring(i, j)));
                i = j;
            } else {
                String two = i + 1 < s.length() ? s.substring(i, i + 2) : "";
                if (List.of("=~", "!~", "<>", "!=", ">=", "<=").contains(two)) {
                    out.add(new Token(Kind.OP, two));
                    i += 2;
                } else {
                    out.add(new Token(Kind.OP, String.valueOf(c)));
                    i++;
                }
            }
        }
        return out;
    }

    private static int closing(String s, int start, char quote) {
        for (int j = start + 1; j < s.length(); j++) {
            if (s.charAt(j) == '\\') {
                j++;
            } else if (s.charAt(j) == quote) {
                return j;
            }
        }
        throw new IllegalArgumentException("unterminated " + quote + " at " + start + " in: " + s);
    }

    /** A '/' starts a regex where a value or a name is expected, not after a value (division). */
    private static boolean regexMayStart(List<Token> before) {
        if (before.isEmpty()) {
            return false;
        }
        Token t = before.get(before.size() - 1);
        return t.is("=~") || t.is("!~") || t.is("(") || t.is(",") || t.is("from") || t.is("select");
    }

    private void read(List<Token> t) {
        for (int i = 0; i < t.size(); i++) {
            Token k = t.get(i);
            Token next = i + 1 < t.size() ? t.get(i + 1) : null;
            Token prev = i > 0 ? t.get(i - 1) : null;
            if (k.is("as") && next != null) {
                aliases.add(next.text());
                i++;
            } else if (k.is("from")) {
                i = readSources(t, i + 1) - 1;
            } else if (k.is("key") && next != null && (next.is("=") || next.is("=~"))) {
                Token v = t.get(i + 2);
                if (v.kind() == Kind.REGEX) {
                    nameRegexes.add(v.text());
                } else {
                    names.add(v.text());
                }
                i += 2;
            } else if (k.kind() == Kind.REGEX) {
                if (prev != null && !prev.is("=~") && !prev.is("!~")) {
                    nameRegexes.add(k.text());
                }
            } else if (k.kind() == Kind.IDENT && next != null && next.is("(")) {
                continue; // a function: mean(, percentile(, fill(, time(
            } else if (k.kind() == Kind.IDENT && KEYWORDS.contains(k.text().toLowerCase(Locale.ROOT))) {
                continue;
            } else if (k.kind() == Kind.IDENT || k.kind() == Kind.QIDENT) {
                names.add(k.text());
            } else if (k.kind() == Kind.VARIABLE) {
                throw new IllegalArgumentException("unsubstituted " + k.text());
            }
        }
    }

    /** FROM a, "rp"."m", /regex/, (subquery): records the sources and returns the index after them. */
    private int readSources(List<Token> t, int i) {
        while (i < t.size()) {
            Token k = t.get(i);
            if (k.is("(")) {
                return i; // a subquery: read like the rest
            }
            if (k.kind() == Kind.REGEX) {
                sources.add(new Source(null, k.text(), true));
                i++;
            } else if (k.kind() == Kind.IDENT || k.kind() == Kind.QIDENT) {
                if (i + 2 < t.size() && t.get(i + 1).is(".")) {
                    Token m = t.get(i + 2);
                    sources.add(new Source(k.text(), m.text(), m.kind() == Kind.REGEX));
                    i += 3;
                } else {
                    sources.add(new Source(null, k.text(), false));
                    i++;
                }
            } else {
                return i;
            }
            if (i < t.size() && t.get(i).is(",")) {
                i++;
            } else {
                return i;
            }
        }
        return i;
    }
}
