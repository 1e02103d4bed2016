package io.raidpulse.stream.capacity;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import java.time.Duration;

/**
 * The live comparison with benchmarked capacity and its alert.
 *
 * @param enabled    {@code capacity.enabled}: fill the aggregates' capacity fields and raise CAPACITY alerts (default true)
 * @param firePct    {@code capacity.fire-pct}: a window above this share of the capacity, in percent, is hot (default 90)
 * @param clearPct   {@code capacity.clear-pct}: a window below this share is cool (default 80)
 * @param sustain    {@code capacity.sustain}: hot this long, in consecutive windows of the smallest size, to fire (default 5 min)
 * @param clearAfter {@code capacity.clear-after}: cool this long to resolve (default 10 min)
 * @param moreDisks  {@code capacity.more-disks}: the projection "same level with more disks" adds this many (default 2; 0 for none)
 */
public record CapacitySettings(boolean enabled, double firePct, double clearPct, Duration sustain, Duration clearAfter, int moreDisks) {
    public static final CapacitySettings DEFAULTS = new CapacitySettings(true, 90, 80, Duration.ofMinutes(5), Duration.ofMinutes(10), 2);

    public static CapacitySettings from(Settings s) {
        double fire = s.decimal("capacity.fire-pct", DEFAULTS.firePct, 1, 1000);
        double clear = s.decimal("capacity.clear-pct", DEFAULTS.clearPct, 0, 1000);
        if (clear > fire) {
            throw new ConfigException("capacity.clear-pct", "must not be above capacity.fire-pct (" + fire + "), got " + s.shown("capacity.clear-pct"));
        }
        return new CapacitySettings(
                s.bool("capacity.enabled", DEFAULTS.enabled),
                fire,
                clear,
                s.duration("capacity.sustain", DEFAULTS.sustain, Duration.ZERO, Duration.ofDays(7)),
                s.duration("capacity.clear-after", DEFAULTS.clearAfter, Duration.ZERO, Duration.ofDays(7)),
                s.integer("capacity.more-disks", DEFAULTS.moreDisks, 0, 64));
    }

    /** Consecutive windows of {@code windowMs} that cover {@code d}; at least one. */
    public static int windows(Duration d, long windowMs) {
        return (int) Math.max(1, (d.toMillis() + windowMs - 1) / windowMs);
    }
}
