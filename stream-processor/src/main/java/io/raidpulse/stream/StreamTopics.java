package io.raidpulse.stream;

import io.raidpulse.config.Settings;
import io.raidpulse.schema.kafka.Topics;
import java.util.List;

/**
 * Topic names, {@link Topics} unless overridden by {@code topics.host-samples},
 * {@code topics.alerts}, {@code topics.incidents}, {@code topics.aggregates}, {@code topics.dead-letters},
 * {@code topics.benchmarks} (several deployments sharing one cluster, tests).
 */
public record StreamTopics(String hostSamples, String alerts, String incidents, String aggregates, String deadLetters, String benchmarks) {
    public static final StreamTopics DEFAULTS = new StreamTopics(Topics.HOST_SAMPLES, Topics.ALERTS, Topics.INCIDENTS, Topics.AGGREGATES,
            Topics.DEAD_LETTERS, Topics.BENCHMARKS);

    public static StreamTopics from(Settings s) {
        return new StreamTopics(
                s.string("topics.host-samples", DEFAULTS.hostSamples),
                s.string("topics.alerts", DEFAULTS.alerts),
                s.string("topics.incidents", DEFAULTS.incidents),
                s.string("topics.aggregates", DEFAULTS.aggregates),
                s.string("topics.dead-letters", DEFAULTS.deadLetters),
                s.string("topics.benchmarks", DEFAULTS.benchmarks));
    }

    /** The topics created with {@code topics.partitions} partitions; the benchmarks topic is created compacted on its own. */
    public List<String> all() {
        return List.of(hostSamples, alerts, incidents, aggregates, deadLetters);
    }
}
