package io.raidpulse.topics.aggregate;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Window sizes and lateness for the aggregates.
 *
 * @param windows {@code aggregate.windows}: tumbling window sizes, aligned to the epoch (default
 *                {@code 1m,1h}); each larger one must be a multiple of the smallest, from whose
 *                closed windows it is built
 * @param grace   {@code aggregate.grace}: how long after a window's end (in event time, i.e. the
 *                newest sample_time seen on the partition) samples for it are still counted; the
 *                window is emitted then (default 60 s)
 * @param consumersTop {@code aggregate.consumers-top}: the consumers each window keeps by name, largest
 *                share of member load first; the rest are summed as "other" (the sync and "unattributed"
 *                are kept beside them). What bounds the {@code raidpulse_consumer} series per array (default 5)
 */
public record AggregateSettings(List<Duration> windows, Duration grace, int consumersTop) {
    /** Tumbling window sizes, whole seconds from 1s to 7d, each a distinct multiple of the smallest; sorted. */
    public static final Key<List<Duration>> WINDOWS = Keys.of("aggregate.windows", List.of(Duration.ofMinutes(1), Duration.ofHours(1)),
            "1m,1h", "window sizes, whole seconds, multiples of the smallest", AggregateSettings::windows);
    public static final Key<Duration> GRACE = Keys.duration("aggregate.grace", Duration.ofSeconds(60), Duration.ZERO, Duration.ofDays(1),
            "lateness accepted after a window's end");
    public static final Key<Integer> CONSUMERS_TOP = Keys.integer("aggregate.consumers-top", 5, 1, 50,
            "consumers a window names by share of member load; the rest are summed as other");
    public static final AggregateSettings DEFAULTS = new AggregateSettings(WINDOWS.defaultValue(), GRACE.defaultValue(),
            CONSUMERS_TOP.defaultValue());

    public AggregateSettings {
        windows = List.copyOf(windows);
    }

    public static AggregateSettings from(Settings s) {
        return new AggregateSettings(s.get(WINDOWS), s.get(GRACE), s.get(CONSUMERS_TOP));
    }

    private static List<Duration> windows(Settings s, String key, List<Duration> defaults) {
        List<Duration> windows = new ArrayList<>();
        if (s.has(key)) {
            for (String part : s.requiredString(key).split(",")) {
                Duration d;
                try {
                    d = Settings.of(Map.of("w", part.trim())).duration("w", null, Duration.ofSeconds(1), Duration.ofDays(7));
                } catch (ConfigException e) {
                    d = null;
                }
                if (d == null) {
                    throw new ConfigException(key, "expected window sizes from 1s to 7d separated by commas "
                            + "(like 1m,1h), got " + s.shown(key));
                }
                if (d.toMillis() % 1000 != 0) {
                    throw new ConfigException(key, "window sizes must be whole seconds, got '" + part.trim() + "'");
                }
                windows.add(d);
            }
        } else {
            windows.addAll(defaults);
        }
        windows.sort(null);
        for (int i = 1; i < windows.size(); i++) {
            if (windows.get(i).toMillis() % windows.get(0).toMillis() != 0 || windows.get(i).equals(windows.get(i - 1))) {
                throw new ConfigException(key, "each window must be a distinct multiple of the smallest ("
                        + windows.get(0) + "), got " + windows.get(i));
            }
        }
        if (windows.isEmpty()) {
            throw new ConfigException(key, "needs at least one window size");
        }
        return List.copyOf(windows);
    }

    /** "1m", "1h", "10s": the window's label in InfluxDB (tag {@code window}, retention policy agg_LABEL). */
    public static String label(long sizeMs) {
        return Settings.formatDuration(Duration.ofMillis(sizeMs));
    }
}
