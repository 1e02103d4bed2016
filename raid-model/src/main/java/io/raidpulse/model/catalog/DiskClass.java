package io.raidpulse.model.catalog;

import io.raidpulse.model.capacity.DiskProfile;
import java.util.Locale;

/**
 * Member-disk figures to fall back on when there is no benchmark of the disks and no
 * single-disk profile. These are defaults, not measurements of the user's disks: each is
 * labelled "default" and names its source. Random figures are for 4 KiB requests, one
 * outstanding: one average access plus the average rotational latency for spinning disks,
 * the data sheet's queue-depth-1 figure for SSDs.
 */
public enum DiskClass {

    /**
     * 7200 rpm: WD Ultrastar DC HC310 OEM specification, average seek 7.4 ms read / 8.2 ms write,
     * average latency 4.16 ms; sequential 268 MB/s as measured on a 16 TB 7.2k HDD (published-results D).
     */
    HDD_7200(new DiskProfile("default-hdd-7200", "default 7200 rpm HDD", null, true,
            1000 / (7.4 + 4.16), 1000 / (8.2 + 4.16), 4096, 1, 268,
            "default: WD Ultrastar DC HC310 spec (seek 7.4/8.2 ms, latency 4.16 ms); 268 MB/s from published-results D")),

    /**
     * 10000 rpm: Seagate Savvio 10K.4 SAS product manual, average access 4.0 ms read / 4.6 ms
     * write including controller overhead, average rotational latency 3.0 ms; sequential is
     * the 1.62 Gb/s internal data rate at the outer zone, an upper bound on sustained transfer.
     */
    HDD_10K(new DiskProfile("default-hdd-10k", "default 10k rpm SAS HDD", null, true,
            1000 / (4.0 + 3.0), 1000 / (4.6 + 3.0), 4096, 1, 1620 / 8.0,
            "default: Seagate Savvio 10K.4 manual (access 4.0/4.6 ms, latency 3.0 ms, internal rate 1.62 Gb/s as an upper bound)")),

    /**
     * 15000 rpm: Hitachi Ultrastar 15K450 specification, average seek 3.3 ms read / 3.8 ms
     * write (450 GB); Seagate Cheetah 15K.7 SAS product manual, average rotational latency
     * 2.0 ms and sustainable transfer up to 204 MB/s.
     */
    HDD_15K(new DiskProfile("default-hdd-15k", "default 15k rpm SAS HDD", null, true,
            1000 / (3.3 + 2.0), 1000 / (3.8 + 2.0), 4096, 1, 204,
            "default: Hitachi Ultrastar 15K450 spec (seek 3.3/3.8 ms); Cheetah 15K.7 manual (latency 2.0 ms, up to 204 MB/s)")),

    /** SATA SSD: Samsung 850 EVO 1 TB specification, 4 KiB QD1 10,000 read / 40,000 write IOPS, sequential write 520 MB/s. */
    SATA_SSD(new DiskProfile("default-sata-ssd", "default SATA SSD", null, false,
            10_000, 40_000, 4096, 1, 520,
            "default: Samsung 850 EVO 1 TB spec (4 KiB QD1 10k/40k IOPS, 540/520 MB/s)")),

    /** NVMe SSD: Samsung 970 EVO Plus 1 TB specification, 4 KiB QD1 19,000 read / 60,000 write IOPS, sequential write 3,300 MB/s. */
    NVME_SSD(new DiskProfile("default-nvme-ssd", "default NVMe SSD", null, false,
            19_000, 60_000, 4096, 1, 3300,
            "default: Samsung 970 EVO Plus 1 TB spec (4 KiB QD1 19k/60k IOPS, 3500/3300 MB/s)"));

    private final DiskProfile defaults;

    DiskClass(DiskProfile defaults) {
        this.defaults = defaults;
    }

    public DiskProfile defaults() {
        return defaults;
    }

    /**
     * The class a member most likely belongs to from what sysfs tells: NVMe by device name,
     * SSD when not rotational, else (rotational or not known) the 7200 rpm default, the
     * slowest and most common spinning class: sysfs cannot tell 10k or 15k disks apart.
     */
    public static DiskClass guess(Boolean rotational, String deviceName) {
        if (deviceName != null && deviceName.toLowerCase(Locale.ROOT).startsWith("nvme")) {
            return NVME_SSD;
        }
        if (Boolean.FALSE.equals(rotational)) {
            return SATA_SSD;
        }
        return HDD_7200;
    }
}
