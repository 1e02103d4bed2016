package io.raidpulse.influx;

import java.time.Duration;

/**
 * A 1.x retention policy (2.x/3.x: a bucket named {@code database/name}).
 *
 * @param name     policy name, e.g. {@code agg_1m}
 * @param duration how long points are kept; {@link Duration#ZERO} keeps them forever (1.x "INF")
 */
public record RetentionPolicy(String name, Duration duration) {
    public RetentionPolicy {
        if (name == null || !name.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException("retention policy name must be letters, digits or '_': " + name);
        }
        if (duration.isNegative() || (!duration.isZero() && duration.compareTo(Duration.ofHours(1)) < 0)) {
            // InfluxDB 1.x refuses retention durations under one hour
            throw new IllegalArgumentException("retention of " + name + " must be 0 (forever) or at least 1h: " + duration);
        }
    }

    /** InfluxQL duration literal: whole seconds, or INF. */
    String influxQlDuration() {
        return duration.isZero() ? "INF" : duration.toSeconds() + "s";
    }
}
