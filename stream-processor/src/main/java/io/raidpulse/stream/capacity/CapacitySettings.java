package io.raidpulse.stream.capacity;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The live comparison with benchmarked capacity and its alert.
 *
 * @param enabled    {@code capacity.enabled}: fill the aggregates' capacity fields and raise CAPACITY alerts (default true)
 * @param firePct    {@code capacity.fire-pct}: a window above this share of the capacity, in percent, is hot (default 90)
 * @param clearPct   {@code capacity.clear-pct}: a window below this share is cool (default 80)
 * @param sustain    {@code capacity.sustain}: hot this long, in consecutive windows of the smallest size, to fire (default 5 min)
 * @param clearAfter {@code capacity.clear-after}: cool this long to resolve (default 10 min)
 * @param moreDisks  {@code capacity.more-disks}: the projection "same level with more disks" adds this many (default 2; 0 for none)
 * @param alertOn    {@code capacity.alert-on}: the capacity sources an alert may rest on, among {@code profile}, {@code model},
 *                   {@code measured} and {@code default} (default {@code profile,model}: a benchmark of these disks; a disk-class
 *                   default can be far off, e.g. 86 IOPS for a 7200 rpm disk that does several hundred at depth or short-stroked,
 *                   and a capacity measured on the members says what their util says, which the saturation alert covers)
 */
public record CapacitySettings(boolean enabled, double firePct, double clearPct, Duration sustain, Duration clearAfter, int moreDisks,
                               Set<String> alertOn) {
    public static final CapacitySettings DEFAULTS = new CapacitySettings(true, 90, 80, Duration.ofMinutes(5), Duration.ofMinutes(10), 2,
            Set.of("profile", "model"));
    private static final Set<String> SOURCES = Set.of("profile", "model", "measured", "default");

    public static CapacitySettings from(Settings s) {
        double fire = s.decimal("capacity.fire-pct", DEFAULTS.firePct, 1, 1000);
        double clear = s.decimal("capacity.clear-pct", DEFAULTS.clearPct, 0, 1000);
        if (clear > fire) {
            throw new ConfigException("capacity.clear-pct", "must not be above capacity.fire-pct (" + fire + "), got " + s.shown("capacity.clear-pct"));
        }
        Set<String> alertOn = new LinkedHashSet<>();
        for (String part : s.string("capacity.alert-on", "profile,model").split(",")) {
            String source = part.trim().toLowerCase(Locale.ROOT);
            if (!SOURCES.contains(source)) {
                throw new ConfigException("capacity.alert-on", "expected a list of profile, model, measured, default, got " + s.shown("capacity.alert-on"));
            }
            alertOn.add(source);
        }
        return new CapacitySettings(
                s.bool("capacity.enabled", DEFAULTS.enabled),
                fire,
                clear,
                s.duration("capacity.sustain", DEFAULTS.sustain, Duration.ZERO, Duration.ofDays(7)),
                s.duration("capacity.clear-after", DEFAULTS.clearAfter, Duration.ZERO, Duration.ofDays(7)),
                s.integer("capacity.more-disks", DEFAULTS.moreDisks, 0, 64),
                Set.copyOf(alertOn));
    }

    /** Whether a window compared with {@code capacitySource} ("profile:ID", "model:ID", "measured:HOST/MODEL", "default:CLASS") may count for an alert. */
    public boolean alertsOn(String capacitySource) {
        int colon = capacitySource == null ? -1 : capacitySource.indexOf(':');
        return colon > 0 && alertOn.contains(capacitySource.substring(0, colon));
    }

    /** Consecutive windows of {@code windowMs} that cover {@code d}; at least one. */
    public static int windows(Duration d, long windowMs) {
        return (int) Math.max(1, (d.toMillis() + windowMs - 1) / windowMs);
    }
}
