package io.raidpulse.collector.hwraid;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;

/**
 * The one table of what the collector recognises as a hardware RAID volume from sysfs, and what
 * it knows is not one (collector/README.md, "Hardware RAID volumes", shows the same table; a test
 * holds the two together). A RAID driver exposes its volumes and the disks it passes through on
 * different SCSI channels, fixed in its source, so the channel tells them apart; the INQUIRY
 * strings that controllers give their volumes recognise a volume behind a driver not in the table.
 */
public final class VolumeRules {
    /** How sysfs sees one SCSI disk. */
    public enum Kind {
        /** a controller's volume */
        VOLUME,
        /** a plain disk: a driver that builds no volumes, or a RAID driver's pass-through disk */
        DISK,
        /** a driver the table does not know, without a volume's INQUIRY strings */
        UNKNOWN
    }

    /** The verdict and the rule, as one line. */
    public record Verdict(Kind kind, String reason) {
    }

    /**
     * A RAID driver: the channels its volumes are on (the others are disks it passes through), from
     * the constant in its source, and the controllers it drives.
     */
    record RaidDriver(String driver, String volumeChannels, IntPredicate volume, String source, String controllers) {
    }

    static final List<RaidDriver> RAID_DRIVERS = List.of(
            new RaidDriver("megaraid_sas", "2 and 3", c -> c >= 2, "MEGASAS_IS_LOGICAL: channel >= MEGASAS_MAX_PD_CHANNELS (2)",
                    "Dell PERC 5/i, 6/i, H700, H710, H730, H740; LSI/Broadcom MegaRAID; IBM ServeRAID M; Intel RAID"),
            new RaidDriver("mpt3sas", "1", c -> c == 1, "RAID_CHANNEL 1 (Integrated RAID volumes; 0 SAS/SATA disks, 2 NVMe)",
                    "LSI SAS2/SAS3 HBAs with IR firmware: Dell H200, H310, H330; LSI 9211-8i IR; IBM M1015"),
            new RaidDriver("mpt2sas", "1", c -> c == 1, "RAID_CHANNEL 1 (older kernels' name of mpt3sas's SAS2 part)",
                    "as mpt3sas, SAS2 controllers on kernels before 4.4"),
            new RaidDriver("aacraid", "0", c -> c == 0, "CONTAINER_CHANNEL 0 (1 native/pass-through disks, 3 enclosures)",
                    "Adaptec 2410SA, 5405, 6805, 8805, SmartRAID; IBM ServeRAID 8k"),
            new RaidDriver("hpsa", "1 and 2", c -> c == 1 || c == 2,
                    "HPSA_RAID_VOLUME_BUS 1, HPSA_EXTERNAL_RAID_VOLUME_BUS 2 (0 physical and HBA-mode disks)",
                    "HP Smart Array P410, P420, P440, P840"),
            new RaidDriver("smartpqi", "1 and 3", c -> c == 1 || c == 3,
                    "PQI_RAID_VOLUME_BUS 1, PQI_EXTERNAL_RAID_VOLUME_BUS 3 (0 physical, 2 HBA-mode disks)",
                    "Microchip SmartRAID, HPE Smart Array P408i, P816i"));

    /**
     * INQUIRY strings controllers give their volumes (vendor, model pattern): a volume behind a
     * driver the table does not know, or a copy of the rule above where the driver is known.
     */
    static final List<Pattern> VOLUME_INQUIRY = List.of(
            Pattern.compile("(?i)DELL\\s+PERC\\b.*"),
            Pattern.compile("(?i).*\\bServeRAID\\b.*"),
            Pattern.compile("(?i)(HP|HPE|COMPAQ)\\s+LOGICAL VOLUME"),
            Pattern.compile("(?i)LSI\\s+Logical Volume"));

    /**
     * Drivers of plain disks: SATA/SAS ports and HBAs without RAID, USB storage, a hypervisor's
     * SCSI disks. A volume declared on one of their disks is contradicted.
     */
    static final Set<String> DISK_DRIVERS = Set.of("ahci", "ata_piix", "isci", "mvsas", "pm80xx", "usb-storage", "uas",
            "virtio_scsi", "vmw_pvscsi", "hv_storvsc", "xen-scsifront", "iscsi_tcp");

    private VolumeRules() {
    }

    /** How sysfs sees {@code disk}. */
    public static Verdict judge(ScsiDisk disk) {
        String driver = disk.driver() == null ? null : disk.driver().toLowerCase(Locale.ROOT);
        for (RaidDriver r : RAID_DRIVERS) {
            if (r.driver().equals(driver)) {
                return r.volume().test(disk.channel())
                        ? new Verdict(Kind.VOLUME, r.driver() + " volume: channel " + disk.channel())
                        : new Verdict(Kind.DISK, "a disk " + r.driver() + " passes through: channel " + disk.channel()
                                + " (its volumes are on channel " + r.volumeChannels() + ")");
            }
        }
        if (driver != null && (DISK_DRIVERS.contains(driver) || driver.startsWith("sata_") || driver.startsWith("pata_"))) {
            return new Verdict(Kind.DISK, "its SCSI host's driver is " + driver + ", which drives plain disks");
        }
        String inquiry = (disk.vendor() == null ? "" : disk.vendor()) + " " + (disk.model() == null ? "" : disk.model());
        for (Pattern p : VOLUME_INQUIRY) {
            if (p.matcher(inquiry.trim()).matches()) {
                return new Verdict(Kind.VOLUME, "a controller volume's INQUIRY strings: " + inquiry.trim()
                        + (driver == null ? "" : " (driver " + driver + ")"));
            }
        }
        return new Verdict(Kind.UNKNOWN, driver == null ? "its SCSI host's driver cannot be read"
                : "driver " + driver + " is not in the collector's table of RAID drivers");
    }
}
