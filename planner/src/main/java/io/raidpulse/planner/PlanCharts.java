package io.raidpulse.planner;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The inline SVG charts of {@code plan}'s HTML report: each layout's util percentiles against
 * capacity, the forecast's daily peaks and lines, the history on each layout and the hours of the
 * day. Written with {@link Markup}, so every label is escaped there.
 */
final class PlanCharts {
    private static final String[] COLOURS = {"#1f4e79", "#c0504d", "#4f8a3a", "#8064a2", "#d98c1f", "#2c9bb0", "#7f7f7f"};
    private static final String CAPACITY = "#c00000";
    /** Shade of the windows in which the array was saturated. */
    private static final String SATURATED = "#f6d5d5";
    private static final int WIDTH = 760;
    /** Right end of the plot area. */
    private static final int RIGHT = WIDTH - 10;
    /** Top of the plot area. */
    private static final int TOP_Y = 20;
    /** Points a time series is reduced to (the highest of each bucket, so peaks stay visible). */
    private static final int MAX_POINTS = 400;

    private PlanCharts() {
    }

    /** Bars of p50, p95 and p99 member util per layout, with the capacity (100%) and the comfortable line. */
    static Markup percentiles(PlanReport r) {
        int height = 260;
        int left = 50;
        int bottom = height - 60;
        double top = Math.max(120, r.layouts().stream().mapToDouble(PlanReport.LayoutPlan::p99).max().orElse(100) * 1.1);
        Markup s = svg(height);
        axis(s, left, bottom, top);
        int groups = r.layouts().size();
        double groupWidth = (double) (RIGHT - left) / groups;
        String[] shades = {"#9dc3e6", "#2e75b6", "#1f3864"};
        for (int g = 0; g < groups; g++) {
            PlanReport.LayoutPlan p = r.layouts().get(g);
            double x0 = left + g * groupWidth + groupWidth * 0.15;
            double barWidth = groupWidth * 0.7 / 3;
            for (int i = 0; i < 3; i++) {
                String percentile = HistoryQueries.PERCENTILES.get(i);
                double v = p.util().get(percentile);
                double y = y(v, top, bottom);
                boolean bound = p.lowerBound(percentile);
                s.open("rect", "x", x0 + i * barWidth, "y", y, "width", barWidth - 2, "height", bottom - y, "fill", shades[i])
                        .element("title", p.key() + " " + percentile + " " + (bound ? "≥ " : "") + String.format(Locale.ROOT, "%.1f%%", v)
                                + (bound ? " (a lower bound: saturated windows)" : ""))
                        .close("rect");
                if (bound) {
                    s.element("text", "≥", "x", x0 + i * barWidth + (barWidth - 2) / 2, "y", y - 3, "text-anchor", "middle");
                }
            }
            s.element("text", p.key() + (p.current() ? " (now)" : ""), "x", x0 + barWidth * 1.5, "y", bottom + 16, "text-anchor", "middle",
                    "font-weight", p.current() ? "bold" : null);
        }
        hline(s, left, y(100, top, bottom), false, "capacity 100%");
        hline(s, left, y(r.maxUtil(), top, bottom), true, String.format(Locale.ROOT, "comfortable p99 %.0f%%", r.maxUtil()));
        for (int i = 0; i < 3; i++) {
            legend(s, left + i * 70, height - 22, shades[i], HistoryQueries.PERCENTILES.get(i));
        }
        return s.close("svg");
    }

    /** Each day's peak hour on the current layout, every layout's line to the crossing, the thresholds and the crossing's interval. */
    static Markup forecast(PlanReport r, ZoneId zone) {
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
        double perMs = (double) (RIGHT - left) / (t1 - t0);
        Markup s = svg(height);
        PlanReport.Crossing comfortable = f.layouts().get(0).at(r.maxUtil());
        if (comfortable != null && comfortable.date() != null) {
            double x0 = left + (Math.min(t1, comfortable.earliest().toEpochMilli()) - t0) * perMs;
            double x1 = left + (Math.min(t1, comfortable.latest().toEpochMilli()) - t0) * perMs;
            s.open("rect", "x", x0, "y", TOP_Y, "width", Math.max(1.0, x1 - x0), "height", bottom - TOP_Y, "fill", "#f3e6c8")
                    .element("title", f.layouts().get(0).description() + ": reaches " + Planner.pct(r.maxUtil()) + " "
                            + PlanText.crossing(comfortable, zone))
                    .close("rect");
        }
        axis(s, left, bottom, top);
        double xEnd = left + (end - t0) * perMs;
        s.empty("line", "x1", xEnd, "y1", TOP_Y, "x2", xEnd, "y2", bottom, "stroke", "#999");
        s.element("text", "now", "x", xEnd, "y", 16, "text-anchor", "middle");
        for (PlanReport.DayPeak p : f.peaks()) {
            double v = p.util().values().iterator().next();
            s.empty("circle", "cx", left + (p.hour().toEpochMilli() - t0) * perMs, "cy", y(v, top, bottom), "r", 2,
                    "fill", p.saturated() ? CAPACITY : COLOURS[0]);
        }
        int legendX = left;
        for (int l = 0; l < f.layouts().size(); l++) {
            PlanReport.LayoutForecast lf = f.layouts().get(l);
            String colour = COLOURS[l % COLOURS.length];
            // the line: value at the end and slope per day
            double y0 = lf.atEnd() + lf.perDay() * (t0 - end) / 86_400_000.0;
            double y1 = lf.atEnd() + lf.perDay() * (t1 - end) / 86_400_000.0;
            s.empty("line", "x1", left, "y1", y(y0, top, bottom), "x2", xEnd, "y2", y(lf.atEnd(), top, bottom), "stroke", colour,
                    "stroke-width", "1.5");
            // past the end, dashed, as far as the chart's top
            double tLast = t1;
            if (y1 > top && lf.perDay() > 0) {
                tLast = end + (top - lf.atEnd()) / lf.perDay() * 86_400_000.0;
                y1 = top;
            }
            s.empty("line", "x1", xEnd, "y1", y(lf.atEnd(), top, bottom), "x2", left + (tLast - t0) * perMs, "y2", y(y1, top, bottom),
                    "stroke", colour, "stroke-width", "1.5", "stroke-dasharray", "6,4");
            legend(s, legendX, height - 22, colour, lf.key());
            legendX += 14 + 7 * lf.key().length() + 20;
        }
        hline(s, left, y(100, top, bottom), false, "capacity 100%");
        hline(s, left, y(r.maxUtil(), top, bottom), true, String.format(Locale.ROOT, "comfortable %.0f%%", r.maxUtil()));
        timeLabels(s, left, bottom, PlanText.date(Instant.ofEpochMilli(t0), zone), PlanText.date(Instant.ofEpochMilli(t1), zone));
        return s.close("svg");
    }

    /** Member util of every window on each layout over the history; a paragraph when there are no windows. */
    static Markup history(PlanReport r, ZoneId zone) {
        int height = 280;
        int left = 50;
        int bottom = height - 70;
        List<Long> times = r.series().times();
        if (times.isEmpty()) {
            return new Markup().element("p", "No windows.");
        }
        double top = 100;
        for (List<Double> values : r.series().projected().values()) {
            for (double v : values) {
                top = Math.max(top, v * 1.05);
            }
        }
        Markup s = svg(height);
        long t0 = times.get(0);
        long t1 = Math.max(t0 + 1, times.get(times.size() - 1));
        int legendX = left;
        // saturated windows shaded behind the lines (there every layout's figure is a lower bound), in the
        // polyline's buckets and merged into runs, so that a month of windows stays a few rectangles
        List<Boolean> saturated = r.series().saturated();
        double perMs = (double) (RIGHT - left) / (t1 - t0);
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
                s.empty("rect", "x", left + (from - t0) * perMs, "y", TOP_Y, "width", Math.max(1.0, Math.min(to - from, t1 - from) * perMs),
                        "height", bottom - TOP_Y, "fill", SATURATED);
                runFrom = -1;
            }
        }
        if (r.saturation().saturated()) {
            legend(s, legendX, height - 40, SATURATED, "saturated");
        }
        axis(s, left, bottom, top);
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
                double x = left + (double) (times.get(from) - t0) / (t1 - t0) * (RIGHT - left);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(max, top, bottom)));
            }
            s.empty("polyline", "fill", "none", "stroke", colour, "stroke-width", "1.5", "points", points.toString().trim());
            legend(s, legendX, height - 22, colour, e.getKey());
            legendX += 14 + 7 * e.getKey().length() + 20;
        }
        hline(s, left, y(100, top, bottom), false, "capacity 100%");
        timeLabels(s, left, bottom, PlanText.time(Instant.ofEpochMilli(t0), zone), PlanText.time(Instant.ofEpochMilli(t1), zone));
        return s.close("svg");
    }

    /** Mean measured member util by hour of the day. */
    static Markup hours(PlanReport r, ZoneId zone) {
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
        Markup s = svg(height);
        axis(s, left, bottom, top);
        double w = (double) (RIGHT - left) / 24;
        for (int h = 0; h < 24; h++) {
            if (count[h] > 0) {
                double v = sum[h] / count[h];
                double y = y(v, top, bottom);
                s.open("rect", "x", left + h * w + 1, "y", y, "width", w - 2, "height", bottom - y, "fill", "#2e75b6")
                        .element("title", String.format(Locale.ROOT, "%02d:00 %.1f%%", h, v))
                        .close("rect");
            }
            if (h % 3 == 0) {
                s.element("text", String.format(Locale.ROOT, "%02d", h), "x", left + h * w + 2, "y", bottom + 14);
            }
        }
        return s.close("svg");
    }

    private static Markup svg(int height) {
        return new Markup().open("svg", "xmlns", "http://www.w3.org/2000/svg", "width", WIDTH, "height", height,
                "viewBox", "0 0 " + WIDTH + " " + height, "role", "img");
    }

    /** The axes, and a labelled grid line every 25, 50 or 100 percent. */
    private static void axis(Markup s, int left, int bottom, double top) {
        s.empty("line", "x1", left, "y1", bottom, "x2", RIGHT, "y2", bottom, "stroke", "#999");
        s.empty("line", "x1", left, "y1", TOP_Y, "x2", left, "y2", bottom, "stroke", "#999");
        double step = top > 250 ? 100 : top > 120 ? 50 : 25;
        for (double v = 0; v <= top; v += step) {
            double y = y(v, top, bottom);
            s.element("text", String.format(Locale.ROOT, "%.0f%%", v), "x", left - 4, "y", y + 4, "text-anchor", "end");
            s.empty("line", "x1", left + 1, "y1", y, "x2", RIGHT, "y2", y, "stroke", "#eee");
        }
    }

    /** A threshold across the plot, labelled at its right end. */
    private static void hline(Markup s, int left, double y, boolean dashed, String label) {
        s.empty("line", "x1", left, "y1", y, "x2", RIGHT, "y2", y, "stroke", CAPACITY, "stroke-dasharray", dashed ? "5,4" : null);
        s.element("text", label, "x", RIGHT - 2, "y", y - 3, "text-anchor", "end", "fill", CAPACITY);
    }

    private static void legend(Markup s, int x, int y, String colour, String label) {
        s.empty("rect", "x", x, "y", y, "width", 10, "height", 10, "fill", colour);
        s.element("text", label, "x", x + 14, "y", y + 9);
    }

    /** The time axis' first and last label. */
    private static void timeLabels(Markup s, int left, int bottom, String first, String last) {
        s.element("text", first, "x", left, "y", bottom + 16);
        s.element("text", last, "x", RIGHT, "y", bottom + 16, "text-anchor", "end");
    }

    private static double y(double v, double top, int bottom) {
        return bottom - Math.max(0, v) / top * (bottom - TOP_Y);
    }
}
