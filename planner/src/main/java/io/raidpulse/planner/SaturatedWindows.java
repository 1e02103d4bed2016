package io.raidpulse.planner;

import io.raidpulse.config.HumanTime;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which windows of an array's history it was saturated in, judged by the stream processor's
 * saturation thresholds for the array ({@code saturation.*}, and a matching
 * {@code saturation.rule.NAME.*}) applied to each window's means: the busiest member's mean %util
 * ({@code util_mean}) at or above {@code fire-util}, and, where %util alone does not mean
 * saturation ({@code saturation.evidence}: always, or auto for members not known to spin), a queue
 * or a latency {@code evidence-factor} times the array's own baseline, as the detector asks of a
 * sample. The baseline is the mean over the history's windows with I/O below {@code fire-util}
 * (the detector's is a moving mean over its cool samples); a history without such windows has no
 * baseline and, as in the detector, is not judged.
 *
 * <p>In a saturated window the array served what it could while requests waited, so the
 * window's load is a floor on what was asked, and every figure projected from it is a lower
 * bound.
 */
final class SaturatedWindows {
    private SaturatedWindows() {
    }

    /** Whether each window of {@code h}, oldest first, was saturated. */
    static boolean[] of(ArrayHistory h, SaturationThresholds th) {
        List<ArrayHistory.Window> windows = h.windows();
        boolean[] out = new boolean[windows.size()];
        boolean evidence = evidenceNeeded(th, h);
        double baseAwait = Double.NaN;
        if (evidence) {
            // the detector holds a spinning device's baseline (here: a volume the kernel says spins) to a disk without a queue
            boolean capped = h.hardware() && Boolean.TRUE.equals(h.shape().rotational());
            double sum = 0;
            int count = 0;
            for (ArrayHistory.Window w : windows) {
                if (w.readsPerSec() + w.writesPerSec() > 0 && w.busiestUtil() < th.fireUtil()) {
                    sum += capped ? Math.min(w.awaitMs(), SaturationThresholds.ROTATING_BASELINE_MAX_AWAIT_MS) : w.awaitMs();
                    count++;
                }
            }
            if (count == 0) {
                return out;
            }
            baseAwait = sum / count;
        }
        for (int i = 0; i < out.length; i++) {
            ArrayHistory.Window w = windows.get(i);
            out[i] = w.busiestUtil() >= th.fireUtil() && (!evidence || hasEvidence(w, th, baseAwait));
        }
        return out;
    }

    /**
     * As the detector decides per subject: members not known to spin serve requests in parallel (iostat(1)), and so
     * does a hardware RAID volume, whose controller spreads them over its disks.
     */
    static boolean evidenceNeeded(SaturationThresholds th, ArrayHistory h) {
        return th.needsEvidence(h.hardware() || !Boolean.TRUE.equals(h.shape().rotational()));
    }

    /**
     * The detector's queue evidence (aqu-sz beyond what the throughput at the baseline await
     * explains, by Little's law) or latency evidence (await beyond the baseline), each at
     * {@code evidence-factor} and over the floors.
     */
    private static boolean hasEvidence(ArrayHistory.Window w, SaturationThresholds th, double baseAwait) {
        double explained = (w.readsPerSec() + w.writesPerSec()) * baseAwait / 1000.0;
        boolean queue = w.aquSz() >= th.evidenceFactor() * Math.max(explained, th.minAquSz());
        boolean latency = w.awaitMs() >= th.evidenceFactor() * Math.max(baseAwait, th.minAwaitMs());
        return queue || latency;
    }

    /**
     * For each of p50, p95, p99 of {@code values} (nearest rank, as {@link Planner#percentile}):
     * whether it is a lower bound, that is, whether a saturated window holds a value at or below
     * it. Raising the values of saturated windows (what was asked, not served) can then raise the
     * percentile; when every saturated window lies above it, it stays.
     */
    static Map<String, Boolean> lowerBounds(double[] values, boolean[] saturated) {
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (String p : HistoryQueries.PERCENTILES) {
            double v = Planner.percentile(values, Double.parseDouble(p.substring(1)));
            boolean bound = false;
            for (int i = 0; i < values.length && !bound; i++) {
                bound = saturated[i] && values[i] <= v;
            }
            out.put(p, bound);
        }
        return out;
    }

    /** The share of the history at saturation, for the report. */
    static PlanReport.Saturation summary(ArrayHistory h, SaturationThresholds th, boolean[] saturated, Map<String, Boolean> utilInSaturation,
                                         Map<String, Map<String, Boolean>> loadFloors) {
        int count = 0;
        int run = 0;
        int longest = 0;
        for (boolean s : saturated) {
            count += s ? 1 : 0;
            run = s ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        int n = saturated.length;
        return new PlanReport.Saturation(count > 0, th.fireUtil(), evidenceNeeded(th, h), n, count,
                (long) count * h.windowS(), (long) n * h.windowS(), n == 0 ? 0 : 100.0 * count / n, (long) longest * h.windowS(),
                utilInSaturation, loadFloors);
    }

    /** A share in percent as the report says it: "17%", "under 1%" (saturated, but not 1% of the windows). */
    static String share(double pct) {
        return pct > 0 && pct < 0.5 ? "under 1%" : String.format(Locale.ROOT, "%.0f%%", pct);
    }

    /**
     * The report's paragraph on saturation, one line each, or none when the array was not
     * saturated: the share, what counted, that the load is a floor, and which figures are bounds.
     */
    static List<String> lines(PlanReport r) {
        PlanReport.Saturation s = r.saturation();
        if (!s.saturated()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%s/%s was saturated %s of the %s history (%s: %d of %d windows; the longest stretch %s)", r.host(),
                r.array(), share(s.share()), HumanTime.seconds(s.historyS()), HumanTime.seconds(s.saturatedS()), s.saturatedWindows(),
                s.windows(), HumanTime.seconds(s.longestS())));
        out.add(String.format(Locale.ROOT, "a window counts when %s was %.0f%% busy or more on average (saturation.fire-util)%s",
                r.hardware() ? "the volume" : "its busiest member", s.fireUtil(), s.evidenceNeeded()
                        ? ", with a queue or latency beyond " + (r.hardware() ? "its" : "the array's") + " own baseline (saturation.evidence)" : ""));
        out.add("its measured load is a floor on the demand (marked >=): requests waited and the " + (r.hardware() ? "volume" : "array")
                + " served what it could, so what was asked then is not known");
        List<String> in = s.sizingPercentilesInSaturation();
        String util = r.hardware() ? " member util on the declared layout" : " member util";
        out.add(in.isEmpty() ? "the p50, p95 and p99 of its" + util + " lie outside saturated windows: the figures stand, though the"
                + " demand in those windows was higher"
                : "its " + and(in) + util + " lie" + (in.size() == 1 ? "s" : "") + " in saturated windows:"
                        + " the figures marked >= are lower bounds on the util the load needs");
        return out;
    }

    /** "p95", "p95 and p99", "p50, p95 and p99". */
    private static String and(List<String> items) {
        return items.size() == 1 ? items.get(0) : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
