package io.raidpulse.collector.iostat;

import io.raidpulse.md.DiskStat;


/**
 * The {@code iostat -x} computation of sysstat 12.6 (iostat.c write_ext_stat and
 * write_json_ext_stat, rd_stats.c compute_ext_disk_stats), with the interval in hundredths of
 * a second from /proc/uptime as iostat takes it (common.c get_interval: 0 counts as 1).
 *
 * <p>Where sysstat is exact we are exact: a device counts as removed and re-inserted, and its
 * previous sample as zero, when the sum of reads, writes, discards and flushes went down and
 * each of sectors read, written and discarded went down or was 0 before (iostat.c write_stats).
 * Time fields are unsigned 32-bit in the kernel's output, so their difference is taken modulo
 * 2^32, which unwraps a wrap exactly as iostat's unsigned int arithmetic does.
 *
 * <p>Where sysstat prints garbage we do not: one counter that went down without the device
 * counting as re-inserted makes iostat print about 1.2e19 r/s (an unsigned long difference);
 * here that counter's delta is 0 for the interval. A 32-bit time field whose modular difference
 * is 2^31 or more went down rather than wrapped (2^31 ms is 24 days in one interval) and also
 * gives 0. So no metric is ever negative, NaN or infinite.
 */
public final class IostatMath {
    private static final long U32_MASK = 0xFFFF_FFFFL;
    private static final long HALF_U32 = 1L << 31;

    private IostatMath() {
    }

    /**
     * Metrics of {@code cur} over the interval since {@code prev}; both must be the same device
     * with extended (11+ field) lines. {@code itvCs} is the interval in hundredths of a second.
     */
    public static DeviceInterval compute(DiskStat prev, DiskStat cur, long itvCs) {
        boolean reset = reinserted(prev, cur);
        IntervalDeltas d = reset ? deltas(null, cur) : deltas(prev, cur);
        return new DeviceInterval(metrics(d, itvCs <= 0 ? 1 : itvCs), d, reset);
    }

    /** iostat.c write_stats: "Try to detect if device has been removed then inserted again". */
    static boolean reinserted(DiskStat p, DiskStat c) {
        return Long.compareUnsigned(c.allIos(), p.allIos()) < 0
                && (p.sectorsRead() == 0 || c.sectorsRead() < p.sectorsRead())
                && (p.sectorsWritten() == 0 || c.sectorsWritten() < p.sectorsWritten())
                && (p.sectorsDiscarded() == 0 || c.sectorsDiscarded() < p.sectorsDiscarded());
    }

    /** Deltas of {@code c} since {@code p}; since zero (a re-inserted device, or since boot) when {@code p} is null. */
    static IntervalDeltas deltas(DiskStat p, DiskStat c) {
        if (p == null) {
            return new IntervalDeltas(c.readsCompleted(), c.readsMerged(), c.sectorsRead(), c.readMs(),
                    c.writesCompleted(), c.writesMerged(), c.sectorsWritten(), c.writeMs(), c.ioTicksMs(), c.weightedMs(),
                    c.discardsCompleted(), c.discardsMerged(), c.sectorsDiscarded(), c.discardMs(),
                    c.flushesCompleted(), c.flushMs(), c.hasDiscards(), c.hasFlushes());
        }
        return new IntervalDeltas(
                counter(p.readsCompleted(), c.readsCompleted()),
                counter(p.readsMerged(), c.readsMerged()),
                counter(p.sectorsRead(), c.sectorsRead()),
                ticks(p.readMs(), c.readMs()),
                counter(p.writesCompleted(), c.writesCompleted()),
                counter(p.writesMerged(), c.writesMerged()),
                counter(p.sectorsWritten(), c.sectorsWritten()),
                ticks(p.writeMs(), c.writeMs()),
                ticks(p.ioTicksMs(), c.ioTicksMs()),
                ticks(p.weightedMs(), c.weightedMs()),
                counter(p.discardsCompleted(), c.discardsCompleted()),
                counter(p.discardsMerged(), c.discardsMerged()),
                counter(p.sectorsDiscarded(), c.sectorsDiscarded()),
                ticks(p.discardMs(), c.discardMs()),
                counter(p.flushesCompleted(), c.flushesCompleted()),
                ticks(p.flushMs(), c.flushMs()),
                c.hasDiscards(), c.hasFlushes());
    }

    /** Metrics since boot, iostat's first report: previous counters zero, interval = uptime. */
    public static DeviceMetrics sinceBoot(DiskStat cur, long uptimeCs) {
        return metrics(deltas(null, cur), uptimeCs <= 0 ? 1 : uptimeCs);
    }

    /** An unsigned long counter: a decrease that is not a re-insertion gives 0. */
    private static long counter(long prev, long cur) {
        return cur >= prev ? cur - prev : 0;
    }

    /** An unsigned int time field: difference modulo 2^32; 2^31 or more means it went down. */
    private static long ticks(long prev, long cur) {
        long d = (cur - prev) & U32_MASK;
        return d >= HALF_U32 ? 0 : d;
    }

    /** The formulas of write_ext_stat, in its order of operations so doubles round the same way. */
    static DeviceMetrics metrics(IntervalDeltas d, long itv) {
        return new DeviceMetrics(
                sValue(d.reads(), itv), sValue(d.writes(), itv), sValue(d.discards(), itv), sValue(d.flushes(), itv),
                sValue(d.sectorsRead(), itv) / 2, sValue(d.sectorsWritten(), itv) / 2,
                sValue(d.sectorsDiscarded(), itv) / 2,
                sValue(d.readsMerged(), itv), sValue(d.writesMerged(), itv), sValue(d.discardsMerged(), itv),
                mergedPercent(d.readsMerged(), d.reads()), mergedPercent(d.writesMerged(), d.writes()),
                mergedPercent(d.discardsMerged(), d.discards()),
                perIo(d.readMs(), d.reads()), perIo(d.writeMs(), d.writes()), perIo(d.discardMs(), d.discards()),
                perIo(d.flushMs(), d.flushes()),
                perIo(d.sectorsRead(), d.reads()) / 2, perIo(d.sectorsWritten(), d.writes()) / 2,
                perIo(d.sectorsDiscarded(), d.discards()) / 2,
                sValue(d.weightedMs(), itv) / 1000.0,
                sValue(d.ioTicksMs(), itv) / 10.0);
    }

    /** common.h S_VALUE: per second, the interval being in hundredths of a second. */
    private static double sValue(long delta, long itv) {
        return (double) delta / itv * 100;
    }

    /** The sum is taken in double: exact below 2^53, and it cannot overflow into a negative percentage. */
    private static double mergedPercent(long merged, long completed) {
        double all = (double) merged + (double) completed;
        return all != 0 ? merged / all * 100 : 0.0;
    }

    private static double perIo(long amount, long ios) {
        return ios != 0 ? amount / (double) ios : 0.0;
    }
}
