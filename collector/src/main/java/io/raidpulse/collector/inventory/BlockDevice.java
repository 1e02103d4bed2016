package io.raidpulse.collector.inventory;

import io.raidpulse.md.BlockDeviceKind;
import java.util.List;

/**
 * What sysfs (or OSHI) says about one block device; null where unknown.
 *
 * @param sizeBytes /sys/block/DEV/size x 512
 * @param parent    the whole disk of a partition
 * @param holders   devices stacked on this one (/sys/block/DEV/holders)
 */
public record BlockDevice(String name, BlockDeviceKind kind, Boolean rotational, Long sizeBytes, String model, String serial,
                          String parent, List<String> holders) {
}
