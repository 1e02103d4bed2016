package io.raidpulse.grafana;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The names Grafana's InfluxQL datasource gives what a query returns: for time series, the alias
 * with $col, $m, $measurement and $tag_KEY filled in, or "measurement.column {tags}" without one;
 * for tables, the columns ("Time" for time) and the GROUP BY tag keys.
 */
final class DisplayNames {
    private static final Pattern ALIAS = Pattern.compile("\\$(col|measurement|m|tag_(\\w+))|\\[\\[(col|measurement|m|tag_(\\w+))]]");

    private DisplayNames() {
    }

    static List<String> of(Dashboard.Query q, InfluxHttp.Result result) {
        List<String> out = new ArrayList<>();
        for (InfluxHttp.Series s : result.series()) {
            if ("table".equals(q.resultFormat())) {
                s.columns().forEach(c -> out.add(c.equals("time") ? "Time" : c));
                out.addAll(s.tags().keySet());
                continue;
            }
            for (String column : s.columns().subList(1, s.columns().size())) {
                out.add(name(q.alias(), s, column));
            }
        }
        return out;
    }

    /** One series' display name for one of its columns. */
    static String name(String alias, InfluxHttp.Series s, String column) {
        if (alias == null || alias.isBlank()) {
            String tags = s.tags().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
            return s.name() + "." + column + (tags.isEmpty() ? "" : " {" + tags + "}");
        }
        Matcher m = ALIAS.matcher(alias);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String what = m.group(1) != null ? m.group(1) : m.group(3);
            String tag = m.group(2) != null ? m.group(2) : m.group(4);
            String value = tag != null ? s.tags().getOrDefault(tag, "") : what.equals("col") ? column : s.name();
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
