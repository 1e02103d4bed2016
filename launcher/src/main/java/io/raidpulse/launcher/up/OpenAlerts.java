package io.raidpulse.launcher.up;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.RecordDecodingException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The episodes that are open now, from a topic of Alerts read from its start (committed records
 * only, as the stream processor writes them in transactions): {@code raidpulse.incidents} for the
 * incidents the status line of {@code raidpulse up} counts, {@code raidpulse.alerts} for every
 * detector's episodes. Not a notifier: those are the stream processor's.
 */
final class OpenAlerts implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OpenAlerts.class);

    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private final Map<String, Alert> open = new TreeMap<>();
    private final List<Alert> seen = new ArrayList<>();
    private volatile boolean running = true;

    private final String topic;

    OpenAlerts(String bootstrapServers, String topic) {
        this.topic = topic;
        consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new ByteArrayDeserializer());
        thread = new Thread(this::run, "raidpulse-up-alerts");
        thread.setDaemon(true);
    }

    void start() {
        var partitions = consumer.partitionsFor(topic, Duration.ofSeconds(15)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        thread.start();
    }

    private void run() {
        var codec = AvroSerdes.codec(Alert.class);
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    try {
                        record(codec.decode(r.topic(), r.value()));
                    } catch (RecordDecodingException e) {
                        LOG.debug("skipping an alert record: {}", e.reason());
                    }
                }
            }
        } catch (WakeupException | InterruptException e) {
            // closing
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private synchronized void record(Alert alert) {
        if (alert == null) {
            return;
        }
        seen.add(alert);
        if (alert.getState() == AlertState.RESOLVED) {
            open.remove(alert.getAlertId());
        } else {
            open.put(alert.getAlertId(), alert);
        }
    }

    /** Open episodes now, ordered by id (host/subject/kind/start). */
    synchronized List<Alert> open() {
        return List.copyOf(open.values());
    }

    /** Every alert state change read so far, in order. */
    synchronized List<Alert> seen() {
        return List.copyOf(seen);
    }

    @Override
    public void close() {
        running = false;
        if (!thread.isAlive()) {
            consumer.close(Duration.ofSeconds(2));
            return;
        }
        consumer.wakeup();
        try {
            thread.join(3_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
