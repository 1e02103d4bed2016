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
 * <p>Bytes that passed under the head (read, or skipped over on the way to a request a little
 * ahead) stay in the drive's read cache ({@link #CACHE_BYTES}, the last that passed): a read it
 * holds costs only the transfer over the interface ({@link #INTERFACE_BYTES_PER_SEC}), as a
 * drive's segment cache serves a stream's requests that arrive out of order. {@link DiskHead}
 * keeps the head and the cache of one disk.
 *
 * <p>Not modelled: positioning that depends on distance (a real 7200 rpm disk does about 80
 * random I/Os a second at queue depth 1 and reorders a deep queue to about twice that; here it is
 * the profile's figure at every depth), read-ahead beyond what was asked, zoned media rates, and
 * the disk's write cache.
 *
 * @param positioningNs nanoseconds to reach a request that does not continue the previous one
 * @param bytesPerSec   media rate, bytes per second
 */
public record SerialDisk(long positioningNs, long bytesPerSec) {
    /** What the read cache keeps of the bytes that passed under the head: 8 MiB, a fraction of a 7200 rpm disk's buffer. */
    public static final long CACHE_BYTES = 8L << 20;
    /** SATA 6 Gb/s after its 8b/10b coding. */
    public static final long INTERFACE_BYTES_PER_SEC = 600_000_000L;

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

    /** Nanoseconds to serve {@code length} bytes from the read cache. */
    public long cachedNs(long length) {
        return transferNs(length, INTERFACE_BYTES_PER_SEC);
    }

    static long transferNs(long length, long bytesPerSec) {
        return Math.round(length * 1e9 / bytesPerSec);
    }
}
