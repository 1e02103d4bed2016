package io.raidpulse.model.capacity;

/**
 * What one member disk can do: the inputs of the capacity model (docs/raid-model.md#what-the-model-takes-as-input).
 *
 * @param id              stable name ("published-d-16tb-hdd", "default-hdd-7200")
 * @param description     what the disk is, for reports
 * @param model           disk model as the collector reports it (sysfs {@code device/model}); null when not known
 * @param rotational      true for spinning disks; null when not known
 * @param randomReadIops  Dr: random reads per second at {@code blockSizeBytes} and {@code queueDepth}
 * @param randomWriteIops Dw: random writes per second at the same size and depth
 * @param blockSizeBytes  request size the IOPS figures were measured at
 * @param queueDepth      outstanding requests on the disk when measured; null when not known
 * @param sequentialMBps  S: sequential transfer rate in MB/s (10^6 bytes/s)
 * @param source          where the figures come from (benchmark, data sheet)
 */
public record DiskProfile(
        String id,
        String description,
        String model,
        Boolean rotational,
        double randomReadIops,
        double randomWriteIops,
        long blockSizeBytes,
        Integer queueDepth,
        double sequentialMBps,
        String source) {

    public DiskProfile {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("disk profile id is required");
        }
        requirePositive("random read IOPS", randomReadIops);
        requirePositive("random write IOPS", randomWriteIops);
        requirePositive("sequential MB/s", sequentialMBps);
        if (blockSizeBytes <= 0) {
            throw new IllegalArgumentException("block size must be positive, got " + blockSizeBytes);
        }
        if (queueDepth != null && queueDepth < 1) {
            throw new IllegalArgumentException("queue depth must be at least 1, got " + queueDepth);
        }
    }

    private static void requirePositive(String what, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be a positive number, got " + v);
        }
    }

    public double sequentialBytesPerSec() {
        return sequentialMBps * 1e6;
    }

    /** Seconds one random read of {@code bytes} occupies the disk. */
    public double readSeconds(long bytes) {
        return serviceSeconds(randomReadIops, bytes);
    }

    /** Seconds one random write of {@code bytes} occupies the disk. */
    public double writeSeconds(long bytes) {
        return serviceSeconds(randomWriteIops, bytes);
    }

    /*
     * Positioning plus transfer: the measured 1/IOPS at the profile's request size splits into
     * a fixed positioning time and blockSize/S of transfer; another size keeps the positioning
     * and transfers its own bytes at S. At the profile's size this is exactly 1/IOPS.
     */
    private double serviceSeconds(double iops, long bytes) {
        double positioning = Math.max(0, 1 / iops - blockSizeBytes / sequentialBytesPerSec());
        return positioning + bytes / sequentialBytesPerSec();
    }
}
