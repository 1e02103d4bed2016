package io.raidpulse.simulator.model;

/**
 * A device's counters at one instant as exact real numbers, with the kernel's rendering of them.
 * Times in nanoseconds as the kernel keeps them (part_stat nsecs); io_ticks in ms.
 *
 * @param capacityMs the device's capacity its served requests used, ms of device time (the
 *     simulator's own, not printed); for a partition its disk's
 */
public record CounterSnapshot(double readIos, double readMerges, double readSectors, double readNanos,
        double writeIos, double writeMerges, double writeSectors, double writeNanos, double flushIos,
        double flushNanos, double ioTicksMs, double capacityMs, double inFlight, double syncReadIos, double syncReadSectors,
        double syncWriteIos, double syncWriteSectors) {

    public static final CounterSnapshot ZERO = new CounterSnapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The 32-bit wrap of the time fields (printed as unsigned int). */
    private static final long U32 = 1L << 32;

    /**
     * The 17 fields of /sys/block/DEV/stat and of a /proc/diskstats line after the name, as a
     * 5.5+ kernel prints them (block/genhd.c part_stat_show, diskstats_show): reads, reads merged,
     * sectors read, ms reading, writes, writes merged, sectors written, ms writing, in flight,
     * io_ticks ms, weighted ms (sum of all request times), discards, discards merged, sectors
     * discarded, ms discarding, flushes, ms flushing. Time fields wrap at 2^32; io_ticks counts
     * whole jiffies of {@code 1000 / hz} ms.
     */
    public long[] kernelFields(int hz) {
        long jiffyMs = 1000 / hz;
        long ioTicks = (long) Math.floor(ioTicksMs / jiffyMs) * jiffyMs;
        return new long[] {
            (long) Math.floor(readIos), (long) Math.floor(readMerges), (long) Math.floor(readSectors),
            ms(readNanos),
            (long) Math.floor(writeIos), (long) Math.floor(writeMerges), (long) Math.floor(writeSectors),
            ms(writeNanos),
            Math.round(inFlight), ioTicks % U32, ms(readNanos + writeNanos + flushNanos),
            0, 0, 0, 0,
            (long) Math.floor(flushIos), ms(flushNanos)
        };
    }

    private static long ms(double nanos) {
        return ((long) Math.floor(nanos / 1e6)) % U32;
    }
}
