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
    /** {@link SampleLimits}' bounds, named here too for the checks of received samples. */
    public static final double MAX_UTIL = SampleLimits.MAX_UTIL;
    public static final double MAX_METRIC = SampleLimits.MAX_METRIC;
    public static final double MAX_DELTA_PER_S = SampleLimits.MAX_DELTA_PER_S;
    public static final double MAX_INTERVAL_S = SampleLimits.MAX_INTERVAL_S;

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
        return SampleLimits.deviceProblem(d.getName(), metrics(d.getMetrics()), deltas(d.getDeltas()), intervalS);
    }

    /** What is impossible about one md array, as "array NAME: ...", or null. */
    public static String arrayProblem(MdArray a) {
        return SampleLimits.arrayProblem(a.getName(), a.getDegraded(), a.getRaidDisks(), a.getSyncCompletedPct(), a.getMismatchCnt(),
                a.getSyncSpeedKibS());
    }

    private static double[] metrics(IostatMetrics m) {
        return m == null ? null : new double[] {m.getRS(), m.getWS(), m.getDS(), m.getFS(), m.getRkBS(), m.getWkBS(), m.getDkBS(),
            m.getRrqmS(), m.getWrqmS(), m.getDrqmS(), m.getRrqm(), m.getWrqm(), m.getDrqm(), m.getRAwait(),
            m.getWAwait(), m.getDAwait(), m.getFAwait(), m.getRareqSz(), m.getWareqSz(), m.getDareqSz(),
            m.getAquSz(), m.getUtil()};
    }

    private static long[] deltas(CounterDeltas c) {
        return c == null ? null : new long[] {c.getReads(), c.getReadsMerged(), c.getSectorsRead(), c.getReadMs(), c.getWrites(),
            c.getWritesMerged(), c.getSectorsWritten(), c.getWriteMs(), c.getIoTicksMs(), c.getWeightedMs()};
    }
}
