package io.raidpulse.collector.cgroup;

/**
 * A device whose I/O is attributed, with what it did itself in the interval, from its diskstats
 * differences: what the consumers' io.stat differences are compared with to give "unattributed".
 * io.stat counts bios as they are submitted (blk_cgroup_bio_start), before the scheduler merges
 * them, so the device's side is completed plus merged requests.
 *
 * @param ios    6 counts: read I/Os, write I/Os, read bytes, write bytes, discard I/Os, discard bytes; the discards -1
 *               when the kernel's diskstats has none; null when the device has no interval yet
 */
public record DeviceIo(String name, int major, int minor, long[] ios) {
    public long key() {
        return io.raidpulse.md.IoStatEntry.key(major, minor);
    }
}
