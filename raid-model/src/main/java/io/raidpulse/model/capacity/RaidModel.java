package io.raidpulse.model.capacity;

import io.raidpulse.md.Raid10Layout;
import java.util.Optional;

/**
 * The analytic capacity model of docs/raid-model.md: member I/Os per front-end I/O by level and
 * layout, disk-seconds per I/O, capacity C = n/t, concurrency, degraded reads, rebuild and
 * usable space, all from one member-disk profile.
 */
public final class RaidModel {

    private final RaidLayout layout;
    private final DiskProfile disk;

    public RaidModel(RaidLayout layout, DiskProfile disk) {
        if (layout == null || disk == null) {
            throw new IllegalArgumentException("a layout and a member-disk profile are required");
        }
        this.layout = layout;
        this.disk = disk;
    }

    public RaidLayout layout() {
        return layout;
    }

    public DiskProfile disk() {
        return disk;
    }

    /**
     * Expected busy disks when q random I/Os are outstanding over n disks: n(1 - (1 - 1/n)^q)
     * (docs/raid-model.md#concurrency; matches sysbench 3-4x on 4 and 6-7x on 8 volumes, published-results B,
     * and the 8-disk md RAID5 fio sweep 1.9/3.4/5.4x at q=2/4/8, published-results F).
     */
    public static double occupancy(int disks, double outstanding) {
        return busyMembers(disks, outstanding, 1);
    }

    /*
     * The same expectation when each outstanding I/O occupies w distinct members at once (a
     * mirrored write, a raid5 read-modify-write phase): a member stays idle only if none of
     * the q I/Os picked it, each missing it with probability 1 - w/n. w = 1 is the doc formula.
     */
    static double busyMembers(int disks, double outstanding, double width) {
        if (Double.isInfinite(outstanding)) {
            return disks;
        }
        double w = Math.min(width, disks);
        return disks * (1 - Math.pow(1 - w / disks, outstanding));
    }

    /** Member reads per front-end read: {@link RaidLayout#readCost}. */
    public MemberCost readCost(long requestBytes) {
        return layout.readCost(requestBytes);
    }

    /** Member reads and writes per front-end write: {@link RaidLayout#writeCost}. */
    public MemberCost writeCost(long requestBytes) {
        return layout.writeCost(requestBytes);
    }

    /** Disk-seconds one front-end read costs, summed over members: 1/Dr for a small read. */
    public double diskSecondsPerRead(long requestBytes) {
        MemberCost c = readCost(requestBytes);
        return c.reads() * disk.readSeconds(c.bytesPerIo());
    }

    /** Disk-seconds one front-end write costs: br/Dr + bw/Dw for a small write. */
    public double diskSecondsPerWrite(long requestBytes) {
        MemberCost c = writeCost(requestBytes);
        return c.reads() * disk.readSeconds(c.bytesPerIo()) + c.writes() * disk.writeSeconds(c.bytesPerIo());
    }

    /**
     * Random front-end IOPS at read fraction f with q requests outstanding. At saturation this
     * is C = n/t with t = f/Dr + (1-f)(br/Dr + bw/Dw) (docs/raid-model.md#capacity-under-a-mix);
     * below it, only the expected busy members work (see {@link #occupancy}). Pass
     * {@code Double.POSITIVE_INFINITY} for the saturated capacity.
     */
    public double randomIops(double readFraction, long requestBytes, double queueDepth) {
        requireFraction(readFraction);
        double t = readFraction * diskSecondsPerRead(requestBytes) + (1 - readFraction) * diskSecondsPerWrite(requestBytes);
        double width = readFraction * readCost(requestBytes).membersAtOnce()
                + (1 - readFraction) * writeCost(requestBytes).membersAtOnce();
        return busyMembers(layout.disks(), queueDepth, width) / t;
    }

    public double randomReadIops(long requestBytes, double queueDepth) {
        return randomIops(1, requestBytes, queueDepth);
    }

    public double randomWriteIops(long requestBytes, double queueDepth) {
        return randomIops(0, requestBytes, queueDepth);
    }

    /**
     * Sequential read MB/s of one stream (docs/raid-model.md#sequential-rates): nS for raid0, (n-1)S raid5,
     * (n-2)S raid6, (n/copies)S raid10 near and raid0 over raid1 pairs, nS for far and offset
     * (their first copy is laid out like raid0), S for a raid1 stream.
     */
    public double sequentialReadMBps() {
        return sequentialReadMBps(1);
    }

    /** raid1 serves each stream from one member, so n streams reach nS; other levels stripe one stream. */
    public double sequentialReadMBps(int streams) {
        double s = disk.sequentialMBps();
        int n = layout.disks();
        return switch (layout.level()) {
            case SINGLE -> s;
            case RAID0 -> n * s;
            case RAID1 -> Math.min(Math.max(1, streams), n) * s;
            case RAID5 -> (n - 1) * s;
            case RAID6 -> (n - 2) * s;
            case RAID10 -> layout.layout() == Raid10Layout.NEAR ? (double) n / layout.copies() * s : n * s;
            case RAID0_OVER_RAID1 -> n / 2.0 * s;
        };
    }

    /**
     * Sequential write MB/s (docs/raid-model.md#sequential-rates): full-stripe writes for raid5/6, every copy
     * written for mirrors. For raid10 far and offset this is an upper bound: their second copy
     * costs extra seeks the model does not count (published-results D saw far2 write slower
     * than near2, in graphs only).
     */
    public double sequentialWriteMBps() {
        double s = disk.sequentialMBps();
        int n = layout.disks();
        return switch (layout.level()) {
            case SINGLE, RAID1 -> s;
            case RAID0 -> n * s;
            case RAID5 -> (n - 1) * s;
            case RAID6 -> (n - 2) * s;
            case RAID10, RAID0_OVER_RAID1 -> (double) n / layout.copies() * s;
        };
    }

    /**
     * Random-read IOPS with one member missing; null when the array does not survive it
     * (single, raid0). raid5: a read landing on the missing member (1 in n) costs n-1 member
     * reads, so capacity is about nD/2 at saturation (docs/raid-model.md#degraded-arrays); raid6 with one
     * missing reconstructs from n-2. Mirrors are bound by the group that lost a copy: n(c-1)D/c,
     * nD/2 for two copies.
     */
    public Double degradedRandomReadIops(long requestBytes, double queueDepth) {
        int n = layout.disks();
        int survivors = n - 1;
        double oneRead = diskSecondsPerRead(requestBytes);
        double chunks = readCost(requestBytes).reads();
        return switch (layout.level()) {
            case SINGLE, RAID0 -> null;
            case RAID1 -> busyMembers(survivors, queueDepth, 1) / oneRead;
            case RAID5 -> reconstructing(survivors, queueDepth, oneRead, chunks, 2.0 * (n - 1) / n);
            case RAID6 -> reconstructing(survivors, queueDepth, oneRead, chunks, (2.0 * n - 3) / n);
            case RAID10, RAID0_OVER_RAID1 -> {
                double copies = layout.copies();
                double saturated = n * (copies - 1) / copies / oneRead;
                yield saturated * busyMembers(survivors, queueDepth, 1) / survivors;
            }
        };
    }

    /* Each chunk read lands on the missing member with probability 1/n and then costs a read of every survivor it needs. */
    private static double reconstructing(int survivors, double queueDepth, double oneRead, double chunks, double readsPerChunk) {
        return busyMembers(survivors, queueDepth, chunks * readsPerChunk) / (oneRead * readsPerChunk);
    }

    /** Share of raw member space that holds data. */
    public double usableFraction() {
        int n = layout.disks();
        return switch (layout.level()) {
            case SINGLE, RAID0 -> 1.0;
            case RAID1, RAID10, RAID0_OVER_RAID1 -> 1.0 / layout.copies();
            case RAID5 -> (n - 1.0) / n;
            case RAID6 -> (n - 2.0) / n;
        };
    }

    /**
     * Lower bound on replacing one member: member size / min(S, speed_limit_max), and the time
     * at md's guaranteed floor speed_limit_min while other I/O runs (docs/raid-model.md#rebuild;
     * a 16 TB member needs at least about 21.7 h). Empty for levels without redundancy.
     */
    public Optional<RebuildEstimate> rebuild(long memberBytes, SyncSpeedLimits limits) {
        if (layout.level() == RaidLevel.SINGLE || layout.level() == RaidLevel.RAID0) {
            return Optional.empty();
        }
        if (memberBytes <= 0) {
            throw new IllegalArgumentException("member size must be positive, got " + memberBytes);
        }
        double rate = Math.min(disk.sequentialBytesPerSec(), limits.maxKiBps() * 1024.0);
        double floor = limits.minKiBps() * 1024.0;
        return Optional.of(new RebuildEstimate(memberBytes / rate / 3600, memberBytes / floor / 3600, rate));
    }

    /**
     * Predicted member busy fraction for a live load of R reads/s and W writes/s:
     * U = (R/Dr + W(br/Dr + bw/Dw))/n at the profile's request size (docs/raid-model.md), here with
     * the load's own read and write request sizes. Above 1 the array cannot carry the load.
     */
    public double projectedUtilisation(double readsPerSec, double writesPerSec, long readBytes, long writeBytes) {
        if (readsPerSec < 0 || writesPerSec < 0) {
            throw new IllegalArgumentException("rates must not be negative");
        }
        double busySeconds = readsPerSec * diskSecondsPerRead(readBytes) + writesPerSec * diskSecondsPerWrite(writeBytes);
        return busySeconds / layout.disks();
    }

    private static void requireFraction(double f) {
        if (!(f >= 0 && f <= 1)) {
            throw new IllegalArgumentException("read fraction must be within 0..1, got " + f);
        }
    }
}
