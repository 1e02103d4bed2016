package io.raidpulse.stream.sink;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.stream.aggregate.AggregateSettings;
import io.raidpulse.stream.influx.RetentionPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The InfluxDB sink's settings.
 *
 * @param groupId           {@code sink.group-id}: its Kafka consumer group (default raidpulse-influx-sink); the committed
 *                          offsets are how far InfluxDB has acknowledged
 * @param batchSize         {@code sink.batch-size}: points per write at most (default 5000)
 * @param flushInterval     {@code sink.flush-interval}: longest a consumed record waits before its batch is written (default 1 s)
 * @param rawSamples        {@code sink.raw-samples}: also write every HostSample's device metrics and array state (default false)
 * @param maxBackoff        {@code sink.retry-max-backoff}: longest wait between retries while InfluxDB is down (default 30 s)
 * @param create            {@code influx.create}: create the database and retention policies at start (default true)
 * @param retentionPolicies {@code influx.retention-policies}: write into raidpulse's retention policies (default true);
 *                          false writes everything to the database's default policy
 * @param policies          the policies and their durations, {@code influx.retention.NAME}
 */
public record SinkSettings(String groupId, int batchSize, Duration flushInterval, boolean rawSamples, Duration maxBackoff,
                           boolean create, boolean retentionPolicies, List<RetentionPolicy> policies) {

    /** Keeps 1-minute aggregates a month and 1-hour ones two years (what `plan` reads), alerts a year, raw samples a week. */
    static Duration defaultRetention(String policy) {
        return switch (policy) {
            case "agg_1h" -> Duration.ofDays(730);
            case InfluxPoints.RP_ALERTS -> Duration.ofDays(365);
            case InfluxPoints.RP_RAW -> Duration.ofDays(7);
            default -> Duration.ofDays(30);
        };
    }

    public static SinkSettings from(Settings s, AggregateSettings aggregates) {
        boolean raw = s.bool("sink.raw-samples", false);
        List<String> names = new ArrayList<>();
        aggregates.windows().forEach(w -> names.add(InfluxPoints.aggregatePolicy((int) w.toSeconds())));
        names.add(InfluxPoints.RP_ALERTS);
        if (raw) {
            names.add(InfluxPoints.RP_RAW);
        }
        List<RetentionPolicy> policies = new ArrayList<>();
        for (String name : names) {
            String key = "influx.retention." + name;
            Duration d = s.duration(key, defaultRetention(name), Duration.ZERO, Duration.ofDays(36_500));
            try {
                policies.add(new RetentionPolicy(name, d));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(key, "expected 0 (keep forever) or at least 1h, got " + s.shown(key));
            }
        }
        return new SinkSettings(
                s.string("sink.group-id", "raidpulse-influx-sink"),
                s.integer("sink.batch-size", 5000, 1, 1_000_000),
                s.duration("sink.flush-interval", Duration.ofSeconds(1), Duration.ofMillis(10), Duration.ofMinutes(10)),
                raw,
                s.duration("sink.retry-max-backoff", Duration.ofSeconds(30), Duration.ofMillis(10), Duration.ofHours(1)),
                s.bool("influx.create", true),
                s.bool("influx.retention-policies", true),
                List.copyOf(policies));
    }
}
