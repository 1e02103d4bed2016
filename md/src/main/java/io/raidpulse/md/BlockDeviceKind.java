package io.raidpulse.md;

/**
 * What a block device is, as the collector tells it from /sys/block (the Avro DeviceKind carries
 * the same names on the wire).
 */
public enum BlockDeviceKind {
    /** A whole disk: sda, vda, nvme0n1. */
    DISK,
    /** A partition of a disk: sda1, nvme0n1p1 (it has a {@code partition} file in sysfs). */
    PARTITION,
    /** An md array: md0. */
    MD,
    /** A device-mapper device: dm-0. */
    DM,
    OTHER;

    /** The kind from the name alone, for a device sysfs does not show (a snapshot without sys/). */
    public static BlockDeviceKind guess(String name) {
        if (name.matches("md\\d+")) {
            return MD;
        }
        if (name.startsWith("dm-")) {
            return DM;
        }
        if (name.matches("(h|s|v|xv)d[a-z]+\\d+|nvme\\d+n\\d+p\\d+|mmcblk\\d+p\\d+|md\\d+p\\d+")) {
            return PARTITION;
        }
        if (name.matches("(h|s|v|xv)d[a-z]+|nvme\\d+n\\d+|mmcblk\\d+")) {
            return DISK;
        }
        return OTHER;
    }
}
