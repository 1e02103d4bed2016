package io.raidpulse.lab.checks;

import io.raidpulse.collector.collect.Collector;
import io.raidpulse.collector.publish.SpoolDelivery;
import io.raidpulse.config.Settings;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A recording's samples through the real pipeline, as an offline host delivers its spool later:
 * an embedded broker, the stream processor (topology, sink into {@code influxUrl} when given,
 * no notifiers), and the guest's spool sent by {@code send-spool}'s code; then every alert the
 * topology wrote, read back committed from the start, once no more arrive.
 *
 * <p>The samples keep the times they were taken at, so the broker keeps every record whatever
 * its age ({@code log.retention.ms=-1}): a recording replayed months later is still whole.
 */
public final class RecordingPipeline implements AutoCloseable {
    private final EmbeddedKafka kafka;
    private final StreamService stream;

    private RecordingPipeline(EmbeddedKafka kafka, StreamService stream) {
        this.kafka = kafka;
        this.stream = stream;
    }

    public static RecordingPipeline start(Path work, String influxUrl, Map<String, String> more) throws IOException {
        EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"),
                new EmbeddedKafka.Options(0, Map.of("log.retention.ms", "-1"), null));
        Map<String, String> s = new HashMap<>();
        s.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        s.put("stream.state-dir", work.resolve("streams").toString());
        s.put("notify.channels", "");
        if (influxUrl != null) {
            s.put("influx.url", influxUrl);
        } else {
            s.put("sink.enabled", "false");
        }
        s.putAll(more);
        try {
            return new RecordingPipeline(kafka, StreamService.start(Settings.of(s)));
        } catch (RuntimeException e) {
            kafka.close();
            throw e;
        }
    }

    public String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    /** Sends a copy of the recording's spool (delivering moves a spool's cursor); returns the records sent. */
    public long deliver(Recording r, Path work) throws IOException, InterruptedException {
        Path copy = work.resolve("spool-" + r.name());
        copyTree(r.spool(), copy);
        SpoolDelivery.Result result = SpoolDelivery.deliver(Settings.of(Map.of(
                "kafka.bootstrap.servers", kafka.bootstrapServers(), "collector.spool.dir", copy.toString())),
                Duration.ofMinutes(2), Collector::kafkaProducer);
        if (!result.complete()) {
            throw new IllegalStateException("the spool of " + r.name() + " was not delivered within 2 minutes");
        }
        return result.sent();
    }

    /** Every alert on raidpulse.alerts, committed, in offset order per key; returns once {@code quiet} passes with none new. */
    public List<Alert> alerts(Duration quiet, Duration limit) {
        return read(Topics.ALERTS, quiet, limit);
    }

    /** Every incident notification on raidpulse.incidents, committed, in offset order per host; as {@link #alerts}. */
    public List<Alert> incidents(Duration quiet, Duration limit) {
        return read(Topics.INCIDENTS, quiet, limit);
    }

    private List<Alert> read(String topic, Duration quiet, Duration limit) {
        SingleObjectCodec<Alert> codec = AvroSerdes.codec(Alert.class);
        List<Alert> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> parts = c.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            long end = System.nanoTime() + limit.toNanos();
            long lastNew = System.nanoTime();
            while (System.nanoTime() < end && System.nanoTime() - lastNew < quiet.toNanos()) {
                for (ConsumerRecord<String, byte[]> rec : c.poll(Duration.ofMillis(500))) {
                    out.add(codec.decode(rec.topic(), rec.value()));
                    lastNew = System.nanoTime();
                }
            }
        }
        return out;
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (var walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    @Override
    public void close() {
        try {
            stream.close();
        } finally {
            kafka.close();
        }
    }
}
