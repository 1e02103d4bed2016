package io.raidpulse.simulator.model;

/** A block device of the simulated host, with the counters /proc/diskstats shows for it. */
public sealed interface SimulatedDevice permits Disk, Partition, SimulatedArray {
    /** Kernel name: sda, sda1, nvme0n1, md0. */
    String name();

    int major();

    int minor();

    /** Capacity in 512-byte sectors, as /sys/block/DEV/size prints it. */
    long sizeSectors();

    DeviceCounters counters();

    /** What queue/rotational shows (for a partition: its disk's). */
    boolean rotational();

    /**
     * Whether the device serves many requests at once (SSD, NVMe, a hardware RAID volume, md over
     * such), so that its %util says only that a request was in flight. Most devices show it as
     * queue/rotational 0; a hardware RAID volume of rotational disks shows 1.
     */
    default boolean parallel() {
        return !rotational();
    }
}
