package io.raidpulse.collector.iostat;

/**
 * Counter differences of one device over one interval, after reset and wrap handling (see
 * {@link IostatMath}): never negative. Discard and flush deltas are meaningful only when the
 * kernel prints those fields ({@code hasDiscards}, {@code hasFlushes}); otherwise they are 0.
 */
public record IntervalDeltas(
        long reads, long readsMerged, long sectorsRead, long readMs,
        long writes, long writesMerged, long sectorsWritten, long writeMs,
        long ioTicksMs, long weightedMs,
        long discards, long discardsMerged, long sectorsDiscarded, long discardMs,
        long flushes, long flushMs,
        boolean hasDiscards, boolean hasFlushes) {
}
