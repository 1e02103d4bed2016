package io.raidpulse.planner;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.model.matching.WindowRequests;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Who loads the array in its peak hour, and what moving the consumer that drives the peak buys before any migration
 * ({@link PlanReport.Consumers}). From the stream processor's per-consumer aggregates (raidpulse_consumer), whose shares
 * come from raid-model's MemberLoad; the "without" figure from the RAID model the rest of the plan projects with.
 */
final class ConsumerLoads {
    /** Consumer kinds that are no application: md's sync, the folded rest, what no cgroup explains (METRICS.md). */
    private static final Set<String> NOT_APPLICATIONS = Set.of("sync", "other", "unattributed");

    private ConsumerLoads() {
    }

    /**
     * One consumer's closed window (raidpulse_consumer).
     *
     * @param memberLoadPct member_load_pct: its share of the array's member load, percent
     * @param memberIops    member_iops: member I/Os per second attributed to it
     * @param readsPerSec   r_iops: reads it asked of the array per second
     * @param writesPerSec  w_iops
     * @param readKBs       rkB_s, kB = 1024 bytes
     * @param writeKBs      wkB_s
     */
    record Row(Instant start, String consumer, String kind, double memberLoadPct, double memberIops, double readsPerSec,
               double writesPerSec, double readKBs, double writeKBs) {
    }

    /** What the consumers say of {@code report}'s array (an md array's: its member util is measured); null without rows. */
    static PlanReport.Consumers of(ArrayHistory h, List<Row> rows, PlanReport report, RaidLayout current, DiskProfile disk,
                                   SaturationThresholds saturation, ZoneId zone) {
        if (rows.isEmpty() || report.peakHours().isEmpty() || h.hardware()) {
            return null;
        }
        Map<Instant, List<Row>> byWindow = new LinkedHashMap<>();
        rows.forEach(r -> byWindow.computeIfAbsent(r.start(), k -> new ArrayList<>()).add(r));

        // the main application: the most member I/Os over the history
        Map<String, Double> history = new HashMap<>();
        double historyTotal = 0;
        for (Row r : rows) {
            historyTotal += r.memberIops();
            if (!NOT_APPLICATIONS.contains(r.kind())) {
                history.merge(r.consumer(), r.memberIops(), Double::sum);
            }
        }
        // ties go to the first name in order, for a report that does not change between runs
        String main = history.entrySet().stream().max(Comparator.<Map.Entry<String, Double>>comparingDouble(Map.Entry::getValue)
                .thenComparing(Map.Entry::getKey, Comparator.reverseOrder())).map(Map.Entry::getKey).orElse(null);
        double mainShare = main == null || historyTotal <= 0 ? 0 : 100 * history.get(main) / historyTotal;

        int hour = report.peakHours().get(0).hour();
        Map<String, double[]> peak = new LinkedHashMap<>();
        Map<String, String> kinds = new HashMap<>();
        int windows = 0;
        for (Map.Entry<Instant, List<Row>> w : byWindow.entrySet()) {
            if (w.getKey().atZone(zone).getHour() != hour) {
                continue;
            }
            windows++;
            for (Row r : w.getValue()) {
                double[] sum = peak.computeIfAbsent(r.consumer(), k -> new double[3]);
                sum[0] += r.memberIops();
                sum[1] += r.readsPerSec();
                sum[2] += r.writesPerSec();
                kinds.put(r.consumer(), r.kind());
            }
        }
        if (windows == 0) {
            return null;
        }
        double peakTotal = peak.values().stream().mapToDouble(v -> v[0]).sum();
        List<PlanReport.ConsumerShare> shares = new ArrayList<>();
        int n = windows;
        peak.forEach((name, v) -> shares.add(new PlanReport.ConsumerShare(name, kinds.get(name), peakTotal > 0 ? 100 * v[0] / peakTotal : 0,
                v[0] / n, v[1] / n, v[2] / n)));
        shares.sort(Comparator.comparingDouble(PlanReport.ConsumerShare::memberLoadPct).reversed()
                .thenComparing(PlanReport.ConsumerShare::name));
        PlanReport.ConsumerShare top = shares.get(0);
        boolean drives = !top.name().equals(main) && !"other".equals(top.kind()) && !"unattributed".equals(top.kind());
        if (!drives) {
            return new PlanReport.Consumers(hour, shares, main, mainShare, null, null);
        }
        return new PlanReport.Consumers(hour, shares, main, mainShare, top.name(),
                without(h, byWindow, top.name(), report, current, disk, saturation));
    }

    /*
     * Each window's measured member util less the consumer's part of it. Its part: for a sync (it asks the array nothing)
     * its share of the member I/Os; for a consumer of requests, its share of what the RAID model says the window's
     * consumers' requests cost the members (each at its own rates and sizes, so a backup's large sequential reads weigh
     * what they occupy the disks, not their count), of the part the sync leaves.
     */
    private static PlanReport.Without without(ArrayHistory h, Map<Instant, List<Row>> byWindow, String consumer, PlanReport report,
                                             RaidLayout current, DiskProfile disk, SaturationThresholds saturation) {
        int n = h.windows().size();
        double[] util = new double[n];
        for (int i = 0; i < n; i++) {
            ArrayHistory.Window w = h.windows().get(i);
            util[i] = w.memberUtil() * (1 - part(byWindow.getOrDefault(w.start(), List.of()), consumer, current, disk));
        }
        boolean[] saturated = SaturatedWindows.of(h, saturation);
        double p99 = Planner.percentile(util, 99);
        boolean bound = SaturatedWindows.lowerBounds(util, saturated).get("p99");
        double now = report.layouts().get(0).p99();
        boolean enough = p99 <= report.maxUtil();
        String value = (bound ? ">= " : "") + Planner.pct(p99);
        String line = String.format(Locale.ROOT, "without %s the p99 member util is %s (%s now): %s", consumer, value, Planner.pct(now),
                enough ? "no migration needed at this load" : "still over " + Planner.pct(report.maxUtil())
                        + ", so moving it alone does not avoid a migration")
                + (bound ? " (>=: where the array was saturated the others' load is a floor on what they asked)" : "");
        return new PlanReport.Without(consumer, p99, bound, now, enough, line);
    }

    /** The consumer's part of one window's member load, 0-1. */
    static double part(List<Row> window, String consumer, RaidLayout current, DiskProfile disk) {
        double sync = 0;
        Row own = null;
        Map<Row, Double> cost = new LinkedHashMap<>();
        double total = 0;
        for (Row r : window) {
            if ("sync".equals(r.kind())) {
                sync += r.memberLoadPct() / 100;
            } else if (r.readsPerSec() + r.writesPerSec() > 0) {
                WindowRequests q = WindowRequests.of(r.readsPerSec(), r.writesPerSec(), r.readKBs(), r.writeKBs());
                double u = AlternativeLayouts.project(List.of(current), disk, q.pattern(), r.readsPerSec(), r.writesPerSec(), q.readBytes(),
                        q.writeBytes(), null).get(0).memberUtilisation();
                cost.put(r, u);
                total += u;
            }
            if (r.consumer().equals(consumer)) {
                own = r;
            }
        }
        if (own == null) {
            return 0;
        }
        if ("sync".equals(own.kind())) {
            return Math.min(1, own.memberLoadPct() / 100);
        }
        Double mine = cost.get(own);
        return mine == null || total <= 0 ? 0 : Math.min(1, mine / total * Math.max(0, 1 - sync));
    }
}
