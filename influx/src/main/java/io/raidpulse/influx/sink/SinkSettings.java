package io.raidpulse.influx.sink;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.RetentionPolicy;
import io.raidpulse.topics.aggregate.AggregateSettings;
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

    /** Read by the service: without {@code influx.url} the sink does not run either way. */
    public static final Key<Boolean> ENABLED = Keys.bool("sink.enabled", true, "run the sink when influx.url is set");
    public static final Key<String> GROUP_ID = Keys.string("sink.group-id", "raidpulse-influx-sink", "the sink's consumer group");
    public static final Key<Integer> BATCH_SIZE = Keys.integer("sink.batch-size", 5000, 1, 1_000_000, "points per write at most");
    public static final Key<Duration> FLUSH_INTERVAL = Keys.duration("sink.flush-interval", Duration.ofSeconds(1), Duration.ofMillis(10),
            Duration.ofMinutes(10), "longest wait before a batch is written");
    public static final Key<Boolean> RAW_SAMPLES = Keys.bool("sink.raw-samples", false,
            "also write every sample's device metrics and array state");
    public static final Key<Duration> RETRY_MAX_BACKOFF = Keys.duration("sink.retry-max-backoff", Duration.ofSeconds(30),
            Duration.ofMillis(10), Duration.ofHours(1), "longest wait between write retries");
    public static final Key<Boolean> CREATE = Keys.bool("influx.create", true,
            "create the database and retention policies (2.x: buckets) at start");
    /** Also read by {@code plan} and the profile checks, which query the policies the sink writes into. */
    public static final Key<Boolean> RETENTION_POLICIES = Keys.bool("influx.retention-policies", true,
            "write into raidpulse's retention policies; false: the database's default");
    // 0 keeps forever; otherwise at least 1h (InfluxDB's shortest)
    public static final Key<Duration> RETENTION_AGG_1M = Keys.duration("influx.retention.agg_1m", Duration.ofDays(30), Duration.ZERO,
            Duration.ofDays(36_500), "retention of 1-minute aggregates (agg_LABEL for other window sizes: 30d)");
    public static final Key<Duration> RETENTION_AGG_1H = Keys.duration("influx.retention.agg_1h", Duration.ofDays(730), Duration.ZERO,
            Duration.ofDays(36_500), "retention of 1-hour aggregates (what plan reads)");
    public static final Key<Duration> RETENTION_ALERTS = Keys.duration("influx.retention.alerts", Duration.ofDays(365), Duration.ZERO,
            Duration.ofDays(36_500), "retention of alert points");
    public static final Key<Duration> RETENTION_RAW = Keys.duration("influx.retention.raw", Duration.ofDays(7), Duration.ZERO,
            Duration.ofDays(36_500), "retention of raw samples");

    /**
     * The retention of a policy: 1-minute aggregates (and any other window size) a month, 1-hour ones
     * two years (what `plan` reads), alerts a year, raw samples a week.
     */
    static Key<Duration> retention(String policy) {
        return switch (policy) {
            case "agg_1m" -> RETENTION_AGG_1M;
            case "agg_1h" -> RETENTION_AGG_1H;
            case InfluxPoints.RP_ALERTS -> RETENTION_ALERTS;
            case InfluxPoints.RP_RAW -> RETENTION_RAW;
            default -> RETENTION_AGG_1M.named("influx.retention." + policy);
        };
    }

    static Duration defaultRetention(String policy) {
        return retention(policy).defaultValue();
    }

    public static SinkSettings from(Settings s, AggregateSettings aggregates) {
        boolean raw = s.get(RAW_SAMPLES);
        List<String> names = new ArrayList<>();
        aggregates.windows().forEach(w -> names.add(InfluxPoints.aggregatePolicy((int) w.toSeconds())));
        names.add(InfluxPoints.RP_ALERTS);
        if (raw) {
            names.add(InfluxPoints.RP_RAW);
        }
        List<RetentionPolicy> policies = new ArrayList<>();
        for (String name : names) {
            String key = retention(name).name();
            Duration d = s.get(retention(name));
            try {
                policies.add(new RetentionPolicy(name, d));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(key, "expected 0 (keep forever) or at least 1h, got " + s.shown(key));
            }
        }
        return new SinkSettings(
                s.get(GROUP_ID),
                s.get(BATCH_SIZE),
                s.get(FLUSH_INTERVAL),
                raw,
                s.get(RETRY_MAX_BACKOFF),
                s.get(CREATE),
                s.get(RETENTION_POLICIES),
                List.copyOf(policies));
    }
}
