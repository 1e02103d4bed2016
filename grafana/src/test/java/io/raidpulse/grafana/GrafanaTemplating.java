package io.raidpulse.grafana;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What Grafana (10 to 12) does to a raw InfluxQL query before InfluxDB sees it, in two steps as
 * Grafana does them:
 *
 * <ol>
 *   <li>the browser ({@code InfluxDatasource.applyTemplateVariables}) replaces dashboard variables
 *       with {@code templateSrv.replace(query, vars, 'regex')}: every value regex-escaped, several
 *       values (or All without a custom all value) as {@code (a|b)}; {@code ${__from}} and
 *       {@code ${__to}} become epoch milliseconds; {@code $__interval} and {@code $__interval_ms}
 *       are left for the server;</li>
 *   <li>the server ({@code pkg/tsdb/influxdb/models/query.go}, {@code Build}) replaces
 *       {@code $timeFilter} with {@code time >= FROMms and time <= TOms}, then {@code $interval},
 *       {@code $__interval_ms} and {@code $__interval}.</li>
 * </ol>
 *
 * <p>The interval is the frontend's {@code rangeutil.calculateInterval}: the range divided by the
 * panel's data points (its width in pixels when maxDataPoints is unset), rounded by
 * {@code roundInterval}, never below the panel's min interval.
 */
final class GrafanaTemplating {
    /** templateSrv's variable syntax: $name, [[name]] or [[name:format]], ${name} or ${name:format}. */
    private static final Pattern VARIABLE = Pattern.compile(
            "\\$(\\w+)|\\[\\[(\\w+?)(?::(\\w+))?]]|\\$\\{(\\w+)(?:\\.([^:^}]+))?(?::([^}]+))?}");
    /** Characters Grafana's escapeRegex escapes (@grafana/data text.ts). */
    private static final Pattern REGEX_SPECIAL = Pattern.compile("[\\\\^$*+?.()|\\[\\]{}/]");
    /** Width Grafana's dashboard grid is assumed to have here, in pixels, for panels without maxDataPoints. */
    static final int DASHBOARD_WIDTH_PX = 1920;

    private GrafanaTemplating() {
    }

    record TimeRange(Instant from, Instant to) {
        long millis() {
            return to.toEpochMilli() - from.toEpochMilli();
        }
    }

    /**
     * Step 1, the browser: dashboard variables (name to the selected values, All already expanded
     * to every value) and {@code ${__from}}/{@code ${__to}}. Unknown names stay as they are, as in
     * Grafana.
     */
    static String interpolate(String text, Map<String, List<String>> variables, TimeRange range) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(4);
            String format = m.group(3) != null ? m.group(3) : m.group(6);
            String replacement;
            if (name.equals("__from")) {
                replacement = Long.toString(range.from().toEpochMilli());
            } else if (name.equals("__to")) {
                replacement = Long.toString(range.to().toEpochMilli());
            } else if (variables.containsKey(name)) {
                replacement = format(variables.get(name), format == null ? "regex" : format);
            } else {
                replacement = m.group();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String format(List<String> values, String format) {
        switch (format) {
            case "regex":
                List<String> escaped = values.stream().map(GrafanaTemplating::escapeRegex).toList();
                return escaped.size() == 1 ? escaped.get(0) : "(" + String.join("|", escaped) + ")";
            case "raw":
                return String.join(",", values);
            default:
                throw new IllegalArgumentException("variable format '" + format + "' is not modelled by this test");
        }
    }

    static String escapeRegex(String value) {
        return REGEX_SPECIAL.matcher(value).replaceAll("\\\\$0");
    }

    /** Step 2, Grafana's server: the time filter and the interval macros. */
    static String backend(String query, TimeRange range, Duration interval) {
        String timeFilter = "time >= " + range.from().toEpochMilli() + "ms and time <= " + range.to().toEpochMilli() + "ms";
        String text = formatInterval(interval);
        return query.replace("$timeFilter", timeFilter)
                .replace("$interval", text)
                .replace("$__interval_ms", Long.toString(interval.toMillis()))
                .replace("$__interval", text);
    }

    /** rangeutil.calculateInterval: range / resolution, rounded, at least the min interval. */
    static Duration interval(TimeRange range, int resolution, String minInterval) {
        long ms = roundInterval(range.millis() / (double) resolution);
        if (minInterval != null && !minInterval.isBlank()) {
            ms = Math.max(ms, parseInterval(minInterval).toMillis());
        }
        return Duration.ofMillis(ms);
    }

    /** Data points Grafana asks for: the panel's maxDataPoints, else its width in pixels. */
    static int resolution(int gridWidth, int maxDataPoints) {
        return maxDataPoints > 0 ? maxDataPoints : Math.max(1, gridWidth * DASHBOARD_WIDTH_PX / 24);
    }

    /** rangeutil.roundInterval (@grafana/data), milliseconds. */
    static long roundInterval(double interval) {
        long[][] steps = {
            {15, 10}, {35, 20}, {75, 50}, {150, 100}, {350, 200}, {750, 500}, {1500, 1000}, {3500, 2000},
            {7500, 5000}, {12500, 10000}, {17500, 15000}, {25000, 20000}, {45000, 30000}, {90000, 60000},
            {210000, 120000}, {450000, 300000}, {750000, 600000}, {1050000, 900000}, {1500000, 1200000},
            {2700000, 1800000}, {5400000, 3600000}, {9000000, 7200000}, {16200000, 10800000},
            {32400000, 21600000}, {86400000, 43200000}, {604800000, 86400000}, {1814400000, 604800000},
            {3628800000L, 2592000000L},
        };
        for (long[] step : steps) {
            if (interval < step[0]) {
                return step[1];
            }
        }
        return 31536000000L;
    }

    /** gtime.FormatInterval (grafana-plugin-sdk-go): the largest whole unit. */
    static String formatInterval(Duration d) {
        long ms = d.toMillis();
        long day = 86_400_000L;
        if (ms >= 365 * day) {
            return ms / (365 * day) + "y";
        }
        if (ms >= day) {
            return ms / day + "d";
        }
        if (ms >= 3_600_000L) {
            return ms / 3_600_000L + "h";
        }
        if (ms >= 60_000L) {
            return ms / 60_000L + "m";
        }
        if (ms >= 1000L) {
            return ms / 1000L + "s";
        }
        return Math.max(ms, 1) + "ms";
    }

    /** "10s", "1m", "1h", "500ms", "1d", "1w" (Grafana's interval syntax, without a leading '>'). */
    static Duration parseInterval(String text) {
        Matcher m = Pattern.compile(">?(\\d+)(ms|s|m|h|d|w|y)").matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a Grafana interval: '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            case "d" -> Duration.ofDays(n);
            case "w" -> Duration.ofDays(7 * n);
            default -> Duration.ofDays(365 * n);
        };
    }

    /** Names of $variables left in a query after both steps: a typo or a variable the dashboard lacks. */
    static List<String> leftovers(String query) {
        Matcher m = VARIABLE.matcher(query);
        return m.results().map(r -> r.group()).distinct().collect(Collectors.toList());
    }
}
