package io.raidpulse.simulator.scenario;

/**
 * What the application asks of one array (or hardware RAID volume) from {@code fromSecond}
 * (inclusive) to {@code toSecond} (exclusive). Outside every phase an array gets no application I/O.
 *
 * @param array the md array or the hardware RAID volume's disk the load is asked of
 *
 * @param reads read requests per second
 * @param writes write requests per second
 * @param requestBytes request size, bytes
 * @param sequential share of requests that are sequential, 0 to 1 (the rest are random)
 * @param flushes cache flushes (fsync) per second
 * @param consumer who asks it, as the collector names it ({@code postgresql@15-main.service}); null for
 *     I/O no cgroup below the root submits (the kernel's own threads, or a scenario without consumers)
 * @param cgroup the consumer's cgroup, a path under the unified hierarchy's root
 *     ({@code /system.slice/postgresql@15-main.service}); null exactly when {@code consumer} is
 */
public record LoadPhase(String array, long fromSecond, long toSecond, Ramp reads, Ramp writes, long requestBytes,
        double sequential, Ramp flushes, String consumer, String cgroup, int line) {

    public boolean covers(double second) {
        return second >= fromSecond && second < toSecond;
    }

    /** Fraction of the phase elapsed at {@code second}. */
    public double fraction(double second) {
        return (second - fromSecond) / (double) (toSecond - fromSecond);
    }
}
