package io.raidpulse.model.capacity;

/**
 * md's resync/recovery throttle, {@code /proc/sys/dev/raid/speed_limit_min} and
 * {@code speed_limit_max} (or the per-array {@code md/sync_speed_min|max}), in KiB/s.
 *
 * @param minKiBps speed md keeps to while other I/O runs on the members
 * @param maxKiBps ceiling when the members are otherwise idle
 */
public record SyncSpeedLimits(long minKiBps, long maxKiBps) {

    /** The kernel defaults (Documentation/admin-guide/md.rst): 1000 and 200000 KiB/s. */
    public static final SyncSpeedLimits KERNEL_DEFAULTS = new SyncSpeedLimits(1_000, 200_000);

    public SyncSpeedLimits {
        if (minKiBps <= 0 || maxKiBps < minKiBps) {
            throw new IllegalArgumentException("sync speed limits need 0 < min <= max, got min " + minKiBps + " max " + maxKiBps);
        }
    }
}
