package io.raidpulse.md;

/**
 * One device line of a cgroup v2 io.stat: the I/O the cgroup's tasks submitted to device
 * {@code major:minor} since the cgroup was created. Cumulative counters, as the kernel keeps them.
 *
 * @param readBytes    rbytes: bytes read
 * @param writeBytes   wbytes: bytes written
 * @param readIos      rios: read I/Os
 * @param writeIos     wios: write I/Os
 * @param discardBytes dbytes: bytes discarded; -1 when the line has no discard keys (kernels before 4.19)
 * @param discardIos   dios: discard I/Os; -1 when the line has no discard keys
 */
public record IoStatEntry(int major, int minor, long readBytes, long writeBytes, long readIos, long writeIos,
                          long discardBytes, long discardIos) {

    /** Whether the line carried dbytes and dios. */
    public boolean hasDiscards() {
        return discardBytes >= 0 && discardIos >= 0;
    }

    /** The device as sysfs and io.stat name it: {@code MAJ:MIN}. */
    public String device() {
        return major + ":" + minor;
    }

    /** Major and minor in one long, a map key without a string. */
    public long deviceKey() {
        return key(major, minor);
    }

    public static long key(int major, int minor) {
        return ((long) major << 32) | (minor & 0xffffffffL);
    }
}
