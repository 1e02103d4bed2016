package io.raidpulse.model.capacity;

/**
 * The inputs of {@code raidpulse capacity}.
 *
 * @param level            "raid5", "raid10", "10", ...
 * @param disks            active members
 * @param layout           "near-2", "far-2", "o2", "left-symmetric"; null or blank for the level's default
 * @param diskReadIops     Dr of one member at {@code blockSizeBytes}
 * @param diskWriteIops    Dw of one member at {@code blockSizeBytes}
 * @param diskSeqMbps      S of one member, MB/s
 * @param readFraction     share of front-end I/Os that are reads, 0..1
 * @param blockSizeBytes   request size
 * @param queueDepth       front-end requests outstanding
 * @param chunkBytes       stripe chunk; null for md's default
 * @param memberSizeBytes  member size for the rebuild estimate; null to skip it
 */
public record CapacityQuery(
        String level,
        int disks,
        String layout,
        double diskReadIops,
        double diskWriteIops,
        double diskSeqMbps,
        double readFraction,
        long blockSizeBytes,
        int queueDepth,
        Long chunkBytes,
        Long memberSizeBytes) {
}
