package io.raidpulse.planner;

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
                r.timeZone(), r.windows(), io.raidpulse.topics.alert.Alerts.duration(r.windowS() * 1000L)));
        List<String> saturation = SaturatedWindows.lines(r);
        if (!saturation.isEmpty()) {
            b.append("saturation: ").append(saturation.get(0)).append(nl);
            saturation.subList(1, saturation.size()).forEach(l -> b.append("  ").append(l).append(nl));
        }
        b.append(nl).append(String.format(Locale.ROOT, "%-26s %10s %10s %10s%n", "load", "p50", "p95", "p99"));
        PlanReport.Saturation sat = r.saturation();
        for (LoadRow l : loadRows(r)) {
            row(b, l.label(), r.load().get(l.field()), l.format(), p -> l.floor(sat, p));
        }
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
        if (r.hardware()) {
            b.append("write cache: ").append(r.volume().writeCache()).append(nl);
            b.append("hardware or md: ").append(r.volume().sameDisks()).append(nl);
        }

        // wider columns only where a figure carries its ">= " or "<= ": a history without saturation prints as it always did
        int w = sat.saturated() ? 10 : 7;
        int width = descriptionWidth(r);
        b.append(nl).append(String.format(Locale.ROOT, "%-" + width + "s %" + w + "s %" + w + "s %" + w + "s %" + (w + 2) + "s %18s %10s%n",
                "layout: member util", "p50", "p95", "p99", "headroom", "usable", "rebuild"));
        for (PlanReport.LayoutPlan p : r.layouts()) {
            String usable = p.usableBytes() == null ? String.format(Locale.ROOT, "%.0f%% of raw", 100 * p.usableFraction())
                    : String.format(Locale.ROOT, "%.1f TB", p.usableBytes() / 1e12);
            if (!p.current()) {
                usable += String.format(Locale.ROOT, " (%+.0f%%)", p.usableChange());
            }
            b.append(String.format(Locale.ROOT, "%-" + width + "s %" + w + "s %" + w + "s %" + w + "s %" + (w + 2) + "s %18s %10s%n",
                    (p.current() ? "* " : "  ") + p.description(), util(p, "p50"), util(p, "p95"), util(p, "p99"),
                    (p.lowerBound("p99") ? "<= " : "") + String.format(Locale.ROOT, "%.1f%%", p.headroom()), usable,
                    p.rebuildHours() == null ? "-" : String.format(Locale.ROOT, ">= %.1f h", p.rebuildHours())));
        }
        if (r.hardware()) {
            b.append("  (* now; every layout: the RAID model over the member disk for each window's reads and writes, ").append(r.array())
                    .append(" hiding its disks; scaled to a benchmark where one matched; model alone in --format json)").append(nl);
        } else {
            b.append("  (* now: measured; others: measured x the model's cost ratio per window; model alone in --format json)").append(nl);
        }
        if (r.layouts().stream().anyMatch(p -> p.lowerBound("p99") || p.lowerBound("p95") || p.lowerBound("p50"))) {
            b.append("  (>= a lower bound: it comes from windows in which ").append(r.array())
                    .append(" was saturated and served less than was asked; <= the headroom is at most this)").append(nl);
        }
        consumers(b, r);
        b.append(nl).append("recommendation: ").append(r.recommendation().line()).append(nl);
        for (String reason : r.recommendation().reasons()) {
            b.append("  - ").append(reason).append(nl);
        }
        forecast(b, r, zone);
        return b.toString();
    }

    /** Who loads the array in the peak hour, and what moving the consumer that drives it buys. */
    static void consumers(StringBuilder b, PlanReport r) {
        PlanReport.Consumers c = r.consumers();
        if (c == null) {
            return;
        }
        String nl = System.lineSeparator();
        int width = Math.max(30, c.peak().stream().mapToInt(s -> s.name().length() + s.kind().length() + 3).max().orElse(0) + 2);
        b.append(nl).append(String.format(Locale.ROOT, "%-" + width + "s %11s %14s %9s %9s%n",
                String.format(Locale.ROOT, "who loads it at %02d:00 (%s)", c.peakHour(), r.timeZone()), "member load", "member I/O/s",
                "reads/s", "writes/s"));
        for (PlanReport.ConsumerShare s : c.peak()) {
            b.append(String.format(Locale.ROOT, "%-" + width + "s %10.0f%% %14.0f %9.0f %9.0f%n", "  " + s.name() + " (" + s.kind() + ")",
                    s.memberLoadPct(), s.memberIops(), s.readsPerSec(), s.writesPerSec()));
        }
        if (c.main() != null) {
            b.append(String.format(Locale.ROOT, "  the main application: %s (%.0f%% of the member load over the history)%n", c.main(),
                    c.mainShare()));
        }
        if (c.without() != null) {
            b.append(c.without().line()).append(nl);
        }
    }

    /** When the peak hour reaches the comfortable util and capacity on each layout, and what each alternative buys. */
    private static void forecast(StringBuilder b, PlanReport r, ZoneId zone) {
        String nl = System.lineSeparator();
        PlanReport.Forecast f = r.forecast();
        b.append(nl).append("forecast: ").append(f.reason());
        if (!f.trend()) {
            b.append(nl);
            return;
        }
        b.append("; a line through each day's busiest hour, dates with the slope's 95% interval").append(nl);
        PlanReport.LoadTrend reads = f.load().get("r_iops");
        PlanReport.LoadTrend writes = f.load().get("w_iops");
        b.append(String.format(Locale.ROOT, "  peak-hour reads/s %.0f (%+.2f a day, ±%.2f), writes/s %.0f (%+.2f a day, ±%.2f) at the end%n",
                reads.atEnd(), reads.perDay(), reads.perDaySe(), writes.atEnd(), writes.perDay(), writes.perDaySe()));
        PlanReport.LoadTrend share = f.load().get("read_fraction");
        PlanReport.LoadTrend size = f.load().get("mean_request_kB");
        b.append(String.format(Locale.ROOT, "  peak-hour read share %.2f (%+.4f a day, ±%.4f), request size %.1f kB (%+.3f a day, ±%.3f) at the end%n",
                share.atEnd(), share.perDay(), share.perDaySe(), size.atEnd(), size.perDay(), size.perDaySe()));
        int d = descriptionWidth(r);
        b.append(String.format(Locale.ROOT, "%-" + d + "s %8s %10s  %-38s %s%n", "layout: peak-hour member util", "at end", "a month",
                "reaches " + Planner.pct(r.maxUtil()), "reaches 100%"));
        for (PlanReport.LayoutForecast l : f.layouts()) {
            b.append(String.format(Locale.ROOT, "%-" + d + "s %7.1f%% %+10.1f  %-38s %s%n", (l.current() ? "* " : "  ") + l.description(), l.atEnd(),
                    l.perDay() * DAYS_A_MONTH, crossing(l.at(r.maxUtil()), zone), crossing(l.at(100), zone)));
        }
        for (String line : buys(r)) {
            b.append("  ").append(line).append(nl);
        }
        if (f.lowerBound()) {
            b.append("  (a lower bound: ").append(r.array()).append(" was saturated in some of the peak hours and served less than was asked,"
                    + " so the growth may be steeper and the dates sooner)").append(nl);
        }
    }

    /**
     * A row of the load table, in the text and the HTML report.
     *
     * @param field  the aggregate's field, as {@link PlanReport#load()} keys it
     * @param format of each percentile
     * @param demand whether a percentile in saturated windows is a floor on the demand (what was asked, not served)
     */
    record LoadRow(String label, String field, String format, boolean demand) {
        boolean floor(PlanReport.Saturation s, String percentile) {
            return demand && s.floor(field, percentile);
        }
    }

    static final List<LoadRow> LOAD = List.of(new LoadRow("reads/s", "r_iops", "%.0f", true), new LoadRow("writes/s", "w_iops", "%.0f", true),
            new LoadRow("read fraction", "read_fraction", "%.2f", false), new LoadRow("request size, kB", "mean_request_kB", "%.1f", false),
            new LoadRow("member util, %", "member_util_mean", "%.1f", false), new LoadRow("busiest member util, %", "util_mean", "%.1f", false),
            new LoadRow("write amplification", "write_amp_io", "%.2f", false));

    /**
     * A hardware RAID volume's: its members are hidden (no member util, no write amplification), its own util says little of
     * a device that serves requests in parallel, its queue and latency do.
     */
    static final List<LoadRow> VOLUME_LOAD = List.of(LOAD.get(0), LOAD.get(1), LOAD.get(2), LOAD.get(3),
            new LoadRow("volume util, %", "util_mean", "%.1f", false), new LoadRow("volume queue (aqu-sz)", "aqu_sz_mean", "%.1f", false),
            new LoadRow("volume await, ms", "await_mean_ms", "%.1f", false));

    static List<LoadRow> loadRows(PlanReport r) {
        return r.hardware() ? VOLUME_LOAD : LOAD;
    }

    /** The layout column: 38 as it always was, wider for a hardware volume's "md RAID10 near-2 on the same 4 disks". */
    private static int descriptionWidth(PlanReport r) {
        return r.hardware() ? Math.max(38, 2 + r.layouts().stream().mapToInt(p -> p.description().length()).max().orElse(0)) : 38;
    }

    /** Days in a mean month. */
    static final double DAYS_A_MONTH = 365.25 / 12;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd");

    /** "2026-05-01 (2026-04-20 to 2026-05-14)", "already", "not at this trend". */
    static String crossing(PlanReport.Crossing c, ZoneId zone) {
        if (c == null) {
            return "-";
        }
        if (c.already()) {
            return "already";
        }
        if (c.date() == null) {
            return "no rise";
        }
        return date(c.date(), zone) + " (" + date(c.earliest(), zone) + " to " + date(c.latest(), zone) + ")";
    }

    static String date(Instant t, ZoneId zone) {
        return DATE.format(t.atZone(zone));
    }

    /**
     * For each alternative, what it buys against the current layout at --max-util: "RAID10 near-2 on
     * the same 4 disks buys 7 months at this growth".
     */
    static List<String> buys(PlanReport r) {
        PlanReport.Forecast f = r.forecast();
        List<String> out = new ArrayList<>();
        if (!f.trend()) {
            return out;
        }
        PlanReport.Crossing now = f.layouts().get(0).at(r.maxUtil());
        // the current layout's crossing, or the end of the history when it is already over
        Instant from = now.already() ? r.until() : now.date();
        for (PlanReport.LayoutForecast l : f.layouts().subList(1, f.layouts().size())) {
            PlanReport.Crossing c = l.at(r.maxUtil());
            String threshold = Planner.pct(r.maxUtil());
            if (c.already()) {
                out.add(l.description() + " is over " + threshold + " already");
            } else if (c.date() == null || from == null) {
                out.add(l.description() + ": no rise to " + threshold + " in its line");
            } else {
                double days = (c.date().toEpochMilli() - from.toEpochMilli()) / 86_400_000.0;
                out.add(l.description() + (days < 0 ? " reaches " + threshold + " " + span(-days) + " sooner"
                        : " buys " + span(days)) + " at this growth");
            }
        }
        return out;
    }

    /** "7 months", "1 month", "12 days". */
    static String span(double days) {
        if (days < DAYS_A_MONTH) {
            long d = Math.round(days);
            return d + (d == 1 ? " day" : " days");
        }
        long m = Math.round(days / DAYS_A_MONTH);
        return m + (m == 1 ? " month" : " months");
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
