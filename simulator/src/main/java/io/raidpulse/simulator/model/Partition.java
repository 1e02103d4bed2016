package io.raidpulse.simulator.model;

/** A partition: its own counters, its disk's queue (block/genhd.c accounts partition I/O to both). */
public final class Partition implements SimulatedDevice {
    private final Disk disk;
    private final int number;
    private final String name;
    private final int minor;
    private final long startSector;
    private final long sizeSectors;
    private final DeviceCounters counters = new DeviceCounters();

    Partition(Disk disk, int number, String name, int minor, long startSector, long sizeSectors) {
        this.disk = disk;
        this.number = number;
        this.name = name;
        this.minor = minor;
        this.startSector = startSector;
        this.sizeSectors = sizeSectors;
    }

    public Disk disk() {
        return disk;
    }

    public int number() {
        return number;
    }

    public long startSector() {
        return startSector;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int major() {
        return disk.major();
    }

    @Override
    public int minor() {
        return minor;
    }

    @Override
    public long sizeSectors() {
        return sizeSectors;
    }

    @Override
    public DeviceCounters counters() {
        return counters;
    }

    @Override
    public boolean rotational() {
        return disk.rotational();
    }

    @Override
    public boolean parallel() {
        return disk.parallel();
    }

    @Override
    public String toString() {
        return name;
    }
}
