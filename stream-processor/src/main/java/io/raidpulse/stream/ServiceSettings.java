package io.raidpulse.stream;

import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.notify.Notifiers;
import io.raidpulse.stream.capacity.CapacitySettings;
import io.raidpulse.topics.StreamTopics;
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
    static final Key<Duration> STARTUP_TIMEOUT = Keys.duration("stream.startup-timeout", Duration.ofSeconds(15), Duration.ofMillis(500),
            Duration.ofMinutes(10), "how long the broker may take to answer at start");

    static ServiceSettings from(Settings s) {
        return new ServiceSettings(
                s.get(STARTUP_TIMEOUT),
                s.get(StreamTopics.CREATE),
                s.get(StreamTopics.PARTITIONS),
                (short) (int) s.get(StreamTopics.REPLICATION_FACTOR),
                s.get(SinkSettings.ENABLED),
                s.get(Notifiers.RETRY_MAX_BACKOFF),
                s.get(Notifiers.GROUP_PREFIX),
                s.get(CapacitySettings.PUBLISH_CATALOG));
    }
}
