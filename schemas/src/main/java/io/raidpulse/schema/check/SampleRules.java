package io.raidpulse.schema.check;

import io.raidpulse.schema.CounterDeltas;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.MdArray;
import java.util.HashSet;
import java.util.Set;

/**
 * What a HostSample cannot hold and be true, shared by the two ends of the pipe: the stream
 * processor refuses a sample breaking these rules (a dead letter, so that one broken collector
 * cannot raise false alerts or poison windows); the collector checks each device and array
 * against the same rules and leaves out what breaks them (counted in read_errors), so that what
 * it reads, however odd, never costs a whole sample downstream.
 */
public final class SampleRules {
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

    private SampleRules() {
    }

    public static String problem(HostSample s) {
        if (s.getHost() == null || s.getHost().getHostname() == null || s.getHost().getHostname().isBlank()) {
            return "no hostname";
        }
        if (s.getHost().getHostname().contains("/")) {
            return "hostname '" + s.getHost().getHostname() + "' contains '/'";
        }
        if (s.getSequence() < 0) {
            return "negative sequence " + s.getSequence();
        }
        if (s.getSampleTime() == null || s.getSampleTime().toEpochMilli() <= 0) {
            return "sample_time not after 1970";
        }
        if (!(s.getUptimeS() >= 0) || Double.isInfinite(s.getUptimeS())) {
            return "uptime_s " + s.getUptimeS() + " is not a non-negative number";
        }
        Double interval = s.getIntervalS();
        if (interval != null && !(interval > 0 && interval <= MAX_INTERVAL_S)) {
            return "interval_s " + interval + " outside (0, " + MAX_INTERVAL_S + "]";
        }
        // sized for every device at HashSet's load factor: no rehash while a sample of many devices is checked
        Set<String> names = new HashSet<>(s.getDevices().size() * 4 / 3 + 1);
        for (DeviceSample d : s.getDevices()) {
            if (d.getName() != null && !names.add(d.getName())) {
                return "device " + d.getName() + " listed twice";
            }
            String p = deviceProblem(d, interval);
            if (p != null) {
                return p;
            }
        }
        Set<String> arrays = new HashSet<>();
        for (MdArray a : s.getArrays()) {
            if (a.getName() != null && !arrays.add(a.getName())) {
                return "array " + a.getName() + " listed twice";
            }
            String p = arrayProblem(a);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /**
     * What is impossible about one device of a sample whose interval is {@code intervalS} (null for
     * a first sample), as "device NAME: ...", or null. The collector leaves such a device's
     * metrics out of a sample rather than send one the stream processor refuses.
     */
    public static String deviceProblem(DeviceSample d, Double intervalS) {
        if (d.getName() == null || d.getName().isBlank() || d.getName().contains("/")) {
            return "device with an empty name or a name containing '/'";
        }
        if (d.getMetrics() != null && intervalS == null) {
            return "device " + d.getName() + " has metrics but the sample has no interval_s";
        }
        String p = metricsProblem(d.getMetrics());
        if (p == null) {
            p = intervalS == null ? null : deltasProblem(d.getDeltas(), intervalS);
        }
        return p == null ? null : "device " + d.getName() + ": " + p;
    }

    /** What is impossible about one md array, as "array NAME: ...", or null. */
    public static String arrayProblem(MdArray a) {
        if (a.getName() == null || a.getName().isBlank() || a.getName().contains("/")) {
            return "array with an empty name or a name containing '/'";
        }
        String p = arrayValues(a);
        return p == null ? null : "array " + a.getName() + ": " + p;
    }

    /** iostat's names of the metrics {@link #metricsProblem} checks, in its order. */
    private static final String[] METRIC_NAMES = {"r_s", "w_s", "d_s", "f_s", "rkB_s", "wkB_s", "dkB_s", "rrqm_s", "wrqm_s", "drqm_s", "rrqm",
        "wrqm", "drqm", "r_await", "w_await", "d_await", "f_await", "rareq_sz", "wareq_sz", "dareq_sz", "aqu_sz", "util"};

    private static String metricsProblem(IostatMetrics m) {
        if (m == null) {
            return null;
        }
        double[] values = {m.getRS(), m.getWS(), m.getDS(), m.getFS(), m.getRkBS(), m.getWkBS(), m.getDkBS(),
                m.getRrqmS(), m.getWrqmS(), m.getDrqmS(), m.getRrqm(), m.getWrqm(), m.getDrqm(), m.getRAwait(),
                m.getWAwait(), m.getDAwait(), m.getFAwait(), m.getRareqSz(), m.getWareqSz(), m.getDareqSz(),
                m.getAquSz(), m.getUtil()};
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] >= 0) || Double.isInfinite(values[i])) {
                return METRIC_NAMES[i] + " " + values[i] + " is not a non-negative number";
            }
            if (values[i] > MAX_METRIC) {
                return METRIC_NAMES[i] + " " + values[i] + " beyond any device (" + MAX_METRIC + ")";
            }
        }
        if (m.getUtil() > MAX_UTIL) {
            return "util " + m.getUtil() + "% above " + MAX_UTIL + "%";
        }
        if (m.getRrqm() > 100 || m.getWrqm() > 100 || m.getDrqm() > 100) {
            return "a merge percentage above 100";
        }
        return null;
    }

    private static String deltasProblem(CounterDeltas c, double intervalS) {
        if (c == null) {
            return null;
        }
        long[] values = {c.getReads(), c.getReadsMerged(), c.getSectorsRead(), c.getReadMs(), c.getWrites(),
                c.getWritesMerged(), c.getSectorsWritten(), c.getWriteMs(), c.getIoTicksMs(), c.getWeightedMs()};
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

    private static String arrayValues(MdArray a) {
        if (a.getDegraded() != null && a.getDegraded() < 0) {
            return "negative degraded count";
        }
        if (a.getRaidDisks() != null && a.getRaidDisks() < 0) {
            return "negative raid_disks";
        }
        if (a.getDegraded() != null && a.getRaidDisks() != null && a.getDegraded() > a.getRaidDisks()) {
            return "degraded " + a.getDegraded() + " exceeds raid_disks " + a.getRaidDisks();
        }
        Double pct = a.getSyncCompletedPct();
        if (pct != null && !(pct >= 0 && pct <= 100)) {
            return "sync_completed_pct " + pct + " outside 0-100";
        }
        if (a.getMismatchCnt() != null && a.getMismatchCnt() < 0) {
            return "negative mismatch_cnt";
        }
        if (a.getSyncSpeedKibS() != null && a.getSyncSpeedKibS() < 0) {
            return "negative sync_speed";
        }
        return null;
    }
}
