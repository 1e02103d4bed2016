package io.raidpulse.grafana;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * METRICS.md as a dashboard reads it: per measurement, its documented tags and fields and the
 * retention policy it is written to. A name with an upper-case placeholder (projected_util_LAYOUT,
 * agg_LABEL) stands for any lower-case word in its place.
 */
final class MetricsDoc {
    record Measurement(String name, String retentionPolicy, Map<String, String> kinds) {
        /** Whether {@code name} is a documented tag or field of this measurement (placeholders expanded). */
        boolean documents(String field) {
            return kinds.keySet().stream().anyMatch(doc -> placeholderPattern(doc).matcher(field).matches());
        }

        /** Whether any documented name (its placeholder as written) matches a field regex of a query. */
        boolean documentsAnyMatching(Pattern regex) {
            return kinds.keySet().stream().anyMatch(doc -> regex.matcher(doc).find());
        }

        boolean storedIn(String rp) {
            return retentionPolicy != null && placeholderPattern(retentionPolicy).matcher(rp).matches();
        }
    }

    private static final Pattern SECTION = Pattern.compile("^## (\\w+)\\s*$");
    private static final Pattern POLICY = Pattern.compile("Retention\\s+policy\\s+`([^`]+)`");
    private static final Pattern ROW = Pattern.compile("^\\|\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\|\\s*(tag|field)\\s*\\|");

    final Map<String, Measurement> measurements;

    private MetricsDoc(Map<String, Measurement> measurements) {
        this.measurements = measurements;
    }

    static MetricsDoc read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Map<String, Measurement> out = new LinkedHashMap<>();
        String name = null;
        StringBuilder text = new StringBuilder();
        Map<String, String> kinds = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher section = SECTION.matcher(line);
            if (section.matches() || line.startsWith("## ")) {
                put(out, name, text, kinds);
                name = section.matches() && section.group(1).startsWith("raidpulse_") ? section.group(1) : null;
                text = new StringBuilder();
                kinds = new LinkedHashMap<>();
                continue;
            }
            if (name != null) {
                text.append(line).append('\n');
                Matcher row = ROW.matcher(line);
                if (row.find()) {
                    kinds.put(row.group(1), row.group(2));
                }
            }
        }
        put(out, name, text, kinds);
        if (out.isEmpty()) {
            throw new IllegalStateException(file + " documents no raidpulse_* measurement");
        }
        return new MetricsDoc(out);
    }

    private static void put(Map<String, Measurement> out, String name, CharSequence text, Map<String, String> kinds) {
        if (name == null) {
            return;
        }
        Matcher rp = POLICY.matcher(text.toString().replaceAll("\\s+", " "));
        out.put(name, new Measurement(name, rp.find() ? rp.group(1) : null, Map.copyOf(kinds)));
    }

    /** The documented measurements a FROM source names. */
    Set<Measurement> matching(InfluxQlNames.Source source) {
        Set<Measurement> out = new LinkedHashSet<>();
        for (Measurement m : measurements.values()) {
            if (source.regex() ? Pattern.compile(source.measurement()).matcher(m.name()).find()
                    : m.name().equals(source.measurement())) {
                out.add(m);
            }
        }
        return out;
    }

    /** agg_LABEL matches agg_1m; projected_util_LAYOUT matches projected_util_raid10_near2_4. */
    static Pattern placeholderPattern(String documented) {
        StringBuilder p = new StringBuilder();
        Matcher m = Pattern.compile("[A-Z]{2,}").matcher(documented);
        int last = 0;
        while (m.find()) {
            p.append(Pattern.quote(documented.substring(last, m.start()))).append("[a-z0-9_]+");
            last = m.end();
        }
        p.append(Pattern.quote(documented.substring(last)));
        return Pattern.compile(p.toString());
    }
}
