package io.raidpulse.model.capacity;

/** The computation behind {@code raidpulse capacity}: one {@link RaidModel} evaluated at one query. */
public final class CapacityCalculator {

    private CapacityCalculator() {
    }

    /**
     * Evaluates the model. The member IOPS are taken to be measured at the query's block size,
     * so no transfer-time correction applies. Invalid input (unknown level, too few disks,
     * read fraction outside 0..1, queue depth below 1) fails with an
     * {@link IllegalArgumentException} whose message names the problem.
     */
    public static ArrayCapacity compute(CapacityQuery q) {
        if (q.queueDepth() < 1) {
            throw new IllegalArgumentException("queue depth must be at least 1, got " + q.queueDepth());
        }
        if (!(q.readFraction() >= 0 && q.readFraction() <= 1)) {
            throw new IllegalArgumentException("read fraction must be within 0..1, got " + q.readFraction());
        }
        RaidLayout layout = RaidLayout.parse(q.level(), q.layout(), q.disks()).withChunk(q.chunkBytes());
        DiskProfile disk = new DiskProfile("query", "member disk given on the command line", null, null,
                q.diskReadIops(), q.diskWriteIops(), q.blockSizeBytes(), null, q.diskSeqMbps(), "command line");
        RaidModel model = new RaidModel(layout, disk);
        long b = q.blockSizeBytes();
        int depth = q.queueDepth();
        Double rebuild = q.memberSizeBytes() == null ? null
                : model.rebuild(q.memberSizeBytes(), SyncSpeedLimits.KERNEL_DEFAULTS).map(RebuildEstimate::idleHoursAtLeast).orElse(null);
        return new ArrayCapacity(
                model.randomReadIops(b, depth),
                model.randomWriteIops(b, depth),
                model.randomIops(q.readFraction(), b, depth),
                model.sequentialReadMBps(),
                model.sequentialWriteMBps(),
                model.usableFraction(),
                model.degradedRandomReadIops(b, depth),
                rebuild);
    }
}
