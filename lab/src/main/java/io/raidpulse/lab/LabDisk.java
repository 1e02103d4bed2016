package io.raidpulse.lab;

import io.raidpulse.lab.disk.SerialDisk;
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
 *                    writes together, any size (QEMU {@code x-iops-total}), or reads alone when {@code writeIops}
 *                    is given (QEMU {@code x-iops-read})
 * @param writeIops   throttled: writes per second on their own (QEMU {@code x-iops-write}), a volume whose
 *                    writes cost more than its reads (RAID5 behind a controller); 0: one rate for both
 * @param bytesPerSec SERIAL: the media rate; throttled: bytes per second, reads and writes together (QEMU
 *                    {@code x-bps-total}), or each direction when {@code writeIops} is given
 * @param latencyNs   fixed service time of every request (QEMU null-co {@code latency-ns}); 0 otherwise
 * @param rotational  what the guest's {@code queue/rotational} says (the lab sets it; virtio says 1 by default)
 * @param bus         how the guest sees the disk: virtio-blk (vdX), NVMe (nvme0n1) or a volume of a
 *                    MegaRAID controller (sdX, driven by megaraid_sas)
 * @param vendor      SCSI INQUIRY vendor of a controller volume (the guest's {@code device/vendor}); null otherwise
 * @param product     SCSI INQUIRY product of a controller volume (the guest's {@code device/model}); null otherwise
 */
public record LabDisk(String name, Backing backing, long iops, long writeIops, long bytesPerSec, long latencyNs,
                          boolean rotational, Bus bus, String vendor, String product, String summary) {
    /** What serves a disk's requests. */
    public enum Backing {
        /** a sparse file behind the lab's NBD disk: one request at a time, positioning plus transfer */
        SERIAL,
        /** a sparse file behind a QEMU throttle-group: requests in parallel up to the IOPS and MB/s */
        THROTTLED_FILE,
        /** QEMU null-co (a fixed latency per request, in parallel, no data kept) behind a throttle-group */
        THROTTLED_NULL
    }

    /**
     * The guest's view of a disk. A MegaRAID controller presents each QEMU {@code scsi-hd} on it as
     * a logical drive (its {@code use_jbod} is off), so the guest's real megaraid_sas driver sees a
     * hardware RAID volume, as on a Dell PERC.
     *
     * @param controller the QEMU controller device the disk sits on; null when the disk is a PCI device itself
     */
    public enum Bus {
        VIRTIO(null),
        NVME(null),
        /** LSI MegaRAID SAS 2108, the chip of the Dell PERC H700 and H800 */
        MEGASAS_GEN2("megasas-gen2"),
        /** LSI MegaRAID SAS 1078, the chip of the Dell PERC 5/i and 6/i */
        MEGASAS("megasas");

        private final String controller;

        Bus(String controller) {
            this.controller = controller;
        }

        public String controller() {
            return controller;
        }

        public boolean scsi() {
            return controller != null;
        }
    }

    public boolean nvme() {
        return bus == Bus.NVME;
    }

    public boolean keepsData() {
        return backing != Backing.THROTTLED_NULL;
    }

    /**
     * A 7200 rpm SATA/SAS disk with requests queued (NCQ): 150 random 4 KiB I/Os per second
     * (8.5 ms average seek + 4.2 ms half a revolution is 79 per second at queue depth 1; a deep
     * queue lets the disk reorder to about twice that) and 160 MB/s sequential, as for the
     * Seagate Constellation ES.2 3 TB of docs/published-results.md, A (155 MB/s sustained). Served one request at a time:
     * 6.64 ms positioning unless a request continues the previous one, plus the transfer at
     * 160 MB/s ({@link io.raidpulse.lab.disk.SerialDisk}).
     */
    public static final LabDisk HDD_7200 = new LabDisk("hdd-7200", Backing.SERIAL, 150, 0, 160_000_000L, 0, true, Bus.VIRTIO, null, null,
            "7200 rpm disk: one request at a time, 150 random 4 KiB IOPS, 160 MB/s sequential");
    /**
     * A SATA SSD scaled to what an emulated CPU can drive: 4,000 IOPS and 400 MB/s, requests served
     * in parallel with no per-request service time of its own (the host's page cache behind it).
     */
    public static final LabDisk SSD = new LabDisk("ssd", Backing.THROTTLED_FILE, 4_000, 0, 400_000_000L, 0, false, Bus.VIRTIO, null, null,
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
    public static final LabDisk NVME = new LabDisk("nvme", Backing.THROTTLED_NULL, 3_000, 0, 1_000_000_000L, 4_000_000L, false, Bus.NVME, null,
            null,
            "NVMe namespace, scaled: 4 ms per request in parallel, 3,000 IOPS, no data kept");

    /**
     * A RAID5 volume of four 7200 rpm disks on a Dell PERC H700 (LSI SAS 2108, QEMU
     * {@code megasas-gen2}), as in published result A's pgbench test (docs/published-results.md): random reads are served by the
     * four spindles in parallel (4 x 150 = 600 per second), a random write costs two reads and two
     * writes on them (600 / 4 = 150 per second, what the controller sustains once its write-back
     * cache is full), and a stream passes at three data disks' media rate (3 x 160 MB/s). A
     * throttle-group, not a service time: the volume serves requests in parallel up to the
     * spindles' rate, and what is asked beyond it waits, as it does in the controller's queue.
     * The guest reads "DELL" / "PERC H700", as on the real controller.
     */
    public static final LabDisk PERC_H700 = new LabDisk("perc-h700", Backing.THROTTLED_FILE, 600, 150, 480_000_000L, 0,
            true, Bus.MEGASAS_GEN2, "DELL", "PERC H700",
            "RAID5 volume of 4 x 7200 rpm on a PERC H700 (megaraid_sas): 600 random reads, 150 random writes a second, 480 MB/s");

    /**
     * A RAID10 volume of four 10k rpm SAS disks on a Dell PERC 5/i (LSI SAS 1078, QEMU
     * {@code megasas}), the controller and disks of published result C (docs/published-results.md):
     * random reads are served by the four spindles in parallel (4 x 143, raid-model's 10k rpm
     * default: 4.0 ms access and 3.0 ms rotational latency), a random write goes to both disks of
     * a mirror (4 x 131 / 2 = 262 per second), and a stream passes at the four spindles' rate that
     * C's RAID5 x4 block write implies (158,889 KiB/s over three data disks: 54 MB/s each, 217 MB/s
     * for four); the throttle takes one rate a direction, so writes may stream at it too, where the
     * mirrors would halve it. The guest reads "DELL" / "PERC 5/i", as on the real controller.
     */
    public static final LabDisk PERC_5I = new LabDisk("perc-5i", Backing.THROTTLED_FILE, 572, 262, 217_000_000L, 0,
            true, Bus.MEGASAS, "DELL", "PERC 5/i",
            "RAID10 volume of 4 x 10k rpm SAS on a PERC 5/i (megaraid_sas, SAS 1078): 572 random reads, 262 random writes a second, 217 MB/s");

    /** The rotating disk's service-time model; null for the parallel profiles. */
    public SerialDisk serialModel() {
        return backing == Backing.SERIAL ? SerialDisk.of(iops, bytesPerSec, 4096) : null;
    }

    public static List<LabDisk> all() {
        return List.of(HDD_7200, SSD, NVME, PERC_H700, PERC_5I);
    }

    public static LabDisk named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return all().stream().filter(p -> p.name().equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown disk profile '" + name + "': expected one of " + Arrays.toString(all().stream().map(LabDisk::name).toArray())));
    }
}
