package io.raidpulse.collector.inventory;

import java.util.List;

/**
 * What sysfs (or OSHI) says about one block device; null where unknown.
 *
 * @param kind      DISK, PARTITION, MD, DM or OTHER (schema DeviceKind)
 * @param sizeBytes /sys/block/DEV/size x 512
 * @param parent    the whole disk of a partition
 * @param holders   devices stacked on this one (/sys/block/DEV/holders)
 */
public record BlockDevice(String name, String kind, Boolean rotational, Long sizeBytes, String model, String serial,
                          String parent, List<String> holders) {
}
