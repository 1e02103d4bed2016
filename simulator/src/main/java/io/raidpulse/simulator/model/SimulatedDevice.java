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
}
