package io.raidpulse.collector.diskstats;

/**
 * One line of /proc/diskstats (kernel Documentation/ABI/testing/procfs-diskstats,
 * Documentation/admin-guide/iostats.rst). Field numbers in the comments are the 1-based
 * numbers of procfs-diskstats. I/O and sector counters are the kernel's {@code unsigned long};
 * time fields are printed as {@code unsigned int} milliseconds and wrap at 2^32.
 *
 * <p>{@code fieldCount} is the number of counters after the name: 11 before 4.18, 15 with
 * discards (4.18+), 17 with flushes (5.5+); 4 for a partition line of kernels before 2.6.25,
 * which carries only reads, sectors read, writes and sectors written. Counters a line does not
 * carry are 0.
 */
public record DiskStat(
        int major,
        int minor,
        String name,
        int fieldCount,
        long readsCompleted,   // 4: I/Os
        long readsMerged,      // 5: I/Os
        long sectorsRead,      // 6: 512-byte sectors
        long readMs,           // 7: ms summed over requests, u32
        long writesCompleted,  // 8: I/Os
        long writesMerged,     // 9: I/Os
        long sectorsWritten,   // 10: sectors
        long writeMs,          // 11: ms, u32
        long inFlight,         // 12: I/Os in progress (gauge), u32
        long ioTicksMs,        // 13: ms of wall clock with at least one I/O in flight, u32
        long weightedMs,       // 14: ms x I/Os in flight, u32
        long discardsCompleted, // 15: I/Os (4.18+)
        long discardsMerged,   // 16
        long sectorsDiscarded, // 17
        long discardMs,        // 18: ms, u32
        long flushesCompleted, // 19: (5.5+)
        long flushMs) {        // 20: ms, u32

    /** Whether the line carries the extended (11+) fields that iostat -x needs. */
    public boolean extended() {
        return fieldCount >= 11;
    }

    public boolean hasDiscards() {
        return fieldCount >= 15;
    }

    public boolean hasFlushes() {
        return fieldCount >= 17;
    }

    /** Reads, writes, discards and flushes completed: the sum sysstat compares to detect a re-inserted device. */
    public long allIos() {
        return readsCompleted + writesCompleted + discardsCompleted + flushesCompleted;
    }

    /** The fields exactly as /sys/block/NAME/stat prints them (what {@code iostat} reads). */
    public String sysfsStatLine() {
        StringBuilder sb = new StringBuilder();
        long[] v = fields();
        for (int i = 0; i < fieldCount && i < v.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(v[i]);
        }
        return sb.toString();
    }

    /** The /proc/diskstats line for this device. */
    public String diskstatsLine() {
        return String.format("%4d %7d %s %s", major, minor, name, sysfsStatLine());
    }

    private long[] fields() {
        if (fieldCount == 4) {
            return new long[] {readsCompleted, sectorsRead, writesCompleted, sectorsWritten};
        }
        return new long[] {readsCompleted, readsMerged, sectorsRead, readMs, writesCompleted, writesMerged,
            sectorsWritten, writeMs, inFlight, ioTicksMs, weightedMs, discardsCompleted, discardsMerged,
            sectorsDiscarded, discardMs, flushesCompleted, flushMs};
    }
}
