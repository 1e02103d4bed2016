package io.raidpulse.schema.check;

/**
 * {@link SampleRules}' rules on a device's and an array's values, free of Avro's classes: the
 * collector checks what it is about to send with them before any Avro record exists (it writes its
 * samples without Avro's {@code Schema}); the stream processor checks received records through
 * SampleRules, with the same rules.
 */
public final class SampleLimits {
    /**
     * Highest %util accepted. io_ticks advance in jiffies and T comes from /proc/uptime with
     * 10 ms resolution, so a busy device can show a little over 100% on short intervals; far
     * above that is a broken collector.
     */
    public static final double MAX_UTIL = 105.0;
    /**
     * Largest rate (per second), size, latency (ms) or queue accepted: far beyond any device (10^12
     * sectors a second is 500 TB/s), and low enough that a window's sums stay exact and finite.
     */
    public static final double MAX_METRIC = 1e12;
    /** Largest counter difference accepted per second of the interval (sectors: twice the kB), for the same reason. */
    public static final double MAX_DELTA_PER_S = 1e13;
    /** Longest interval accepted between two samples, s: beyond a day a rate means little. */
    public static final double MAX_INTERVAL_S = 86_400.0;

    /** iostat's names of the metrics {@link #deviceProblem} checks, in its order (the order of its {@code metrics}). */
    private static final String[] METRIC_NAMES = {"r_s", "w_s", "d_s", "f_s", "rkB_s", "wkB_s", "dkB_s", "rrqm_s", "wrqm_s", "drqm_s",
        "rrqm", "wrqm", "drqm", "r_await", "w_await", "d_await", "f_await", "rareq_sz", "wareq_sz", "dareq_sz", "aqu_sz", "util"};
    private static final int RRQM = 10;
    private static final int DRQM = 12;
    private static final int UTIL = 21;

    private SampleLimits() {
    }

    /**
     * What is impossible about one device of a sample whose interval is {@code intervalS} (null for
     * a first sample), as "device NAME: ...", or null. {@code metrics}: its iostat metrics in
     * {@link #METRIC_NAMES}' order, null when it has none; {@code deltas}: its counter differences
     * reads, reads merged, sectors read, read ms, writes, writes merged, sectors written, write ms,
     * io ticks ms, weighted ms, null when it has none.
     */
    public static String deviceProblem(String name, double[] metrics, long[] deltas, Double intervalS) {
        if (name == null || name.isBlank() || name.contains("/")) {
            return "device with an empty name or a name containing '/'";
        }
        if (metrics != null && intervalS == null) {
            return "device " + name + " has metrics but the sample has no interval_s";
        }
        String p = metricsProblem(metrics);
        if (p == null) {
            p = intervalS == null ? null : deltasProblem(deltas, intervalS);
        }
        return p == null ? null : "device " + name + ": " + p;
    }

    /** What is impossible about one md array, as "array NAME: ...", or null. */
    public static String arrayProblem(String name, Integer degraded, Integer raidDisks, Double syncCompletedPct, Long mismatchCnt,
                                      Long syncSpeedKibS) {
        if (name == null || name.isBlank() || name.contains("/")) {
            return "array with an empty name or a name containing '/'";
        }
        String p = arrayValues(degraded, raidDisks, syncCompletedPct, mismatchCnt, syncSpeedKibS);
        return p == null ? null : "array " + name + ": " + p;
    }

    private static String metricsProblem(double[] values) {
        if (values == null) {
            return null;
        }
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] >= 0) || Double.isInfinite(values[i])) {
                return METRIC_NAMES[i] + " " + values[i] + " is not a non-negative number";
            }
            if (values[i] > MAX_METRIC) {
                return METRIC_NAMES[i] + " " + values[i] + " beyond any device (" + MAX_METRIC + ")";
            }
        }
        if (values[UTIL] > MAX_UTIL) {
            return "util " + values[UTIL] + "% above " + MAX_UTIL + "%";
        }
        if (values[RRQM] > 100 || values[RRQM + 1] > 100 || values[DRQM] > 100) {
            return "a merge percentage above 100";
        }
        return null;
    }

    private static String deltasProblem(long[] values, double intervalS) {
        if (values == null) {
            return null;
        }
        for (long v : values) {
            if (v < 0) {
                return "negative counter delta " + v;
            }
            if (v > MAX_DELTA_PER_S * intervalS) {
                return "counter delta " + v + " beyond any device in " + intervalS + " s";
            }
        }
        return null;
    }

    private static String arrayValues(Integer degraded, Integer raidDisks, Double pct, Long mismatchCnt, Long syncSpeedKibS) {
        if (degraded != null && degraded < 0) {
            return "negative degraded count";
        }
        if (raidDisks != null && raidDisks < 0) {
            return "negative raid_disks";
        }
        if (degraded != null && raidDisks != null && degraded > raidDisks) {
            return "degraded " + degraded + " exceeds raid_disks " + raidDisks;
        }
        if (pct != null && !(pct >= 0 && pct <= 100)) {
            return "sync_completed_pct " + pct + " outside 0-100";
        }
        if (mismatchCnt != null && mismatchCnt < 0) {
            return "negative mismatch_cnt";
        }
        if (syncSpeedKibS != null && syncSpeedKibS < 0) {
            return "negative sync_speed";
        }
        return null;
    }
}
