package io.raidpulse.simulator.scenario;

/**
 * A member disk's capacity profile: what one disk does alone (published result D: a 16 TB HDD does
 * 550 random-read and 480 random-write IOPS at 4 KiB and 268 MB/s sequentially).
 *
 * <p>A rotational disk serves one request at a time: a request occupies it for its share of the
 * capacity (1/IOPS plus the transfer). A non-rotational one (SSD, NVMe) serves many at once: each
 * request takes its latency, however many others are in flight, until the throughput reaches the
 * IOPS or the transfer rate.
 *
 * @param readIops random 4 KiB reads per second at full queue
 * @param writeIops random 4 KiB writes per second at full queue
 * @param sequentialBytesPerSecond sequential transfer rate, bytes/s
 * @param rotational what /sys/block/DEV/queue/rotational shows; no means the disk serves requests in parallel
 * @param model the drive's model string (device/model shows its first 16 characters for SCSI/ATA)
 * @param maxQueue requests the block layer holds for the device at most (nr_requests): bounds aqu-sz
 * @param flushSeconds time one cache flush occupies a rotational device, or takes on a parallel one, seconds
 * @param readLatencySeconds non-rotational: time one random 4 KiB read takes on an idle device, seconds; 0 for a rotational one
 * @param writeLatencySeconds the same for writes
 */
public record ProfileSpec(String name, double readIops, double writeIops, double sequentialBytesPerSecond,
        boolean rotational, String model, int maxQueue, double flushSeconds, double readLatencySeconds,
        double writeLatencySeconds, int line) {

    /** Whether the device serves requests in parallel (SSD, NVMe), as the block layer assumes of non-rotational queues. */
    public boolean parallel() {
        return !rotational;
    }
}
