package io.raidpulse.lab;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a lab disk behaves: QEMU block throttling (a token bucket per disk: requests over the rate
 * wait in QEMU, so the guest sees them in flight and its iostat shows the disk 100% busy), the
 * backing store and the bus. The numbers and where they come from are in lab/README.md.
 *
 * @param name        as scenarios name it
 * @param iops        requests per second the disk serves, reads and writes together, any size
 *                    (QEMU {@code x-iops-total}): a rotating disk seeks for most requests
 * @param bytesPerSec bytes per second, reads and writes together (QEMU {@code x-bps-total})
 * @param latencyNs   fixed service time of every request (QEMU null-co {@code latency-ns}); 0 for file-backed disks
 * @param rotational  what the guest's {@code queue/rotational} says (the lab sets it; virtio says 1 by default)
 * @param nvme        an NVMe controller (nvme0n1) instead of virtio-blk (vdX)
 * @param keepsData   false for null-co disks: writes vanish and reads return zeros, so no md array can live on them
 */
public record DiskProfile(String name, long iops, long bytesPerSec, long latencyNs, boolean rotational, boolean nvme,
                          boolean keepsData, String summary) {
    /**
     * A 7200 rpm SATA/SAS disk with requests queued (NCQ): 150 random I/Os per second
     * (8.5 ms average seek + 4.2 ms half a revolution is 79 per second at queue depth 1; a deep
     * queue lets the disk reorder to about twice that) and 160 MB/s sequential, as for the
     * seeds' Seagate Constellation ES.2 3 TB (155 MB/s sustained). Every request counts against
     * the IOPS limit, so small sequential requests are as slow as random ones; large requests
     * (512 KiB chunks, 1 MiB fio blocks) reach the MB/s limit.
     */
    public static final DiskProfile HDD_7200 = new DiskProfile("hdd-7200", 150, 160_000_000L, 0, true, false, true,
            "7200 rpm disk: 150 IOPS, 160 MB/s");
    /**
     * A SATA SSD scaled to what an emulated CPU can drive: 4,000 IOPS and 400 MB/s, requests served
     * in parallel with no per-request service time of its own (the host's page cache behind it).
     */
    public static final DiskProfile SSD = new DiskProfile("ssd", 4_000, 400_000_000L, 0, false, false, true,
            "SATA SSD, scaled: 4,000 IOPS, 400 MB/s, parallel");
    /**
     * An NVMe namespace for the parallel-device case: every request takes 1 ms in the device
     * whatever else is in flight (QEMU null-co), up to 3,000 requests per second. One request in
     * flight all the time is 1,000 IOPS at 100% util and no queueing; past 3,000 per second the
     * throttle queues them. No data is kept, so it serves standalone-device scenarios only.
     */
    public static final DiskProfile NVME = new DiskProfile("nvme", 3_000, 1_000_000_000L, 1_000_000L, false, true, false,
            "NVMe namespace, scaled: 1 ms per request in parallel, 3,000 IOPS, no data kept");

    public static List<DiskProfile> all() {
        return List.of(HDD_7200, SSD, NVME);
    }

    public static DiskProfile named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return all().stream().filter(p -> p.name().equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown disk profile '" + name + "': expected one of " + Arrays.toString(all().stream().map(DiskProfile::name).toArray())));
    }
}
