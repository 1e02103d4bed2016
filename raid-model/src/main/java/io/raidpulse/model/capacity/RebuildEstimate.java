package io.raidpulse.model.capacity;

/**
 * How long replacing one member takes at best and at the guaranteed floor.
 *
 * @param idleHoursAtLeast  member size / min(S, speed_limit_max): no rebuild is faster, even on an idle array
 * @param busyHoursAtMost   member size / speed_limit_min: md keeps at least this pace while other I/O runs
 * @param bytesPerSec       the rate behind {@code idleHoursAtLeast}
 */
public record RebuildEstimate(double idleHoursAtLeast, double busyHoursAtMost, double bytesPerSec) {
}
