package io.raidpulse.lab.disk;

/**
 * The service-time model of a rotating disk: one request at a time, in arrival order, each
 * taking a positioning time (seek plus rotation) unless it starts where the previous one ended,
 * plus its transfer at the media rate. So random requests of any size cost at least the
 * positioning time, a sequential stream runs at the media rate whatever its request size, and
 * the disk is busy exactly while it serves, as the kernel's %util assumes.
 *
 * <p>Not modelled: queue reordering (NCQ: a real 7200 rpm disk does about 80 random I/Os a second
 * at queue depth 1 and reorders a deep queue to about twice that; here it is the profile's
 * figure at every depth), zoned media rates, and the disk's write cache.
 *
 * @param positioningNs nanoseconds to reach a request that does not continue the previous one
 * @param bytesPerSec   media rate, bytes per second
 */
public record SerialDisk(long positioningNs, long bytesPerSec) {
    /** The model whose random requests of {@code referenceBytes} reach {@code iops}, streaming at {@code bytesPerSec}. */
    public static SerialDisk of(long iops, long bytesPerSec, int referenceBytes) {
        long perRequest = 1_000_000_000L / iops;
        long transfer = transferNs(referenceBytes, bytesPerSec);
        if (transfer >= perRequest) {
            throw new IllegalArgumentException(iops + " IOPS of " + referenceBytes + " B cannot be served at " + bytesPerSec + " B/s");
        }
        return new SerialDisk(perRequest - transfer, bytesPerSec);
    }

    /** Nanoseconds to serve {@code length} bytes at {@code offset} after a request that ended at {@code headAt}. */
    public long serviceNs(long offset, long length, long headAt) {
        return (offset == headAt ? 0 : positioningNs) + transferNs(length, bytesPerSec);
    }

    static long transferNs(long length, long bytesPerSec) {
        return Math.round(length * 1e9 / bytesPerSec);
    }
}
