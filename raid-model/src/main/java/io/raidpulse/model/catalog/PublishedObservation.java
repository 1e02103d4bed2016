package io.raidpulse.model.catalog;

import io.raidpulse.model.capacity.RaidLayout;

/**
 * A published result that is a ratio, not an absolute figure: "8 disks give 6-7x a single
 * disk on random reads", "RAID10 about 3x RAID5 in TPS". Kept with its conditions so the
 * model can be held against it.
 *
 * @param id          stable name
 * @param result      letter of the write-up in docs/published-results.md (A-F)
 * @param metric      what the ratio compares
 * @param layout      the array the ratio is about
 * @param outstanding requests in flight (threads, iodepth x jobs) it was measured at; null when not stated
 * @param low         lowest published value of the ratio
 * @param high        highest published value ({@code low} when one figure was given)
 * @param statement   the finding as published
 * @param source      write-up and conditions
 */
public record PublishedObservation(
        String id,
        String result,
        Metric metric,
        RaidLayout layout,
        Integer outstanding,
        double low,
        double high,
        String statement,
        String source) {

    /** What a ratio compares. */
    public enum Metric {
        /** Random-read IOPS of the array over those of one of its disks. */
        RANDOM_READ_SPEEDUP_OVER_ONE_DISK,
        /** Random-write IOPS of the array over those of one of its disks. */
        RANDOM_WRITE_SPEEDUP_OVER_ONE_DISK,
        /** Random-read IOPS at {@code outstanding} requests over those at one. */
        RANDOM_READ_SPEEDUP_OVER_DEPTH_ONE,
        /** pgbench TPS of RAID10 over RAID5 on the same disks (latency-bound, not a capacity ratio). */
        TPS_RAID10_OVER_RAID5
    }

    public PublishedObservation {
        if (low > high || low < 0) {
            throw new IllegalArgumentException("published range must satisfy 0 <= low <= high, got " + low + ".." + high);
        }
    }
}
