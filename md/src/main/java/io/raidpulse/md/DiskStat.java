package io.raidpulse.md;

import java.util.Arrays;
import java.util.Locale;

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

    /** Counters a line of Linux 5.5 and later carries. */
    public static final int FIELDS = 17;

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

    /**
     * /sys/block/NAME/stat (and NAME/PART/stat) as block/genhd.c part_stat_show prints it: the counters the
     * record carries, each "%8lu", separated by single spaces, then a newline. What {@code iostat} reads.
     */
    public String sysfsStat() {
        StringBuilder b = new StringBuilder(carried().length * 9);
        for (long v : carried()) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(String.format(Locale.ROOT, "%8d", v));
        }
        return b.append('\n').toString();
    }

    /** The /proc/diskstats line for this device, without its newline. */
    public String diskstatsLine() {
        return Diskstats.line(this);
    }

    /** The counters the line carries, in the kernel's order. */
    long[] carried() {
        if (fieldCount == 4) {
            return new long[] {readsCompleted, sectorsRead, writesCompleted, sectorsWritten};
        }
        long[] all = {readsCompleted, readsMerged, sectorsRead, readMs, writesCompleted, writesMerged,
            sectorsWritten, writeMs, inFlight, ioTicksMs, weightedMs, discardsCompleted, discardsMerged,
            sectorsDiscarded, discardMs, flushesCompleted, flushMs};
        return Arrays.copyOf(all, Math.min(fieldCount, FIELDS));
    }

    /**
     * A device with counters {@code v} in the order of procfs-diskstats fields 4 to 20 (a 4-field
     * partition line's four counters at their places there: 0, 2, 4 and 6).
     */
    public static DiskStat of(int major, int minor, String name, int fieldCount, long[] v) {
        return new DiskStat(major, minor, name, fieldCount, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9],
                v[10], v[11], v[12], v[13], v[14], v[15], v[16]);
    }
}
