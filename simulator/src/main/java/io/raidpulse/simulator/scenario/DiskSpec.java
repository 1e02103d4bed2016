package io.raidpulse.simulator.scenario;

import java.util.List;

/**
 * A block device of the host: sdX (SCSI/ATA), vdX (virtio) or nvmeXn1, with optional partitions
 * named as the kernel names them (sda1, nvme0n1p1).
 *
 * @param sizeBytes capacity, bytes
 * @param partitionBytes sizes of partitions 1, 2, ... in order, bytes; empty for none
 * @param attachedAtStart false for a disk that appears only with an {@code attach} event
 */
public record DiskSpec(String name, String profile, long sizeBytes, List<Long> partitionBytes, boolean attachedAtStart,
        int line) {
    public DiskSpec {
        partitionBytes = List.copyOf(partitionBytes);
    }

    /** The kernel's name of partition {@code number} (1-based): sda1, nvme0n1p1. */
    public String partitionName(int number) {
        return Character.isDigit(name.charAt(name.length() - 1)) ? name + "p" + number : name + number;
    }
}
