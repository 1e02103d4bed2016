package io.raidpulse.stream.capacity;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
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
    public static final Key<Boolean> ENABLED = Keys.bool("capacity.enabled", true,
            "fill the array aggregates' capacity fields and raise CAPACITY alerts");
    public static final Key<Double> FIRE_PCT = Keys.decimal("capacity.fire-pct", 90, 1, 1000,
            "a window above this share of the array's capacity, in percent, is hot");
    public static final Key<Double> CLEAR_PCT = Keys.decimal("capacity.clear-pct", 80, 0, 1000, "a window below this share is cool");
    public static final Key<Duration> SUSTAIN = Keys.duration("capacity.sustain", Duration.ofMinutes(5), Duration.ZERO, Duration.ofDays(7),
            "hot this long (consecutive windows of the smallest size) to fire");
    public static final Key<Duration> CLEAR_AFTER = Keys.duration("capacity.clear-after", Duration.ofMinutes(10), Duration.ZERO,
            Duration.ofDays(7), "cool this long to resolve");
    public static final Key<Integer> MORE_DISKS = Keys.integer("capacity.more-disks", 2, 0, 64,
            "the projection \"same level with more disks\" adds this many; 0 for none");
    public static final Key<String> ALERT_ON = Keys.string("capacity.alert-on", "profile,model",
            "capacity sources a CAPACITY alert may rest on: profile, model, measured, default");
    /** Read by the service, which publishes the catalog after the start. */
    public static final Key<Boolean> PUBLISH_CATALOG = Keys.bool("capacity.publish-catalog", true,
            "put the built-in catalog of published results on the benchmarks topic after start");
    public static final CapacitySettings DEFAULTS = new CapacitySettings(ENABLED.defaultValue(), FIRE_PCT.defaultValue(),
            CLEAR_PCT.defaultValue(), SUSTAIN.defaultValue(), CLEAR_AFTER.defaultValue(), MORE_DISKS.defaultValue(), Set.of("profile", "model"));
    private static final Set<String> SOURCES = Set.of("profile", "model", "measured", "default");

    public static CapacitySettings from(Settings s) {
        double fire = s.get(FIRE_PCT);
        double clear = s.get(CLEAR_PCT);
        if (clear > fire) {
            throw new ConfigException(CLEAR_PCT.name(), "must not be above " + FIRE_PCT.name() + " (" + fire + "), got " + s.shown(CLEAR_PCT.name()));
        }
        Set<String> alertOn = new LinkedHashSet<>();
        for (String part : s.get(ALERT_ON).split(",")) {
            String source = part.trim().toLowerCase(Locale.ROOT);
            if (!SOURCES.contains(source)) {
                throw new ConfigException(ALERT_ON.name(), "expected a list of profile, model, measured, default, got " + s.shown(ALERT_ON.name()));
            }
            alertOn.add(source);
        }
        return new CapacitySettings(
                s.get(ENABLED),
                fire,
                clear,
                s.get(SUSTAIN),
                s.get(CLEAR_AFTER),
                s.get(MORE_DISKS),
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
