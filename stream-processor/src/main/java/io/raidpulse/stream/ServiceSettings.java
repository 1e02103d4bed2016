package io.raidpulse.stream;

import io.raidpulse.config.Settings;
import java.time.Duration;

/**
 * The settings {@link StreamService} reads itself, besides those of the topology, the sink and the
 * notifiers; read once, before anything connects.
 *
 * @param startupTimeout    {@code stream.startup-timeout}: how long the broker may take to answer at start
 * @param createTopics      {@code topics.create}: create missing topics at start
 * @param partitions        {@code topics.partitions}: partitions of topics created
 * @param replication       {@code topics.replication-factor}: replication of topics created (-1: the broker's default)
 * @param sinkEnabled       {@code sink.enabled}: run the InfluxDB sink when {@code influx.url} is set
 * @param notifyMaxBackoff  {@code notify.retry-max-backoff}: longest wait between delivery retries
 * @param notifyGroupPrefix {@code notify.group-prefix}: consumer group prefix of the notifier channels
 * @param publishCatalog    {@code capacity.publish-catalog}: publish the built-in benchmark catalog after the start
 */
record ServiceSettings(Duration startupTimeout, boolean createTopics, int partitions, short replication, boolean sinkEnabled,
                       Duration notifyMaxBackoff, String notifyGroupPrefix, boolean publishCatalog) {

    static ServiceSettings from(Settings s) {
        return new ServiceSettings(
                s.duration("stream.startup-timeout", StreamService.STARTUP_TIMEOUT, Duration.ofMillis(500), Duration.ofMinutes(10)),
                s.bool("topics.create", true),
                s.integer("topics.partitions", 3, 1, 10_000),
                (short) s.integer("topics.replication-factor", -1, -1, 100),
                s.bool("sink.enabled", true),
                s.duration("notify.retry-max-backoff", Duration.ofSeconds(60), Duration.ofMillis(10), Duration.ofHours(1)),
                s.string("notify.group-prefix", "raidpulse-notify-"),
                s.bool("capacity.publish-catalog", true));
    }
}
