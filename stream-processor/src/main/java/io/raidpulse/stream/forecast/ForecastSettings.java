package io.raidpulse.stream.forecast;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.model.forecast.PeakHours;
import io.raidpulse.topics.aggregate.AggregateSettings;
import java.time.Duration;
import java.util.List;

/**
 * The CAPACITY_FORECAST alert: when, at the growth of its daily peak hour, an array's member util
 * reaches the comfortable threshold and 100%.
 *
 * @param warn     {@code capacity.forecast-warn}: an episode fires when a crossing is nearer than this (default 30d; 0 turns the
 *                 forecast off)
 * @param maxUtil  {@code capacity.forecast-util}: the comfortable member util in percent, the first threshold (default 70, as
 *                 {@code plan --max-util}); 100 is always the second
 * @param history  {@code capacity.forecast-history}: the days of peak hours the trend is fitted over (default 30d, at least
 *                 {@value PeakHours#MIN_DAYS} days)
 * @param windowMs the aggregate window the peak hours are built from: the largest configured window of at most an hour that
 *                 divides an hour (the default 1h); 0 when the forecast is off
 */
public record ForecastSettings(Duration warn, double maxUtil, Duration history, long windowMs) {
    public static final Key<Duration> WARN = Keys.duration("capacity.forecast-warn", Duration.ofDays(30), Duration.ZERO, Duration.ofDays(3650),
            "a CAPACITY_FORECAST fires when a crossing is nearer than this; 0 turns the forecast off");
    public static final Key<Double> MAX_UTIL = Keys.decimal("capacity.forecast-util", 70, 1, 100,
            "the comfortable member util in percent, the forecast's first threshold (100 is the second)");
    public static final Key<Duration> HISTORY = Keys.duration("capacity.forecast-history", Duration.ofDays(30),
            Duration.ofDays(PeakHours.MIN_DAYS), Duration.ofDays(3650), "whole days of daily peak hours the forecast's line is fitted over");
    private static final long HOUR_MS = 3_600_000;

    public static ForecastSettings from(Settings s, AggregateSettings aggregates) {
        Duration warn = s.get(WARN);
        double maxUtil = s.get(MAX_UTIL);
        Duration history = s.get(HISTORY);
        if (history.toMillis() % 86_400_000 != 0) {
            throw new ConfigException(HISTORY.name(), "must be whole days (like 30d or 90d), got " + s.shown(HISTORY.name()));
        }
        if (warn.isZero()) {
            return new ForecastSettings(warn, maxUtil, history, 0);
        }
        long window = hourWindow(aggregates.windows());
        if (window == 0) {
            throw new ConfigException(WARN.name(), "the forecast builds peak hours from an aggregate window that divides an hour,"
                    + " and aggregate.windows has none (" + aggregates.windows().stream().map(d -> AggregateSettings.label(d.toMillis()))
                    .reduce((a, b) -> a + "," + b).orElse("") + "); add 1h to aggregate.windows, or set capacity.forecast-warn=0 to turn the forecast off");
        }
        return new ForecastSettings(warn, maxUtil, history, window);
    }

    /** The largest of {@code windows} that is at most an hour and divides it; 0 when none does. */
    static long hourWindow(List<Duration> windows) {
        long best = 0;
        for (Duration d : windows) {
            long ms = d.toMillis();
            if (ms <= HOUR_MS && HOUR_MS % ms == 0 && ms > best) {
                best = ms;
            }
        }
        return best;
    }

    public boolean enabled() {
        return windowMs > 0;
    }

    /** The thresholds crossed, in percent of member util: the comfortable one, then 100 (just 100 when they are one). */
    public double[] thresholds() {
        return maxUtil < 100 ? new double[] {maxUtil, 100} : new double[] {100};
    }

    /** Days of peak hours kept. */
    int historyDays() {
        return (int) history.toDays();
    }
}
