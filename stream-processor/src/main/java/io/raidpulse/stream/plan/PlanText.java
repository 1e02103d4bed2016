package io.raidpulse.stream.plan;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
        b.append(nl).append(String.format(Locale.ROOT, "%-26s %10s %10s %10s%n", "load", "p50", "p95", "p99"));
        row(b, "reads/s", r.load().get("r_iops"), "%.0f");
        row(b, "writes/s", r.load().get("w_iops"), "%.0f");
        row(b, "read fraction", r.load().get("read_fraction"), "%.2f");
        row(b, "request size, kB", r.load().get("mean_request_kB"), "%.1f");
        row(b, "member util, %", r.load().get("member_util_mean"), "%.1f");
        row(b, "busiest member util, %", r.load().get("util_mean"), "%.1f");
        row(b, "write amplification", r.load().get("write_amp_io"), "%.2f");
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

        b.append(nl).append(String.format(Locale.ROOT, "%-38s %7s %7s %7s %9s %18s %10s%n", "layout: member util", "p50", "p95", "p99",
                "headroom", "usable", "rebuild"));
        for (PlanReport.LayoutPlan p : r.layouts()) {
            String usable = p.usableBytes() == null ? String.format(Locale.ROOT, "%.0f%% of raw", 100 * p.usableFraction())
                    : String.format(Locale.ROOT, "%.1f TB", p.usableBytes() / 1e12);
            if (!p.current()) {
                usable += String.format(Locale.ROOT, " (%+.0f%%)", p.usableChange());
            }
            b.append(String.format(Locale.ROOT, "%-38s %6.1f%% %6.1f%% %6.1f%% %8.1f%% %18s %10s%n", (p.current() ? "* " : "  ") + p.description(),
                    p.util().get("p50"), p.util().get("p95"), p.p99(), p.headroom(), usable,
                    p.rebuildHours() == null ? "-" : String.format(Locale.ROOT, ">= %.1f h", p.rebuildHours())));
        }
        b.append("  (* now: measured; others: measured x the model's cost ratio per window; model alone in --format json)").append(nl);
        b.append(nl).append("recommendation: ").append(r.recommendation().line()).append(nl);
        for (String reason : r.recommendation().reasons()) {
            b.append("  - ").append(reason).append(nl);
        }
        return b.toString();
    }

    private static void row(StringBuilder b, String label, Map<String, Double> p, String format) {
        if (p == null || p.isEmpty()) {
            return;
        }
        b.append(String.format(Locale.ROOT, "  %-24s", label));
        for (String k : HistoryQueries.PERCENTILES) {
            Double v = p.get(k);
            b.append(String.format(Locale.ROOT, " %10s", v == null ? "-" : String.format(Locale.ROOT, format, v)));
        }
        b.append(System.lineSeparator());
    }

    static String time(Instant t, ZoneId zone) {
        return TIME.format(t.atZone(zone));
    }
}
