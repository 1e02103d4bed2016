package io.raidpulse.simulator.scenario;

import io.raidpulse.md.MdLevel;

/**
 * A hardware RAID volume's shape: the level the controller builds it at and its disks, parity and
 * copies included. The OS sees one disk; the controller spreads each request over the disks as md
 * would at the same level (docs/raid-model.md), so the volume serves as one parallel device: as
 * many requests at once as it has disks, each in one disk's time, at the disks' summed rate less
 * the level's write penalty. The controller is modelled without a write-back cache: a write waits
 * for its disk I/Os, as with the write-through policy.
 */
public record ControllerVolume(MdLevel level, int disks) {

    /** Disks that carry data in a full stripe: what a sequential transfer runs at. */
    public int dataDisks() {
        return switch (level) {
            case RAID0 -> disks;
            case RAID1 -> 1;
            case RAID10 -> disks / 2;
            case RAID5, RAID6 -> disks - level.parityDisks();
        };
    }

    /**
     * Disk reads and disk writes one small random write costs: a mirror writes every copy; RAID5
     * and RAID6 read the old data and parity, then write them (read-modify-write: 2 + 2, 3 + 3).
     */
    public int[] writeCost() {
        return switch (level) {
            case RAID0 -> new int[] {0, 1};
            case RAID1 -> new int[] {0, disks};
            case RAID10 -> new int[] {0, 2};
            case RAID5, RAID6 -> new int[] {level.parityDisks() + 1, level.parityDisks() + 1};
        };
    }

    /**
     * The volume as one parallel device, from its disks' profile: random reads at {@code disks}
     * times one disk's rate (any disk holds some of the data, a mirror either copy), random writes
     * at the disks' time divided by what one write costs them, sequential transfers at the data
     * disks' summed rate; an idle volume serves a read in one disk's time and a write in one
     * disk write's time, after one disk read's for RAID5/6 (the read phase of read-modify-write).
     * What sysfs shows of it (rotational, model) is not here: see the controller.
     */
    public ProfileSpec profile(ProfileSpec disk, ControllerSpec controller, String name) {
        int[] cost = writeCost();
        double diskReadSeconds = 1 / disk.readIops();
        double diskWriteSeconds = 1 / disk.writeIops();
        double writeSeconds = cost[0] * diskReadSeconds + cost[1] * diskWriteSeconds;
        double readLatency = disk.rotational() ? diskReadSeconds : disk.readLatencySeconds();
        double writeLatency = (disk.rotational() ? diskWriteSeconds : disk.writeLatencySeconds())
                + (cost[0] > 0 ? readLatency : 0);
        return new ProfileSpec(name, disks * disk.readIops(), disks / writeSeconds, dataDisks() * disk.sequentialBytesPerSecond(),
                false, controller.model(), controller.queue(), disk.flushSeconds(), readLatency, writeLatency, disk.line());
    }
}
