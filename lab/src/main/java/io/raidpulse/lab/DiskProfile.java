package io.raidpulse.lab;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a lab disk behaves, its backing store and its bus. A rotating disk serves one request at a
 * time ({@link Backing#SERIAL}: the lab's NBD disk, {@link io.raidpulse.lab.disk.NbdDiskServer});
 * a parallel device is QEMU block throttling over a file or QEMU's null-co (a token bucket per
 * disk: requests over the rate wait in QEMU, so the guest sees them in flight). The numbers and
 * where they come from are in lab/README.md.
 *
 * @param name        as scenarios name it
 * @param iops        SERIAL: random 4 KiB requests per second; throttled: requests per second, reads and
 *                    writes together, any size (QEMU {@code x-iops-total})
 * @param bytesPerSec SERIAL: the media rate; throttled: bytes per second, reads and writes together (QEMU {@code x-bps-total})
 * @param latencyNs   fixed service time of every request (QEMU null-co {@code latency-ns}); 0 otherwise
 * @param rotational  what the guest's {@code queue/rotational} says (the lab sets it; virtio says 1 by default)
 * @param nvme        an NVMe controller (nvme0n1) instead of virtio-blk (vdX)
 */
public record DiskProfile(String name, Backing backing, long iops, long bytesPerSec, long latencyNs, boolean rotational,
                          boolean nvme, String summary) {
    /** What serves a disk's requests. */
    public enum Backing {
        /** a sparse file behind the lab's NBD disk: one request at a time, positioning plus transfer */
        SERIAL,
        /** a sparse file behind a QEMU throttle-group: requests in parallel up to the IOPS and MB/s */
        THROTTLED_FILE,
        /** QEMU null-co (a fixed latency per request, in parallel, no data kept) behind a throttle-group */
        THROTTLED_NULL
    }

    public boolean keepsData() {
        return backing != Backing.THROTTLED_NULL;
    }

    /**
     * A 7200 rpm SATA/SAS disk with requests queued (NCQ): 150 random 4 KiB I/Os per second
     * (8.5 ms average seek + 4.2 ms half a revolution is 79 per second at queue depth 1; a deep
     * queue lets the disk reorder to about twice that) and 160 MB/s sequential, as for the
     * seeds' Seagate Constellation ES.2 3 TB (155 MB/s sustained). Served one request at a time:
     * 6.64 ms positioning unless a request continues the previous one, plus the transfer at
     * 160 MB/s ({@link io.raidpulse.lab.disk.SerialDisk}).
     */
    public static final DiskProfile HDD_7200 = new DiskProfile("hdd-7200", Backing.SERIAL, 150, 160_000_000L, 0, true, false,
            "7200 rpm disk: one request at a time, 150 random 4 KiB IOPS, 160 MB/s sequential");
    /**
     * A SATA SSD scaled to what an emulated CPU can drive: 4,000 IOPS and 400 MB/s, requests served
     * in parallel with no per-request service time of its own (the host's page cache behind it).
     */
    public static final DiskProfile SSD = new DiskProfile("ssd", Backing.THROTTLED_FILE, 4_000, 400_000_000L, 0, false, false,
            "SATA SSD, scaled: 4,000 IOPS, 400 MB/s, parallel");
    /**
     * An NVMe namespace for the parallel-device case, scaled to what an emulated CPU can drive:
     * every request takes 4 ms in the device whatever else is in flight (QEMU null-co), up to
     * 3,000 requests per second. Eight requests always in flight are 2,000 IOPS at 100% util with
     * no waiting; past 3,000 per second the throttle queues them. (A real NVMe answers in 0.1 ms;
     * an emulated guest cannot keep enough requests in flight for that to look busy, and what the
     * case needs is requests served in parallel.) No data is kept, so it serves standalone-device
     * scenarios only.
     */
    public static final DiskProfile NVME = new DiskProfile("nvme", Backing.THROTTLED_NULL, 3_000, 1_000_000_000L, 4_000_000L, false, true,
            "NVMe namespace, scaled: 4 ms per request in parallel, 3,000 IOPS, no data kept");

    /** The rotating disk's service-time model; null for the parallel profiles. */
    public io.raidpulse.lab.disk.SerialDisk serialModel() {
        return backing == Backing.SERIAL ? io.raidpulse.lab.disk.SerialDisk.of(iops, bytesPerSec, 4096) : null;
    }

    public static List<DiskProfile> all() {
        return List.of(HDD_7200, SSD, NVME);
    }

    public static DiskProfile named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return all().stream().filter(p -> p.name().equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown disk profile '" + name + "': expected one of " + Arrays.toString(all().stream().map(DiskProfile::name).toArray())));
    }
}
