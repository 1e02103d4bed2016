package io.raidpulse.stream.plan;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/** {@code plan --format text}: the report for a terminal. */
final class PlanText {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private PlanText() {
    }

    static String render(PlanReport r) {
        StringBuilder b = new StringBuilder();
        String nl = System.lineSeparator();
        ZoneId zone = ZoneId.of(r.timeZone());
        b.append("plan for ").append(r.host()).append('/').append(r.array()).append(": ").append(r.current())
                .append(r.layoutText().isEmpty() ? "" : " (" + r.layoutText() + ")").append(", ").append(r.disksText()).append(nl);
        b.append(String.format(Locale.ROOT, "history: %s to %s %s, %d windows of %s%n", time(r.from(), zone), time(r.until(), zone),
                r.timeZone(), r.windows(), io.raidpulse.stream.alert.Alerts.duration(r.windowS() * 1000L)));
        List<String> saturation = SaturatedWindows.lines(r);
        if (!saturation.isEmpty()) {
            b.append("saturation: ").append(saturation.get(0)).append(nl);
            saturation.subList(1, saturation.size()).forEach(l -> b.append("  ").append(l).append(nl));
        }
        b.append(nl).append(String.format(Locale.ROOT, "%-26s %10s %10s %10s%n", "load", "p50", "p95", "p99"));
        PlanReport.Saturation sat = r.saturation();
        row(b, "reads/s", r.load().get("r_iops"), "%.0f", p -> sat.floor("r_iops", p));
        row(b, "writes/s", r.load().get("w_iops"), "%.0f", p -> sat.floor("w_iops", p));
        row(b, "read fraction", r.load().get("read_fraction"), "%.2f", p -> false);
        row(b, "request size, kB", r.load().get("mean_request_kB"), "%.1f", p -> false);
        row(b, "member util, %", r.load().get("member_util_mean"), "%.1f", p -> false);
        row(b, "busiest member util, %", r.load().get("util_mean"), "%.1f", p -> false);
        row(b, "write amplification", r.load().get("write_amp_io"), "%.2f", p -> false);
        if (r.modelWriteAmp() != null) {
            b.append(String.format(Locale.ROOT, "  (the model expects %.2f member I/Os per write of %s at the median write size)%n",
                    r.modelWriteAmp(), r.current()));
        }
        List<String> peaks = new ArrayList<>();
        for (PlanReport.PeakHour h : r.peakHours()) {
            peaks.add(String.format(Locale.ROOT, "%02d:00 (member util %.0f%%, %.0f IOPS)", h.hour(), h.memberUtil(), h.iops()));
        }
        b.append("peak hours (").append(r.timeZone()).append("): ").append(String.join(", ", peaks)).append(nl);
        PlanReport.MemberDiskUsed d = r.memberDisk();
        b.append(String.format(Locale.ROOT, "member disk for the model: %s (%.0f random read / %.0f write IOPS, %.0f MB/s; %s)%n", d.id(),
                d.randomReadIops(), d.randomWriteIops(), d.sequentialMBps(), d.source()));
        if (r.capacitySource() != null) {
            b.append("the stream processor compared it with ").append(r.capacitySource()).append(nl);
        }

        // wider columns only where a figure carries its ">= " or "<= ": a history without saturation prints as it always did
        int w = sat.saturated() ? 10 : 7;
        b.append(nl).append(String.format(Locale.ROOT, "%-38s %" + w + "s %" + w + "s %" + w + "s %" + (w + 2) + "s %18s %10s%n",
                "layout: member util", "p50", "p95", "p99", "headroom", "usable", "rebuild"));
        for (PlanReport.LayoutPlan p : r.layouts()) {
            String usable = p.usableBytes() == null ? String.format(Locale.ROOT, "%.0f%% of raw", 100 * p.usableFraction())
                    : String.format(Locale.ROOT, "%.1f TB", p.usableBytes() / 1e12);
            if (!p.current()) {
                usable += String.format(Locale.ROOT, " (%+.0f%%)", p.usableChange());
            }
            b.append(String.format(Locale.ROOT, "%-38s %" + w + "s %" + w + "s %" + w + "s %" + (w + 2) + "s %18s %10s%n",
                    (p.current() ? "* " : "  ") + p.description(), util(p, "p50"), util(p, "p95"), util(p, "p99"),
                    (p.lowerBound("p99") ? "<= " : "") + String.format(Locale.ROOT, "%.1f%%", p.headroom()), usable,
                    p.rebuildHours() == null ? "-" : String.format(Locale.ROOT, ">= %.1f h", p.rebuildHours())));
        }
        b.append("  (* now: measured; others: measured x the model's cost ratio per window; model alone in --format json)").append(nl);
        if (r.layouts().stream().anyMatch(p -> p.lowerBound("p99") || p.lowerBound("p95") || p.lowerBound("p50"))) {
            b.append("  (>= a lower bound: it comes from windows in which ").append(r.array())
                    .append(" was saturated and served less than was asked; <= the headroom is at most this)").append(nl);
        }
        b.append(nl).append("recommendation: ").append(r.recommendation().line()).append(nl);
        for (String reason : r.recommendation().reasons()) {
            b.append("  - ").append(reason).append(nl);
        }
        return b.toString();
    }

    /** "64.0%", or ">= 64.0%" when a lower bound. */
    private static String util(PlanReport.LayoutPlan p, String percentile) {
        return (p.lowerBound(percentile) ? ">= " : "") + String.format(Locale.ROOT, "%.1f%%", p.util().get(percentile));
    }

    /** @param floor whether a percentile is a floor on the demand (it lies in saturated windows) */
    private static void row(StringBuilder b, String label, Map<String, Double> p, String format, Predicate<String> floor) {
        if (p == null || p.isEmpty()) {
            return;
        }
        b.append(String.format(Locale.ROOT, "  %-24s", label));
        for (String k : HistoryQueries.PERCENTILES) {
            Double v = p.get(k);
            b.append(String.format(Locale.ROOT, " %10s", v == null ? "-" : (floor.test(k) ? ">= " : "") + String.format(Locale.ROOT, format, v)));
        }
        b.append(System.lineSeparator());
    }

    static String time(Instant t, ZoneId zone) {
        return TIME.format(t.atZone(zone));
    }
}
