package io.raidpulse.lab.disk;

/**
 * The service-time model of a rotating disk: one request at a time, each taking a positioning
 * time (seek plus rotation) plus its transfer at the media rate. A request that starts where the
 * previous one ended needs no positioning, and one a little further ahead only waits while the
 * bytes in between pass under the head (at the media rate), up to the positioning time: a RAID5
 * member streaming its data chunks past the parity chunks it skips runs at the share of the
 * media rate its data is. So random requests of any size cost the positioning time, sequential
 * ones the media rate whatever their size, and the disk is busy exactly while it serves, as the
 * kernel's %util assumes.
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
        return positionNs(offset, headAt) + transferNs(length, bytesPerSec);
    }

    /** Nanoseconds to bring the head from {@code headAt} (negative: not known yet) to {@code offset}. */
    public long positionNs(long offset, long headAt) {
        if (headAt < 0) {
            return positioningNs;
        }
        long gap = offset - headAt;
        return gap == 0 ? 0 : gap > 0 ? Math.min(positioningNs, transferNs(gap, bytesPerSec)) : positioningNs;
    }

    static long transferNs(long length, long bytesPerSec) {
        return Math.round(length * 1e9 / bytesPerSec);
    }
}
