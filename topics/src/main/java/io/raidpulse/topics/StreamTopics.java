package io.raidpulse.topics;

import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.kafka.Topics;
import java.util.List;

/**
 * Topic names, {@link Topics} unless overridden by {@code topics.host-samples},
 * {@code topics.alerts}, {@code topics.incidents}, {@code topics.aggregates}, {@code topics.dead-letters},
 * {@code topics.benchmarks} (several deployments sharing one cluster, tests).
 */
public record StreamTopics(String hostSamples, String alerts, String incidents, String aggregates, String deadLetters, String benchmarks) {
    public static final Key<String> HOST_SAMPLES = Keys.string("topics.host-samples", Topics.HOST_SAMPLES, "input topic");
    public static final Key<String> ALERTS = Keys.string("topics.alerts", Topics.ALERTS, "alerts topic: every detector episode");
    public static final Key<String> INCIDENTS = Keys.string("topics.incidents", Topics.INCIDENTS, "incidents topic: what the notifiers read");
    public static final Key<String> AGGREGATES = Keys.string("topics.aggregates", Topics.AGGREGATES, "aggregates topic");
    public static final Key<String> DEAD_LETTERS = Keys.string("topics.dead-letters", Topics.DEAD_LETTERS, "dead-letter topic");
    public static final Key<String> BENCHMARKS = Keys.string("topics.benchmarks", Topics.BENCHMARKS,
            "benchmark profiles (compacted, one partition; read as a global table)");
    public static final Key<Boolean> CREATE = Keys.bool("topics.create", true, "create missing topics at start");
    public static final Key<Integer> PARTITIONS = Keys.integer("topics.partitions", 3, 1, 10_000, "partitions of topics created");
    public static final Key<Integer> REPLICATION_FACTOR = Keys.integer("topics.replication-factor", -1, -1, 100,
            "replication of topics created (-1: the broker's default)");

    public static final StreamTopics DEFAULTS = new StreamTopics(HOST_SAMPLES.defaultValue(), ALERTS.defaultValue(),
            INCIDENTS.defaultValue(), AGGREGATES.defaultValue(), DEAD_LETTERS.defaultValue(), BENCHMARKS.defaultValue());

    public static StreamTopics from(Settings s) {
        return new StreamTopics(
                s.get(HOST_SAMPLES),
                s.get(ALERTS),
                s.get(INCIDENTS),
                s.get(AGGREGATES),
                s.get(DEAD_LETTERS),
                s.get(BENCHMARKS));
    }

    /** The topics created with {@code topics.partitions} partitions; the benchmarks topic is created compacted on its own. */
    public List<String> all() {
        return List.of(hostSamples, alerts, incidents, aggregates, deadLetters);
    }
}
