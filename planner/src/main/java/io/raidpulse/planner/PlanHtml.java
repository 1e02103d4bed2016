package io.raidpulse.planner;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * {@code plan --format html}: one self-contained page for a planning meeting: the answer, the
 * load, and inline SVG charts of each layout's member util against its capacity (100%). No
 * scripts, fonts or anything else fetched from elsewhere.
 */
final class PlanHtml {
    private static final String[] COLOURS = {"#1f4e79", "#c0504d", "#4f8a3a", "#8064a2", "#d98c1f", "#2c9bb0", "#7f7f7f"};
    private static final int WIDTH = 760;
    /** Points a time series is reduced to (the highest of each bucket, so peaks stay visible). */
    static final int MAX_POINTS = 400;

    private PlanHtml() {
    }

    static String render(PlanReport r) {
        ZoneId zone = ZoneId.of(r.timeZone());
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>raidpulse plan: ")
                .append(esc(r.host() + "/" + r.array())).append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;max-width:820px;margin:2em auto;color:#222}")
                .append("h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em}")
                .append("table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .7em;text-align:right;border-bottom:1px solid #ddd}")
                .append("td:first-child,th:first-child{text-align:left}.now{font-weight:bold}.answer{background:#eef4fa;padding:.8em;border-left:4px solid #1f4e79}")
                .append("svg text{font-family:sans-serif;font-size:11px}.note{color:#666;font-size:.9em}")
                .append(r.saturation().saturated() ? ".saturated{background:#fbeeee;padding:.8em;border-left:4px solid #c00000}" : "")
                .append("\n</style></head><body>\n");
        b.append("<h1>").append(esc(r.host() + "/" + r.array())).append(": ").append(esc(r.current()))
                .append(r.layoutText().isEmpty() ? "" : " (" + esc(r.layoutText()) + ")").append("</h1>\n");
        b.append("<p>").append(esc(r.disksText())).append(". History ").append(esc(PlanText.time(r.from(), zone))).append(" to ")
                .append(esc(PlanText.time(r.until(), zone))).append(' ').append(esc(r.timeZone())).append(", ").append(r.windows())
                .append(" windows of ").append(esc(io.raidpulse.topics.alert.Alerts.duration(r.windowS() * 1000L))).append(".</p>\n");
        b.append("<p class=\"answer\"><b>Recommendation:</b> ").append(esc(r.recommendation().line())).append("</p>\n<ul>\n");
        for (String reason : r.recommendation().reasons()) {
            b.append("<li>").append(esc(reason)).append("</li>\n");
        }
        b.append("</ul>\n");
        List<String> saturation = SaturatedWindows.lines(r);
        if (!saturation.isEmpty()) {
            b.append("<p class=\"saturated\"><b>Saturated:</b> ").append(esc(saturation.get(0))).append('.');
            saturation.subList(1, saturation.size()).forEach(l -> b.append("<br>\n").append(esc(capitalised(l))).append('.'));
            b.append("</p>\n");
        }

        b.append("<h2>Member util on each layout</h2>\n").append(percentileChart(r));
        b.append("<table><tr><th>layout</th><th>p50</th><th>p95</th><th>p99</th><th>headroom</th><th>usable</th><th>rebuild</th></tr>\n");
        for (PlanReport.LayoutPlan p : r.layouts()) {
            b.append(p.current() ? "<tr class=\"now\">" : "<tr>").append("<td>").append(esc(p.description())).append("</td>");
            for (String k : HistoryQueries.PERCENTILES) {
                b.append("<td>").append(p.lowerBound(k) ? "&ge; " : "").append(String.format(Locale.ROOT, "%.1f%%", p.util().get(k))).append("</td>");
            }
            b.append("<td>").append(p.lowerBound("p99") ? "&le; " : "").append(String.format(Locale.ROOT, "%.1f%%", p.headroom())).append("</td><td>")
                    .append(p.usableBytes() == null ? String.format(Locale.ROOT, "%.0f%% of raw", 100 * p.usableFraction())
                            : String.format(Locale.ROOT, "%.1f TB", p.usableBytes() / 1e12))
                    .append(p.current() ? "" : String.format(Locale.ROOT, " (%+.0f%%)", p.usableChange())).append("</td><td>")
                    .append(p.rebuildHours() == null ? "-" : String.format(Locale.ROOT, "&ge; %.1f h", p.rebuildHours())).append("</td></tr>\n");
        }
        b.append("</table>\n<p class=\"note\">The current layout's figures are measured (mean member %util of each window); an alternative's are the "
                + "measured figure of each window times the RAID model's ratio of the two layouts' member costs for that window's reads "
                + "and writes. Capacity is 100%; the dashed line is the comfortable p99 (").append(String.format(Locale.ROOT, "%.0f%%", r.maxUtil()))
                .append(").");
        if (r.layouts().stream().anyMatch(p -> p.lowerBound("p50") || p.lowerBound("p95") || p.lowerBound("p99"))) {
            b.append(" &ge; marks a lower bound: the figure comes from windows in which ").append(esc(r.array()))
                    .append(" was saturated and served less than was asked; &le; a headroom that is at most this.");
        }
        b.append("</p>\n");

        forecast(b, r, zone);
        b.append("<h2>History on each layout</h2>\n").append(timeChart(r, zone));
        b.append("<h2>Load</h2>\n<table><tr><th></th><th>p50</th><th>p95</th><th>p99</th></tr>\n");
        PlanReport.Saturation sat = r.saturation();
        loadRow(b, "reads/s", r.load().get("r_iops"), "%.0f", p -> sat.floor("r_iops", p));
        loadRow(b, "writes/s", r.load().get("w_iops"), "%.0f", p -> sat.floor("w_iops", p));
        loadRow(b, "read fraction", r.load().get("read_fraction"), "%.2f", p -> false);
        loadRow(b, "request size, kB", r.load().get("mean_request_kB"), "%.1f", p -> false);
        loadRow(b, "member util, %", r.load().get("member_util_mean"), "%.1f", p -> false);
        loadRow(b, "busiest member util, %", r.load().get("util_mean"), "%.1f", p -> false);
        loadRow(b, "write amplification", r.load().get("write_amp_io"), "%.2f", p -> false);
        b.append("</table>\n");
        if (r.modelWriteAmp() != null) {
            b.append("<p class=\"note\">The model expects ").append(String.format(Locale.ROOT, "%.2f", r.modelWriteAmp()))
                    .append(" member I/Os per write of ").append(esc(r.current())).append(" at the median write size.</p>\n");
        }
        b.append("<h2>Hours of the day</h2>\n").append(hourChart(r, zone));
        PlanReport.MemberDiskUsed d = r.memberDisk();
        b.append("<p class=\"note\">Member disk for the model: ").append(esc(d.id())).append(String.format(Locale.ROOT,
                " (%.0f random read / %.0f write IOPS, %.0f MB/s; ", d.randomReadIops(), d.randomWriteIops(), d.sequentialMBps()))
                .append(esc(d.source())).append(").");
        if (r.capacitySource() != null) {
            b.append(" The stream processor compared the array with ").append(esc(r.capacitySource())).append('.');
        }
        b.append(" Made by raidpulse plan at ").append(esc(Instant.now().toString())).append(".</p>\n</body></html>\n");
        return b.toString();
    }

    /** The forecast: the line per layout, the crossings, what each alternative buys, and its chart. */
    private static void forecast(StringBuilder b, PlanReport r, ZoneId zone) {
        PlanReport.Forecast f = r.forecast();
        b.append("<h2>When will it saturate?</h2>\n<p>").append(esc(capitalised(f.reason()))).append('.');
        if (!f.trend()) {
            b.append("</p>\n");
            return;
        }
        PlanReport.LoadTrend reads = f.load().get("r_iops");
        PlanReport.LoadTrend writes = f.load().get("w_iops");
        b.append(String.format(Locale.ROOT, " Peak-hour reads/s %.0f (%+.2f a day, &plusmn;%.2f), writes/s %.0f (%+.2f a day, &plusmn;%.2f)"
                + " at the end.", reads.atEnd(), reads.perDay(), reads.perDaySe(), writes.atEnd(), writes.perDay(), writes.perDaySe()));
        PlanReport.LoadTrend share = f.load().get("read_fraction");
        PlanReport.LoadTrend size = f.load().get("mean_request_kB");
        b.append(String.format(Locale.ROOT, " Read share %.2f (%+.4f a day, &plusmn;%.4f), request size %.1f kB (%+.3f a day, &plusmn;%.3f).</p>%n",
                share.atEnd(), share.perDay(), share.perDaySe(), size.atEnd(), size.perDay(), size.perDaySe()));
        if (f.lowerBound()) {
            b.append("<p class=\"saturated\">A lower bound: ").append(esc(r.array())).append(" was saturated in some of the peak hours and"
                    + " served less than was asked, so the growth may be steeper and the dates sooner.</p>\n");
        }
        b.append(forecastChart(r, zone));
        b.append("<table><tr><th>layout</th><th>peak hour at end</th><th>a month</th><th>reaches ").append(esc(Planner.pct(r.maxUtil())))
                .append("</th><th>reaches 100%</th></tr>\n");
        for (PlanReport.LayoutForecast l : f.layouts()) {
            b.append(l.current() ? "<tr class=\"now\">" : "<tr>").append("<td>").append(esc(l.description())).append("</td>")
                    .append(String.format(Locale.ROOT, "<td>%.1f%%</td><td>%+.1f</td>", l.atEnd(), l.perDay() * PlanText.DAYS_A_MONTH))
                    .append("<td>").append(esc(PlanText.crossing(l.at(r.maxUtil()), zone))).append("</td><td>")
                    .append(esc(PlanText.crossing(l.at(100), zone))).append("</td></tr>\n");
        }
        b.append("</table>\n<ul>\n");
        for (String line : PlanText.buys(r)) {
            b.append("<li>").append(esc(line)).append("</li>\n");
        }
        b.append("</ul>\n<p class=\"note\">Each day's busiest clock hour (mean member util of its windows; on an alternative, as projected),"
                + " a least-squares line through them per layout, and where it crosses; the dates in brackets come from the slope's 95%"
                + " interval. The dashed lines carry each layout's line past the history's end.</p>\n");
    }

    /** Each day's peak hour on the current layout, every layout's line to the crossing, the thresholds and the crossing's interval. */
    private static String forecastChart(PlanReport r, ZoneId zone) {
        PlanReport.Forecast f = r.forecast();
        int height = 280;
        int left = 50;
        int bottom = height - 70;
        long t0 = f.peaks().get(0).hour().toEpochMilli();
        long end = r.until().toEpochMilli();
        PlanReport.Crossing capacity = f.layouts().get(0).at(100);
        // as far as the current layout's crossing of 100% (its latest, within three years), at least a month past the end
        long t1 = end + 30 * 86_400_000L;
        if (capacity.latest() != null) {
            t1 = Math.max(t1, Math.min(capacity.latest().toEpochMilli(), end + 3 * 365 * 86_400_000L));
        } else if (capacity.date() != null) {
            t1 = Math.max(t1, Math.min(capacity.date().toEpochMilli(), end + 3 * 365 * 86_400_000L));
        }
        double top = 120;
        for (PlanReport.DayPeak p : f.peaks()) {
            top = Math.max(top, p.util().values().iterator().next() * 1.05);
        }
        double perMs = (double) (WIDTH - left - 10) / (t1 - t0);
        StringBuilder s = svg(height);
        PlanReport.Crossing comfortable = f.layouts().get(0).at(r.maxUtil());
        if (comfortable != null && comfortable.date() != null) {
            double x0 = left + (Math.min(t1, comfortable.earliest().toEpochMilli()) - t0) * perMs;
            double x1 = left + (Math.min(t1, comfortable.latest().toEpochMilli()) - t0) * perMs;
            s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"20\" width=\"%.1f\" height=\"%d\" fill=\"#f3e6c8\"><title>%s: %s</title></rect>",
                    x0, Math.max(1.0, x1 - x0), bottom - 20, esc(f.layouts().get(0).description()), esc("reaches "
                            + Planner.pct(r.maxUtil()) + " " + PlanText.crossing(comfortable, zone))));
        }
        axis(s, left, bottom, 20, top, "%");
        double xEnd = left + (end - t0) * perMs;
        s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"20\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\"/>"
                + "<text x=\"%.1f\" y=\"16\" text-anchor=\"middle\">now</text>", xEnd, xEnd, bottom, xEnd));
        for (PlanReport.DayPeak p : f.peaks()) {
            double v = p.util().values().iterator().next();
            s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"%s\"/>", left + (p.hour().toEpochMilli() - t0) * perMs,
                    y(v, top, bottom, 20), p.saturated() ? "#c00000" : COLOURS[0]));
        }
        int legendX = left;
        for (int l = 0; l < f.layouts().size(); l++) {
            PlanReport.LayoutForecast lf = f.layouts().get(l);
            String colour = COLOURS[l % COLOURS.length];
            // the line: value at the end and slope per day
            double y0 = lf.atEnd() + lf.perDay() * (t0 - end) / 86_400_000.0;
            double y1 = lf.atEnd() + lf.perDay() * (t1 - end) / 86_400_000.0;
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>", left,
                    y(y0, top, bottom, 20), xEnd, y(lf.atEnd(), top, bottom, 20), colour));
            // past the end, dashed, as far as the chart's top
            double tLast = t1;
            if (y1 > top && lf.perDay() > 0) {
                tLast = end + (top - lf.atEnd()) / lf.perDay() * 86_400_000.0;
                y1 = top;
            }
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" "
                    + "stroke-dasharray=\"6,4\"/>", xEnd, y(lf.atEnd(), top, bottom, 20), left + (tLast - t0) * perMs, y(y1, top, bottom, 20),
                    colour));
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>",
                    legendX, height - 22, colour, legendX + 14, height - 13, esc(lf.key())));
            legendX += 14 + 7 * lf.key().length() + 20;
        }
        hline(s, left, y(100, top, bottom, 20), "#c00000", false, "capacity 100%");
        hline(s, left, y(r.maxUtil(), top, bottom, 20), "#c00000", true, String.format(Locale.ROOT, "comfortable %.0f%%", r.maxUtil()));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>",
                left, bottom + 16, esc(PlanText.date(Instant.ofEpochMilli(t0), zone)), WIDTH - 10, bottom + 16,
                esc(PlanText.date(Instant.ofEpochMilli(t1), zone))));
        return s.append("</svg>\n").toString();
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** @param floor whether a percentile is a floor on the demand (it lies in saturated windows) */
    private static void loadRow(StringBuilder b, String label, Map<String, Double> p, String format, Predicate<String> floor) {
        if (p == null || p.isEmpty()) {
            return;
        }
        b.append("<tr><td>").append(esc(label)).append("</td>");
        for (String k : HistoryQueries.PERCENTILES) {
            Double v = p.get(k);
            b.append("<td>").append(v == null ? "-" : (floor.test(k) ? "&ge; " : "") + String.format(Locale.ROOT, format, v)).append("</td>");
        }
        b.append("</tr>\n");
    }

    /** Bars of p50, p95 and p99 member util per layout, with the capacity (100%) and the comfortable line. */
    private static String percentileChart(PlanReport r) {
        int height = 260;
        int left = 50;
        int bottom = height - 60;
        double top = Math.max(120, r.layouts().stream().mapToDouble(PlanReport.LayoutPlan::p99).max().orElse(100) * 1.1);
        StringBuilder s = svg(height);
        axis(s, left, bottom, 20, top, "%");
        int groups = r.layouts().size();
        double groupWidth = (double) (WIDTH - left - 10) / groups;
        String[] shades = {"#9dc3e6", "#2e75b6", "#1f3864"};
        for (int g = 0; g < groups; g++) {
            PlanReport.LayoutPlan p = r.layouts().get(g);
            double x0 = left + g * groupWidth + groupWidth * 0.15;
            double barWidth = groupWidth * 0.7 / 3;
            for (int i = 0; i < 3; i++) {
                double v = p.util().get(HistoryQueries.PERCENTILES.get(i));
                double y = y(v, top, bottom, 20);
                boolean bound = p.lowerBound(HistoryQueries.PERCENTILES.get(i));
                s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s %s %s%.1f%%%s</title></rect>",
                        x0 + i * barWidth, y, barWidth - 2, bottom - y, shades[i], esc(p.key()), HistoryQueries.PERCENTILES.get(i),
                        bound ? "&ge; " : "", v, bound ? " (a lower bound: saturated windows)" : ""));
                if (bound) {
                    s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">&#8805;</text>",
                            x0 + i * barWidth + (barWidth - 2) / 2, y - 3));
                }
            }
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\"%s>%s</text>", x0 + barWidth * 1.5, bottom + 16,
                    p.current() ? " font-weight=\"bold\"" : "", esc(p.key() + (p.current() ? " (now)" : ""))));
        }
        hline(s, left, y(100, top, bottom, 20), "#c00000", false, "capacity 100%");
        hline(s, left, y(r.maxUtil(), top, bottom, 20), "#c00000", true, String.format(Locale.ROOT, "comfortable p99 %.0f%%", r.maxUtil()));
        for (int i = 0; i < 3; i++) {
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>",
                    left + i * 70, height - 22, shades[i], left + i * 70 + 14, height - 13, HistoryQueries.PERCENTILES.get(i)));
        }
        return s.append("</svg>\n").toString();
    }

    /** Member util of every window on each layout over the history. */
    private static String timeChart(PlanReport r, ZoneId zone) {
        int height = 280;
        int left = 50;
        int bottom = height - 70;
        List<Long> times = r.series().times();
        if (times.isEmpty()) {
            return "<p>No windows.</p>\n";
        }
        double top = 100;
        for (List<Double> values : r.series().projected().values()) {
            for (double v : values) {
                top = Math.max(top, v * 1.05);
            }
        }
        StringBuilder s = svg(height);
        long t0 = times.get(0);
        long t1 = Math.max(t0 + 1, times.get(times.size() - 1));
        int legendX = left;
        // saturated windows shaded behind the lines (there every layout's figure is a lower bound), in the
        // polyline's buckets and merged into runs, so that a month of windows stays a few rectangles
        List<Boolean> saturated = r.series().saturated();
        double perMs = (double) (WIDTH - left - 10) / (t1 - t0);
        int buckets = Math.min(MAX_POINTS, times.size());
        int runFrom = -1;
        for (int k = 0; k <= buckets; k++) {
            boolean hot = false;
            if (k < buckets) {
                for (int i = k * times.size() / buckets; i < Math.max(k * times.size() / buckets + 1, (k + 1) * times.size() / buckets); i++) {
                    hot |= saturated.get(i);
                }
            }
            if (hot && runFrom < 0) {
                runFrom = k;
            } else if (!hot && runFrom >= 0) {
                long from = times.get(runFrom * times.size() / buckets);
                long to = times.get(Math.max(runFrom * times.size() / buckets + 1, k * times.size() / buckets) - 1) + r.windowS() * 1000L;
                s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"20\" width=\"%.1f\" height=\"%d\" fill=\"#f6d5d5\"/>",
                        left + (from - t0) * perMs, Math.max(1.0, Math.min(to - from, t1 - from) * perMs), bottom - 20));
                runFrom = -1;
            }
        }
        if (r.saturation().saturated()) {
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"#f6d5d5\"/><text x=\"%d\" y=\"%d\">saturated</text>",
                    legendX, height - 40, legendX + 14, height - 31));
        }
        axis(s, left, bottom, 20, top, "%");
        int c = 0;
        for (Map.Entry<String, List<Double>> e : r.series().projected().entrySet()) {
            String colour = COLOURS[c++ % COLOURS.length];
            StringBuilder points = new StringBuilder();
            for (int k = 0; k < buckets; k++) {
                int from = k * times.size() / buckets;
                int to = Math.max(from + 1, (k + 1) * times.size() / buckets);
                double max = Double.NEGATIVE_INFINITY;
                for (int i = from; i < to; i++) {
                    max = Math.max(max, e.getValue().get(i));
                }
                double x = left + (double) (times.get(from) - t0) / (t1 - t0) * (WIDTH - left - 10);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(max, top, bottom, 20)));
            }
            s.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\" points=\"").append(points.toString().trim())
                    .append("\"/>");
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>",
                    legendX, height - 22, colour, legendX + 14, height - 13, esc(e.getKey())));
            legendX += 14 + 7 * e.getKey().length() + 20;
        }
        hline(s, left, y(100, top, bottom, 20), "#c00000", false, "capacity 100%");
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>",
                left, bottom + 16, esc(PlanText.time(Instant.ofEpochMilli(t0), zone)), WIDTH - 10, bottom + 16,
                esc(PlanText.time(Instant.ofEpochMilli(t1), zone))));
        return s.append("</svg>\n").toString();
    }

    /** Mean measured member util by hour of the day. */
    private static String hourChart(PlanReport r, ZoneId zone) {
        double[] sum = new double[24];
        int[] count = new int[24];
        List<Long> times = r.series().times();
        List<Double> measured = r.series().projected().values().iterator().next();
        for (int i = 0; i < times.size(); i++) {
            int h = Instant.ofEpochMilli(times.get(i)).atZone(zone).getHour();
            sum[h] += measured.get(i);
            count[h]++;
        }
        int height = 200;
        int left = 50;
        int bottom = height - 40;
        double top = 100;
        StringBuilder s = svg(height);
        axis(s, left, bottom, 20, top, "%");
        double w = (double) (WIDTH - left - 10) / 24;
        for (int h = 0; h < 24; h++) {
            if (count[h] > 0) {
                double v = sum[h] / count[h];
                double y = y(v, top, bottom, 20);
                s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#2e75b6\"><title>%02d:00 %.1f%%</title></rect>",
                        left + h * w + 1, y, w - 2, bottom - y, h, v));
            }
            if (h % 3 == 0) {
                s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%02d</text>", left + h * w + 2, bottom + 14, h));
            }
        }
        return s.append("</svg>\n").toString();
    }

    private static StringBuilder svg(int height) {
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">", WIDTH, height, WIDTH, height));
    }

    private static void axis(StringBuilder s, int left, int bottom, int topY, double top, String unit) {
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>", left, bottom, WIDTH - 10, bottom));
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>", left, topY, left, bottom));
        double step = top > 250 ? 100 : top > 120 ? 50 : 25;
        for (double v = 0; v <= top; v += step) {
            double y = y(v, top, bottom, topY);
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.0f%s</text>", left - 4, y + 4, v, unit));
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>", left + 1, y, WIDTH - 10, y));
        }
    }

    private static void hline(StringBuilder s, int left, double y, String colour, boolean dashed, String label) {
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"%s/>", left, y, WIDTH - 10, y, colour,
                dashed ? " stroke-dasharray=\"5,4\"" : ""));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"%s\">%s</text>", WIDTH - 12, y - 3, colour,
                esc(label)));
    }

    private static double y(double v, double top, int bottom, int topY) {
        return bottom - Math.max(0, v) / top * (bottom - topY);
    }

    static String esc(String s) {
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
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
