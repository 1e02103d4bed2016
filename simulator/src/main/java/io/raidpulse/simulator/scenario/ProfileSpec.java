package io.raidpulse.simulator.scenario;

/**
 * A member disk's capacity profile: what one disk does alone (published result D: a 16 TB HDD does
 * 550 random-read and 480 random-write IOPS at 4 KiB and 268 MB/s sequentially).
 *
 * @param readIops random 4 KiB reads per second at full queue
 * @param writeIops random 4 KiB writes per second at full queue
 * @param sequentialBytesPerSecond sequential transfer rate, bytes/s
 * @param rotational what /sys/block/DEV/queue/rotational shows
 * @param model the drive's model string (device/model shows its first 16 characters for SCSI/ATA)
 * @param maxQueue requests the block layer holds for the device at most (nr_requests): bounds aqu-sz
 * @param flushSeconds time one cache flush occupies the device, seconds
 */
public record ProfileSpec(String name, double readIops, double writeIops, double sequentialBytesPerSecond,
        boolean rotational, String model, int maxQueue, double flushSeconds, int line) {
}
