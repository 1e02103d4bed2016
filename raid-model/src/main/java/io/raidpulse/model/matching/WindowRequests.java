package io.raidpulse.model.matching;

import io.raidpulse.model.profile.IoPattern;

/**
 * A window's requests as the capacity model takes them, from its rates: the mean size of each
 * direction's requests and of all of them, and the access pattern that mean implies. The one
 * reading of a window that the live capacity comparison (stream) and {@code plan} (planner) share,
 * so that the two judge the same window alike.
 *
 * @param pattern    {@link IoPattern#SEQUENTIAL} when the mean request is at least
 *                   {@link #SEQUENTIAL_REQUEST_BYTES}, else {@link IoPattern#RANDOM}
 * @param readBytes  mean read size; the writes' when the window had no reads (its read rate is 0 then)
 * @param writeBytes mean write size; the reads' when the window had no writes
 * @param meanBytes  mean size over reads and writes together
 */
public record WindowRequests(IoPattern pattern, long readBytes, long writeBytes, long meanBytes) {
    /**
     * Mean requests at least this large are taken for sequential streams, served at the members'
     * sequential rate: md members see sequential streams as requests of up to 512 KiB (the
     * simulator and max_sectors_kb), random OLTP requests are 4-64 KiB. A heuristic: the
     * aggregates carry no request offsets.
     */
    public static final long SEQUENTIAL_REQUEST_BYTES = 128 * 1024;
    /**
     * The smallest request size given, in bytes, one sector: a window whose kB/s round to nothing
     * while it counted requests (tiny rates, rounding in the collector) still has a size the model
     * can cost; {@link LiveLoad} refuses a size of 0.
     */
    public static final long MIN_REQUEST_BYTES = 512;

    /**
     * @param readsPerSec  r/s of the window
     * @param writesPerSec w/s of the window
     * @param readKBs      rkB/s of the window
     * @param writeKBs     wkB/s of the window
     * @throws IllegalArgumentException when the window had no requests (r/s + w/s not above 0)
     */
    public static WindowRequests of(double readsPerSec, double writesPerSec, double readKBs, double writeKBs) {
        if (!(readsPerSec + writesPerSec > 0)) {
            throw new IllegalArgumentException("a window's requests need a positive request rate, got r/s " + readsPerSec
                    + " and w/s " + writesPerSec);
        }
        long mean = atLeastOneSector((readKBs + writeKBs) * 1024 / (readsPerSec + writesPerSec));
        return new WindowRequests(mean >= SEQUENTIAL_REQUEST_BYTES ? IoPattern.SEQUENTIAL : IoPattern.RANDOM,
                sizeOf(readKBs, readsPerSec, writeKBs, writesPerSec), sizeOf(writeKBs, writesPerSec, readKBs, readsPerSec), mean);
    }

    /** Whether the window's requests are taken for sequential streams. */
    public boolean sequential() {
        return pattern == IoPattern.SEQUENTIAL;
    }

    /* Mean request size of one direction; the other direction's when this one had none. */
    private static long sizeOf(double kBs, double iops, double otherKBs, double otherIops) {
        return atLeastOneSector(iops > 0 ? kBs * 1024 / iops : otherKBs * 1024 / otherIops);
    }

    private static long atLeastOneSector(double bytes) {
        return Math.max(MIN_REQUEST_BYTES, Math.round(bytes));
    }
}
