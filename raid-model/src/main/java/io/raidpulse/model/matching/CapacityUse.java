package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.profile.IoPattern;

/**
 * How much of an array's capacity a live load uses: the predicted member busy fraction U of
 * docs/raid-model.md#capacity-under-a-mix, split by direction. U = R/Cr + W/Cw, where Cr and Cw
 * are the saturated read and write capacities at the load's own request sizes, so the two
 * shares add up to the total and the total is (R + W) / C at the load's mix.
 *
 * @param source        which of the three capacity sources answered
 * @param sourceId      the profile id (MEASURED_PROFILE) or the member-disk profile id (the other two)
 * @param label         one line for reports and alerts: what was chosen and why
 * @param pattern       the load shape the figures are for
 * @param readCapacity  Cr: reads/s (random) or bytes read/s (sequential) the array carries with reads alone
 * @param writeCapacity Cw: the same for writes
 * @param readUtil      R / Cr, 0-1 (above 1: beyond capacity)
 * @param writeUtil     W / Cw
 * @param calibration   measured / model at the benchmark's own conditions (1 for the model sources): the
 *                      factor the model's capacities were scaled by
 * @param memberDisk    the member disk behind the model (and behind the read/write split of a measured profile)
 */
public record CapacityUse(
        CapacitySource source,
        String sourceId,
        String label,
        IoPattern pattern,
        double readCapacity,
        double writeCapacity,
        double readUtil,
        double writeUtil,
        double calibration,
        DiskProfile memberDisk) {

    /** Share of the capacity used by both directions together, 0-1 (can exceed 1). */
    public double util() {
        return readUtil + writeUtil;
    }

    /** 1 - util, negative when the load exceeds the capacity. */
    public double headroom() {
        return 1 - util();
    }

    /**
     * {@code profile:ID}, {@code model:ID}, {@code measured:ID} (the member disk measured on the
     * array's own members) or {@code default:CLASS} (the disk-class default's id without its
     * {@code default-} prefix): the Aggregate's {@code capacity_source}.
     */
    public String sourceTag() {
        return switch (source) {
            case MEASURED_PROFILE -> "profile:" + sourceId;
            case SINGLE_DISK_MODEL -> "model:" + sourceId;
            case MEASURED_MEMBERS -> "measured:" + sourceId;
            case DISK_CLASS_DEFAULT -> "default:" + (sourceId.startsWith("default-") ? sourceId.substring("default-".length()) : sourceId);
        };
    }
}
