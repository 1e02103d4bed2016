package io.raidpulse.md;

/**
 * Sums of the kernel's I/O counts. The kernel keeps them as u64, and the parsers here take them up
 * to Long.MAX_VALUE; an interval's difference is normally small, but a cgroup new since the last
 * reading brings its whole counter, and a mangled file can bring any number up to that bound. Two
 * such counts summed (two cgroups under one consumer's name, one device over a span of cycles)
 * must not wrap to a negative count that a reader would take for I/O undone, and that a bound on
 * what a device can do (the collector's, on each consumer) would let through.
 */
public final class Counts {
    private Counts() {
    }

    /** {@code a + b}, held at Long.MAX_VALUE (Long.MIN_VALUE) instead of wrapping past it. */
    public static long plus(long a, long b) {
        long r = a + b;
        // an overflow gives a result whose sign differs from both operands'
        return ((a ^ r) & (b ^ r)) < 0 ? (a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r;
    }
}
