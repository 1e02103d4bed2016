package io.raidpulse.planner;

import io.raidpulse.topics.alert.Alerts;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code plan --format html}: one self-contained page for a planning meeting: the answer, the
 * load, and inline SVG charts of each layout's member util against its capacity (100%). No
 * scripts, fonts or anything else fetched from elsewhere. The page is the template
 * {@code plan.html} next to this class; the table rows and lists here and the charts
 * ({@link PlanCharts}) are written with {@link Markup}, which escapes every value.
 */
final class PlanHtml {
    private static final Template PAGE = Template.resource("plan.html");

    private PlanHtml() {
    }

    static String render(PlanReport r) {
        ZoneId zone = ZoneId.of(r.timeZone());
        PlanReport.MemberDiskUsed disk = r.memberDisk();
        Template.Filling page = PAGE.fill()
                .text("subject", r.host() + "/" + r.array())
                .text("array", r.array())
                .text("current", r.current())
                .when("layout", !r.layoutText().isEmpty())
                .text("layout", r.layoutText())
                .text("disks", r.disksText())
                .text("from", PlanText.time(r.from(), zone))
                .text("until", PlanText.time(r.until(), zone))
                .text("zone", r.timeZone())
                .text("windows", String.valueOf(r.windows()))
                .text("window", Alerts.duration(r.windowS() * 1000L))
                .text("recommendation", r.recommendation().line())
                .markup("reasons", items(r.recommendation().reasons()))
                .when("saturated", r.saturation().saturated())
                .markup("saturation", saturation(r))
                .markup("util-chart", PlanCharts.percentiles(r))
                .markup("layouts", layouts(r))
                .text("max-util", Planner.pct(r.maxUtil()))
                .when("measured", !r.hardware())
                .when("volume", r.hardware())
                .text("write-cache", r.hardware() ? capitalised(r.volume().writeCache()) : "")
                .text("same-disks", r.hardware() ? capitalised(r.volume().sameDisks()) : "")
                .when("lower-bounds", r.layouts().stream().anyMatch(p -> p.lowerBound("p50") || p.lowerBound("p95") || p.lowerBound("p99")))
                .markup("history-chart", PlanCharts.history(r, zone))
                .markup("load", load(r))
                .when("model-write-amp", r.modelWriteAmp() != null)
                .text("model-write-amp", r.modelWriteAmp() == null ? "" : String.format(Locale.ROOT, "%.2f", r.modelWriteAmp()))
                .markup("hours-chart", PlanCharts.hours(r, zone))
                .text("disk", disk.id())
                .text("disk-read-iops", String.format(Locale.ROOT, "%.0f", disk.randomReadIops()))
                .text("disk-write-iops", String.format(Locale.ROOT, "%.0f", disk.randomWriteIops()))
                .text("disk-mbps", String.format(Locale.ROOT, "%.0f", disk.sequentialMBps()))
                .text("disk-source", disk.source())
                .when("capacity-source", r.capacitySource() != null)
                .text("capacity-source", r.capacitySource() == null ? "" : r.capacitySource())
                .text("made", Instant.now().toString());
        forecast(page, r, zone);
        return page.render();
    }

    /** The forecast: the line per layout, the crossings, what each alternative buys, and its chart. */
    private static void forecast(Template.Filling page, PlanReport r, ZoneId zone) {
        PlanReport.Forecast f = r.forecast();
        page.text("forecast", capitalised(f.reason())).when("trend", f.trend()).when("forecast-lower-bound", f.lowerBound());
        if (!f.trend()) {
            return;
        }
        PlanReport.LoadTrend reads = f.load().get("r_iops");
        PlanReport.LoadTrend writes = f.load().get("w_iops");
        PlanReport.LoadTrend share = f.load().get("read_fraction");
        PlanReport.LoadTrend size = f.load().get("mean_request_kB");
        page.text("peak-reads", String.format(Locale.ROOT, "%.0f (%+.2f a day, ±%.2f)", reads.atEnd(), reads.perDay(), reads.perDaySe()))
                .text("peak-writes", String.format(Locale.ROOT, "%.0f (%+.2f a day, ±%.2f)", writes.atEnd(), writes.perDay(), writes.perDaySe()))
                .text("peak-read-share", String.format(Locale.ROOT, "%.2f (%+.4f a day, ±%.4f)", share.atEnd(), share.perDay(), share.perDaySe()))
                .text("peak-request-size", String.format(Locale.ROOT, "%.1f kB (%+.3f a day, ±%.3f)", size.atEnd(), size.perDay(),
                        size.perDaySe()))
                .markup("forecast-chart", PlanCharts.forecast(r, zone));
        Markup rows = new Markup();
        for (PlanReport.LayoutForecast l : f.layouts()) {
            rows.open("tr", "class", l.current() ? "now" : null)
                    .element("td", l.description())
                    .element("td", String.format(Locale.ROOT, "%.1f%%", l.atEnd()))
                    .element("td", String.format(Locale.ROOT, "%+.1f", l.perDay() * PlanText.DAYS_A_MONTH))
                    .element("td", PlanText.crossing(l.at(r.maxUtil()), zone))
                    .element("td", PlanText.crossing(l.at(100), zone))
                    .close("tr").newline();
        }
        page.markup("forecast-layouts", rows).markup("buys", items(PlanText.buys(r)));
    }

    /** The saturation's first line and, each on a line of its own, the others. */
    private static Markup saturation(PlanReport r) {
        Markup out = new Markup();
        List<String> lines = SaturatedWindows.lines(r);
        for (int i = 0; i < lines.size(); i++) {
            if (i > 0) {
                out.open("br").newline();
            }
            out.text((i == 0 ? lines.get(i) : capitalised(lines.get(i))) + ".");
        }
        return out;
    }

    /** Each layout's member util percentiles, headroom, usable capacity and rebuild time. */
    private static Markup layouts(PlanReport r) {
        Markup rows = new Markup();
        for (PlanReport.LayoutPlan p : r.layouts()) {
            rows.open("tr", "class", p.current() ? "now" : null).element("td", p.description());
            for (String k : HistoryQueries.PERCENTILES) {
                rows.element("td", (p.lowerBound(k) ? "≥ " : "") + String.format(Locale.ROOT, "%.1f%%", p.util().get(k)));
            }
            rows.element("td", (p.lowerBound("p99") ? "≤ " : "") + String.format(Locale.ROOT, "%.1f%%", p.headroom()))
                    .element("td", (p.usableBytes() == null ? String.format(Locale.ROOT, "%.0f%% of raw", 100 * p.usableFraction())
                            : String.format(Locale.ROOT, "%.1f TB", p.usableBytes() / 1e12))
                            + (p.current() ? "" : String.format(Locale.ROOT, " (%+.0f%%)", p.usableChange())))
                    .element("td", p.rebuildHours() == null ? "-" : String.format(Locale.ROOT, "≥ %.1f h", p.rebuildHours()))
                    .close("tr").newline();
        }
        return rows;
    }

    /** The load's percentiles; reads and writes in saturated windows are floors on the demand. */
    private static Markup load(PlanReport r) {
        Markup rows = new Markup();
        for (PlanText.LoadRow l : PlanText.loadRows(r)) {
            Map<String, Double> p = r.load().get(l.field());
            if (p == null || p.isEmpty()) {
                continue;
            }
            rows.open("tr").element("td", l.label());
            for (String k : HistoryQueries.PERCENTILES) {
                Double v = p.get(k);
                rows.element("td", v == null ? "-" : (l.floor(r.saturation(), k) ? "≥ " : "") + String.format(Locale.ROOT, l.format(), v));
            }
            rows.close("tr").newline();
        }
        return rows;
    }

    private static Markup items(List<String> lines) {
        Markup items = new Markup();
        lines.forEach(l -> items.element("li", l).newline());
        return items;
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
