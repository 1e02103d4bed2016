package io.raidpulse.model.capacity;

/**
 * What {@code raidpulse capacity} prints: the model as a calculator. Field names map to the
 * command's {@code --json} keys in snake_case (random_read_iops, ..., rebuild_hours).
 *
 * @param randomReadIops          random reads/s at the query's block size and queue depth
 * @param randomWriteIops         random writes/s at the same size and depth
 * @param mixedIops               random I/Os per second at the query's read fraction
 * @param seqReadMbps             one sequential reader, MB/s (10^6 bytes/s)
 * @param seqWriteMbps            one sequential writer, MB/s
 * @param usableFraction          share of raw member space that holds data
 * @param degradedRandomReadIops  random reads/s with one member missing; null when the level does not survive it
 * @param rebuildHours            lower bound on replacing one member; null without a member size or redundancy
 */
public record ArrayCapacity(
        double randomReadIops,
        double randomWriteIops,
        double mixedIops,
        double seqReadMbps,
        double seqWriteMbps,
        double usableFraction,
        Double degradedRandomReadIops,
        Double rebuildHours) {
}
