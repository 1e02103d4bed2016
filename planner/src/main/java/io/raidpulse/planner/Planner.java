package io.raidpulse.planner;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.MemberCost;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.capacity.RebuildEstimate;
import io.raidpulse.model.capacity.SyncSpeedLimits;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.model.matching.Layouts;
import io.raidpulse.model.matching.Projection;
import io.raidpulse.model.matching.WindowRequests;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The answer of {@code plan}: the history's load on the current layout and on each alternative.
 *
 * <p>Projections start from what was measured: each window's member %util on the current
 * layout, times the model's ratio of the alternative's member cost to the current one's for
 * that window's reads, writes and request sizes (docs/raid-model.md#capacity-under-a-mix: U = (R tr + W tw) / n). The ratio
 * depends little on the member disk's figures, so a disk-class default still gives sound
 * projections, and what the model leaves out (flushes, a running check) scales along. The model's
 * own figures over the member disk are reported next to them.
 *
 * <p>A hardware RAID volume hides its members, so there is nothing measured to scale: its plan
 * ({@link #planVolume}) gives every layout, the declared one too, the model's figure over the
 * member disk, scaled to a matching benchmark where one was imported (VolumeFigures).
 */
final class Planner {
    private static final List<String> PERCENTILES = HistoryQueries.PERCENTILES;
    /** Busiest hours of the day reported. */
    private static final int PEAK_HOURS = 3;

    private Planner() {
    }

    /** @param saturation the stream processor's saturation thresholds for this array */
    static PlanReport plan(ArrayHistory h, RaidLayout current, List<RaidLayout> alternatives, DiskProfile disk, String diskSource,
                           double maxUtil, ZoneId zone, SaturationThresholds saturation) {
        List<RaidLayout> layouts = new ArrayList<>();
        layouts.add(current);
        layouts.addAll(alternatives);
        int n = h.windows().size();
        double[][] projected = new double[layouts.size()][n];
        double[][] model = new double[layouts.size()][n];
        for (int w = 0; w < n; w++) {
            ArrayHistory.Window win = h.windows().get(w);
            double r = win.readsPerSec();
            double wr = win.writesPerSec();
            if (!(r + wr > 0)) {
                for (int l = 0; l < layouts.size(); l++) {
                    projected[l][w] = win.memberUtil();
                }
                continue;
            }
            // sizes and pattern as the stream processor's capacity comparison reads a live window
            WindowRequests requests = WindowRequests.of(r, wr, win.readKBs(), win.writeKBs());
            List<Projection> ps = AlternativeLayouts.project(layouts, disk, requests.pattern(), r, wr, requests.readBytes(),
                    requests.writeBytes(), null);
            double currentU = ps.get(0).memberUtilisation();
            for (int l = 0; l < layouts.size(); l++) {
                double u = ps.get(l).memberUtilisation();
                model[l][w] = 100 * u;
                projected[l][w] = l == 0 ? win.memberUtil() : currentU > 0 ? win.memberUtil() * u / currentU : win.memberUtil();
            }
        }
        boolean[] saturated = SaturatedWindows.of(h, saturation);
        List<Figures> figures = new ArrayList<>();
        for (int l = 0; l < layouts.size(); l++) {
            RaidLayout layout = layouts.get(l);
            // the current layout's util is measured: what it did, saturated or not
            figures.add(new Figures(layout, Layouts.key(layout), describe(layout, current), projected[l], model[l],
                    l == 0 ? notBounded() : SaturatedWindows.lowerBounds(projected[l], saturated), null, null, null));
        }
        return assemble(h, current.describe(), layoutText(h.shape()), disksText(h.shape(), current), figures, saturated, disk, diskSource,
                maxUtil, zone, saturation);
    }

    /**
     * The plan of a hardware RAID volume (VolumeFigures): every layout, the declared one too, from the RAID model over the
     * member disk for each window's reads and writes, scaled to a matching benchmark where one was imported; all of them
     * lower bounds where they come from saturated windows. What the controller's write cache does to the hardware
     * layouts' write figures is said (VolumeNotes).
     *
     * @param layouts    the declared layout on the controller first, then the alternatives
     * @param benchmarks the imported benchmark profiles (the benchmarks topic); empty when none were read
     */
    static PlanReport planVolume(ArrayHistory h, List<VolumeLayouts.Candidate> layouts, DiskProfile disk, String diskSource,
                                 List<BenchmarkResult> benchmarks, double maxUtil, ZoneId zone, SaturationThresholds saturation) {
        RaidLayout current = layouts.get(0).layout();
        VolumeFigures v = VolumeFigures.of(h, layouts, disk, benchmarks);
        boolean[] saturated = SaturatedWindows.of(h, saturation);
        List<Figures> figures = new ArrayList<>();
        for (int l = 0; l < layouts.size(); l++) {
            VolumeLayouts.Candidate c = layouts.get(l);
            figures.add(new Figures(c.layout(), c.key(), c.describe(current), v.util[l], v.model[l],
                    SaturatedWindows.lowerBounds(v.util[l], saturated), c.hardware() ? "hardware" : "md", v.benchmarks.get(l),
                    c.hardware() ? VolumeNotes.writeFigures(h.volume().cache(), v.writeWindows[l], v.benchmarkedWriteWindows[l]) : null));
        }
        return assemble(h, "hardware " + current.describe(), VolumeNotes.controllerText(h), VolumeNotes.disksText(h, current), figures,
                saturated, disk, diskSource, maxUtil, zone, saturation);
    }

    /**
     * One layout's figures over the history, before the report sums them up.
     *
     * @param util         per window, member %util as plan projects it
     * @param model        per window, the model's member %util over the member disk alone
     * @param bound        whether each of util's p50, p95, p99 is a lower bound
     * @param kind         for a hardware volume's plan, "hardware" or "md"; else null
     * @param benchmarks   for a hardware volume's plan, the benchmarks used by id with their windows; else null
     * @param writeFigures for a hardware volume's layouts on its controller, what its write figures are; else null
     */
    private record Figures(RaidLayout layout, String key, String description, double[] util, double[] model, Map<String, Boolean> bound,
                           String kind, Map<String, Integer> benchmarks, String writeFigures) {
    }

    private static PlanReport assemble(ArrayHistory h, String currentText, String layoutText, String disksText, List<Figures> figures,
                                       boolean[] saturated, DiskProfile disk, String diskSource, double maxUtil, ZoneId zone,
                                       SaturationThresholds saturation) {
        int n = h.windows().size();
        RaidLayout current = figures.get(0).layout();
        Long memberBytes = h.shape().memberBytes();
        double currentUsable = new RaidModel(current, disk).usableFraction() * current.disks();
        List<PlanReport.LayoutPlan> plans = new ArrayList<>();
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (int l = 0; l < figures.size(); l++) {
            Figures f = figures.get(l);
            RaidLayout layout = f.layout();
            RaidModel m = new RaidModel(layout, disk);
            Map<String, Double> util = percentiles(f.util());
            double usable = m.usableFraction() * layout.disks();
            Double rebuild = memberBytes == null ? null
                    : m.rebuild(memberBytes, SyncSpeedLimits.KERNEL_DEFAULTS).map(RebuildEstimate::idleHoursAtLeast).orElse(null);
            plans.add(new PlanReport.LayoutPlan(f.key(), f.description(), l == 0, layout.disks(), util, f.bound(),
                    percentiles(f.model()), SaturatedWindows.lowerBounds(f.model(), saturated), 100 - util.get("p99"), m.usableFraction(),
                    memberBytes == null ? null : usable * memberBytes, 100 * (usable / currentUsable - 1), rebuild, f.kind(),
                    f.benchmarks(), f.writeFigures()));
            List<Double> values = new ArrayList<>(n);
            Arrays.stream(f.util()).forEach(values::add);
            series.put(f.key(), values);
        }
        double[] currentUtil = figures.get(0).util();
        List<Long> times = h.windows().stream().map(w -> w.start().toEpochMilli()).toList();
        List<Boolean> saturatedSeries = new ArrayList<>(n);
        for (boolean s : saturated) {
            saturatedSeries.add(s);
        }
        Map<String, Map<String, Boolean>> loadFloor = new LinkedHashMap<>();
        loadFloor.put("r_iops", SaturatedWindows.lowerBounds(h.windows().stream().mapToDouble(ArrayHistory.Window::readsPerSec).toArray(),
                saturated));
        loadFloor.put("w_iops", SaturatedWindows.lowerBounds(h.windows().stream().mapToDouble(ArrayHistory.Window::writesPerSec).toArray(),
                saturated));
        PlanReport.Saturation sat = SaturatedWindows.summary(h, saturation, saturated, SaturatedWindows.lowerBounds(currentUtil, saturated),
                loadFloor);

        List<Double> writeSizes = new ArrayList<>();
        for (ArrayHistory.Window win : h.windows()) {
            if (win.readsPerSec() + win.writesPerSec() > 0 && win.writesPerSec() > 0) {
                writeSizes.add((double) WindowRequests.of(win.readsPerSec(), win.writesPerSec(), win.readKBs(), win.writeKBs()).writeBytes());
            }
        }
        Double modelWriteAmp = null;
        if (!writeSizes.isEmpty()) {
            double[] sizes = writeSizes.stream().mapToDouble(Double::doubleValue).toArray();
            MemberCost cost = new RaidModel(current, disk).writeCost(Math.round(percentile(sizes, 50)));
            modelWriteAmp = cost.reads() + cost.writes();
        }

        PlanReport.Volume volume = h.hardware() ? VolumeNotes.volume(h, plans) : null;
        PlanReport.Recommendation recommendation = recommend(plans, maxUtil, sat, h.hardware() ? "the volume" : "the array");
        if (volume != null) {
            recommendation = VolumeNotes.recommendation(recommendation, plans);
        }
        double[][] projected = figures.stream().map(Figures::util).toArray(double[][]::new);
        return new PlanReport(h.host(), h.array(), h.from(), h.until(), h.windowS(), n, currentText, layoutText, disksText,
                new PlanReport.MemberDiskUsed(disk.id(), disk.description(), diskSource, disk.randomReadIops(), disk.randomWriteIops(),
                        disk.sequentialMBps()),
                h.capacitySource(), h.percentiles(), modelWriteAmp, peakHours(h, currentUtil, zone), zone.getId(), plans, maxUtil,
                recommendation, sat, new PlanReport.Series(times, series, saturatedSeries),
                Forecast.of(h, plans.stream().map(PlanReport.LayoutPlan::key).toList(),
                        plans.stream().map(PlanReport.LayoutPlan::description).toList(), projected, saturated, maxUtil, zone), volume, null);
    }

    private static Map<String, Boolean> notBounded() {
        Map<String, Boolean> out = new LinkedHashMap<>();
        HistoryQueries.PERCENTILES.forEach(p -> out.put(p, false));
        return out;
    }

    private static Map<String, Double> percentiles(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        Map<String, Double> out = new LinkedHashMap<>();
        for (String p : PERCENTILES) {
            out.put(p, percentileSorted(sorted, Double.parseDouble(p.substring(1))));
        }
        return out;
    }

    /** Nearest rank, as InfluxQL's percentile(); 0 for no values. */
    static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return percentileSorted(sorted, p);
    }

    private static double percentileSorted(double[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** @param memberUtil per window, the current layout's member %util (an md array's measured) */
    private static List<PlanReport.PeakHour> peakHours(ArrayHistory h, double[] memberUtil, ZoneId zone) {
        double[] util = new double[24];
        double[] iops = new double[24];
        int[] count = new int[24];
        for (int i = 0; i < memberUtil.length; i++) {
            ArrayHistory.Window w = h.windows().get(i);
            int hour = w.start().atZone(zone).getHour();
            util[hour] += memberUtil[i];
            iops[hour] += w.readsPerSec() + w.writesPerSec();
            count[hour]++;
        }
        List<PlanReport.PeakHour> hours = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            if (count[i] > 0) {
                hours.add(new PlanReport.PeakHour(i, util[i] / count[i], iops[i] / count[i], count[i]));
            }
        }
        hours.sort(Comparator.comparingDouble(PlanReport.PeakHour::memberUtil).thenComparingDouble(PlanReport.PeakHour::iops).reversed());
        return List.copyOf(hours.subList(0, Math.min(PEAK_HOURS, hours.size())));
    }

    /**
     * Keep the current layout while its p99 member util stays under {@code maxUtil}; else, among
     * the alternatives that stay under it, one on no more disks than now (nothing to buy) before
     * one on more, then the most usable space, then the lowest p99; else the alternative with the
     * lowest p99, said not to be enough. A p99 that is a lower bound (the array was saturated in
     * the windows it comes from) is written "&gt;= N%", and the line says why.
     *
     * @param subject what was saturated, as the line says it: "the array", "the volume"
     */
    static PlanReport.Recommendation recommend(List<PlanReport.LayoutPlan> plans, double maxUtil, PlanReport.Saturation saturation,
                                               String subject) {
        PlanReport.LayoutPlan now = plans.get(0);
        List<PlanReport.LayoutPlan> alternatives = plans.subList(1, plans.size());
        List<String> reasons = new ArrayList<>();
        for (PlanReport.LayoutPlan p : plans) {
            reasons.add(String.format(Locale.ROOT, "%s: p99 member util %s%s; usable %s%s%s", p.description(), p99(p),
                    p.p99() <= maxUtil ? " (under " + pct(maxUtil) + ")" : " (over " + pct(maxUtil) + ")", usable(p),
                    p.current() ? "" : String.format(Locale.ROOT, " (%+.0f%%)", p.usableChange()),
                    p.rebuildHours() == null ? "" : String.format(Locale.ROOT, "; rebuild %.1f h at least", p.rebuildHours())));
        }
        if (now.p99() <= maxUtil) {
            PlanReport.LayoutPlan lightest = alternatives.stream().min(Comparator.comparingDouble(PlanReport.LayoutPlan::p99)).orElse(null);
            boolean mentions = lightest != null && lightest.p99() < now.p99();
            String line = String.format(Locale.ROOT, "keep %s: p99 member util %s leaves %s of headroom", now.description(), pct(now.p99()),
                    pct(now.headroom()))
                    + (!mentions ? ""
                            : String.format(Locale.ROOT, "; %s would bring it to %s at %+.0f%% usable capacity", lightest.description(),
                                    p99(lightest), lightest.usableChange()))
                    + (mentions ? lowerBoundNote(lightest, saturation, subject) : "");
            return new PlanReport.Recommendation(now.key(), line, reasons);
        }
        PlanReport.LayoutPlan choice = alternatives.stream().filter(p -> p.p99() <= maxUtil)
                .max(Comparator.<PlanReport.LayoutPlan>comparingInt(p -> p.disks() <= now.disks() ? 1 : 0)
                        .thenComparingDouble(p -> p.disks() * p.usableFraction())
                        .thenComparing(Comparator.comparingDouble(PlanReport.LayoutPlan::p99).reversed()))
                .orElse(null);
        if (choice == null) {
            PlanReport.LayoutPlan best = alternatives.stream().min(Comparator.comparingDouble(PlanReport.LayoutPlan::p99)).orElse(now);
            String line = String.format(Locale.ROOT, "no layout considered keeps p99 member util under %s (%s now)", pct(maxUtil), pct(now.p99()))
                    + (best == now ? "" : String.format(Locale.ROOT, ": the best, %s, reaches %s", best.description(), p99(best)))
                    + "; add disks or move to faster ones" + (best == now ? "" : lowerBoundNote(best, saturation, subject));
            return new PlanReport.Recommendation(best.key(), line, reasons);
        }
        String line = String.format(Locale.ROOT, "%s: p99 member util %s vs %s now; %s usable capacity%s", choice.description(),
                p99(choice), pct(now.p99()), change(choice.usableChange()),
                choice.rebuildHours() == null ? "" : String.format(Locale.ROOT, "; rebuild %.1f h at least", choice.rebuildHours()))
                + lowerBoundNote(choice, saturation, subject);
        return new PlanReport.Recommendation(choice.key(), line, reasons);
    }

    /** "&gt;= 67%" when the layout's p99 is a lower bound, else "67%". */
    private static String p99(PlanReport.LayoutPlan p) {
        return (p.lowerBound("p99") ? ">= " : "") + pct(p.p99());
    }

    /** Why a p99 the line quotes is a lower bound; empty when it is not one. */
    private static String lowerBoundNote(PlanReport.LayoutPlan p, PlanReport.Saturation s, String subject) {
        if (!p.lowerBound("p99")) {
            return "";
        }
        return String.format(Locale.ROOT, "; that p99 is a lower bound: %s was saturated %s of the history and served less than was asked",
                subject, SaturatedWindows.share(s.share()));
    }

    private static String change(double pct) {
        if (Math.abs(pct) < 0.5) {
            return "same";
        }
        return pct < 0 ? String.format(Locale.ROOT, "loses %.0f%% of its", -pct) : String.format(Locale.ROOT, "gains %.0f%%", pct);
    }

    private static String usable(PlanReport.LayoutPlan p) {
        return p.usableBytes() == null ? String.format(Locale.ROOT, "%.0f%% of raw", 100 * p.usableFraction())
                : String.format(Locale.ROOT, "%.1f TB", p.usableBytes() / 1e12);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.0f%%", v);
    }

    /** "RAID10 near-2 on the same 4 disks", "RAID5 on 6 disks (2 more)". */
    static String describe(RaidLayout l, RaidLayout current) {
        return describe(l, current, l.equals(current), true);
    }

    /**
     * @param now       whether {@code l} is the array as it is
     * @param placement whether to name a raid10 placement ("near-2"): a controller's RAID10 has only the one
     */
    static String describe(RaidLayout l, RaidLayout current, boolean now, boolean placement) {
        String level = switch (l.level()) {
            case RAID0_OVER_RAID1 -> "RAID0 over RAID1 pairs";
            case SINGLE -> "a single disk";
            default -> l.level().canonical().toUpperCase(Locale.ROOT);
        };
        String copies = l.layout() == null || !placement ? "" : " " + l.layout().word() + "-" + l.copies();
        int d = l.disks() - current.disks();
        String on = d == 0 ? (now ? " on its " : " on the same ") + l.disks() + " disks"
                : " on " + l.disks() + " disks (" + Math.abs(d) + (d > 0 ? " more)" : " fewer)");
        return level + copies + on + (now ? " (now)" : "");
    }

    private static String layoutText(ArrayShape s) {
        List<String> parts = new ArrayList<>();
        if (s.layout() != null) {
            parts.add(s.layout());
        }
        if (s.chunkBytes() != null && s.chunkBytes() > 0) {
            parts.add(s.chunkBytes() % (1 << 20) == 0 ? (s.chunkBytes() >> 20) + " MiB chunk" : (s.chunkBytes() >> 10) + " KiB chunk");
        }
        return String.join(", ", parts);
    }

    private static String disksText(ArrayShape s, RaidLayout current) {
        return current.disks() + " x " + (s.memberBytes() == null ? "" : String.format(Locale.ROOT, "%.1f TB ", s.memberBytes() / 1e12))
                + (s.diskModel() == null ? "disks of an unknown model" : s.diskModel())
                + (s.rotational() == null ? "" : s.rotational() ? " (spinning)" : " (solid state)");
    }
}
