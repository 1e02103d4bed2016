package io.raidpulse.simulator.scenario;

import java.util.List;

/**
 * A block device of the host: sdX (SCSI/ATA), vdX (virtio) or nvmeXn1, with optional partitions
 * named as the kernel names them (sda1, nvme0n1p1). An sdX may sit behind a RAID controller at a
 * SCSI address: with a {@code volume} shape it is a volume the controller builds from disks of
 * its profile, else a disk the controller passes through.
 *
 * @param profile the disk's profile; for a hardware RAID volume its member disks'
 * @param sizeBytes capacity, bytes
 * @param partitionBytes sizes of partitions 1, 2, ... in order, bytes; empty for none
 * @param attachedAtStart false for a disk that appears only with an {@code attach} event
 * @param controller the name of the controller it is behind, null for a disk on the board's ports (SATA, virtio, NVMe)
 * @param address its SCSI address behind the controller, null without one
 * @param volume the hardware RAID volume it is, null for a plain disk
 */
public record DiskSpec(String name, String profile, long sizeBytes, List<Long> partitionBytes, boolean attachedAtStart,
        String controller, ScsiAddress address, ControllerVolume volume, int line) {
    public DiskSpec {
        partitionBytes = List.copyOf(partitionBytes);
    }

    /** A disk on the board's own ports. */
    public DiskSpec(String name, String profile, long sizeBytes, List<Long> partitionBytes, boolean attachedAtStart, int line) {
        this(name, profile, sizeBytes, partitionBytes, attachedAtStart, null, null, null, line);
    }

    /** The kernel's name of partition {@code number} (1-based): sda1, nvme0n1p1. */
    public String partitionName(int number) {
        return Character.isDigit(name.charAt(name.length() - 1)) ? name + "p" + number : name + number;
    }
}
