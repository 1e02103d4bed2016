package io.raidpulse.lab.disk;

/**
 * One lab disk's head and read cache under {@link SerialDisk}'s model: where the head is, and the
 * one run of bytes that last passed under it (at most {@link SerialDisk#CACHE_BYTES}). Not
 * thread-safe: one disk serves one request at a time.
 */
final class DiskHead {
    private final SerialDisk model;
    /** where the last request ended; negative before the first */
    private long at = -1;
    private long cacheStart;
    private long cacheEnd;

    DiskHead(SerialDisk model) {
        this.model = model;
    }

    long at() {
        return at;
    }

    /** Nanoseconds a read of {@code length} at {@code offset} would take now, without serving it. */
    long readCostNs(long offset, long length) {
        return cached(offset, length) ? model.cachedNs(length) : model.serviceNs(offset, length, at);
    }

    /** Nanoseconds a write would take now. */
    long writeCostNs(long offset, long length) {
        return model.serviceNs(offset, length, at);
    }

    /** Serves a read: its time, with the head and cache moved as the read moves them. */
    long read(long offset, long length) {
        if (cached(offset, length)) {
            return model.cachedNs(length);
        }
        long cost = model.serviceNs(offset, length, at);
        boolean streamed = at >= 0 && offset >= at && cost - SerialDisk.transferNs(length, model.bytesPerSec()) < model.positioningNs();
        long passedFrom = streamed ? at : offset;
        if (!streamed || passedFrom != cacheEnd) {
            cacheStart = passedFrom;
        }
        cacheEnd = offset + length;
        cacheStart = Math.max(cacheStart, cacheEnd - SerialDisk.CACHE_BYTES);
        at = offset + length;
        return cost;
    }

    /** Serves a write: its time; what it overwrites leaves the read cache. */
    long write(long offset, long length) {
        long cost = model.serviceNs(offset, length, at);
        long end = offset + length;
        if (offset < cacheEnd && end > cacheStart) {
            if (offset <= cacheStart) {
                cacheStart = Math.min(cacheEnd, end);
            } else {
                cacheEnd = offset;
            }
        }
        at = end;
        return cost;
    }

    private boolean cached(long offset, long length) {
        return length > 0 && offset >= cacheStart && offset + length <= cacheEnd;
    }
}
