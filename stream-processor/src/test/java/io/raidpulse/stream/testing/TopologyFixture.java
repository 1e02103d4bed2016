package io.raidpulse.stream.testing;

import io.raidpulse.config.Settings;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.stream.StreamApp;
import io.raidpulse.stream.StreamConfig;
import io.raidpulse.stream.StreamSerdes;
import io.raidpulse.stream.StreamTopology;
import io.raidpulse.topics.StreamTopics;
import io.raidpulse.topics.profiles.ProfileRecords;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/** The real topology in a TopologyTestDriver, with the real settings path and serdes. */
public final class TopologyFixture implements AutoCloseable {
    public final TopologyTestDriver driver;
    private final StreamSerdes serdes = StreamSerdes.create();
    private final TestInputTopic<String, byte[]> samples;
    private final TestOutputTopic<String, Alert> alerts;
    private final TestOutputTopic<String, Alert> incidents;
    private final TestOutputTopic<String, Aggregate> aggregates;
    private final TestOutputTopic<byte[], byte[]> deadLetters;
    private final TestInputTopic<String, byte[]> benchmarks;
    public final List<Alert> alertLog = new ArrayList<>();
    public final List<Alert> incidentLog = new ArrayList<>();
    public final List<Aggregate> aggregateLog = new ArrayList<>();

    public TopologyFixture(Map<String, String> overrides) {
        Map<String, String> base = new HashMap<>();
        base.put("kafka.bootstrap.servers", "test:9092");
        base.put("stream.application-id", "topology-test");
        base.putAll(overrides);
        Settings settings = Settings.of(base);
        StreamConfig config = StreamConfig.from(settings);
        Properties props = StreamApp.properties(settings, config.topics());
        if (settings.has("test.processing.guarantee")) {
            props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, settings.requiredString("test.processing.guarantee"));
        }
        driver = new TopologyTestDriver(StreamTopology.build(config, serdes), props, Instant.parse("2026-01-01T00:00:00Z"));
        StreamTopics t = config.topics();
        samples = driver.createInputTopic(t.hostSamples(), new StringSerializer(), new ByteArraySerializer());
        alerts = driver.createOutputTopic(t.alerts(), new StringDeserializer(), serdes.alert().deserializer());
        incidents = driver.createOutputTopic(t.incidents(), new StringDeserializer(), serdes.alert().deserializer());
        aggregates = driver.createOutputTopic(t.aggregates(), new StringDeserializer(), serdes.aggregate().deserializer());
        deadLetters = driver.createOutputTopic(t.deadLetters(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
        benchmarks = driver.createInputTopic(t.benchmarks(), new StringSerializer(), new ByteArraySerializer());
    }

    public TopologyFixture() {
        this(Map.of());
    }

    /** The value a key-value store of the topology holds under {@code key}; null when none. */
    public <V> V storeValue(String store, String key) {
        return driver.<String, V>getKeyValueStore(store).get(key);
    }

    public void send(HostSample s) {
        samples.pipeInput(s.getHost().getHostname(), serdes.hostSample().serializer().serialize("t", s), s.getSampleTime());
    }

    /** Publishes a benchmark profile on the benchmarks topic, as {@code raidpulse bench import} does. */
    public void profile(BenchmarkResult p) {
        benchmarks.pipeInput(p.id(), AvroSerdes.benchmarkProfile().serializer().serialize("t", ProfileRecords.toAvro(p)));
    }

    /** Deletes a profile from the benchmarks topic (a tombstone). */
    public void deleteProfile(String id) {
        benchmarks.pipeInput(id, null);
    }

    /** Puts raw bytes on the benchmarks topic under {@code id}. */
    public void profileBytes(String id, byte[] bytes) {
        benchmarks.pipeInput(id, bytes);
    }

    public void sendRaw(String key, byte[] value) {
        samples.pipeInput(key, value);
    }

    /** Alerts emitted since the last call (also appended to {@link #alertLog}). */
    public List<Alert> alerts() {
        List<Alert> out = new ArrayList<>(alerts.readValuesToList());
        alertLog.addAll(out);
        return out;
    }

    /** Incident notifications emitted since the last call (also appended to {@link #incidentLog}). */
    public List<Alert> incidents() {
        List<Alert> out = new ArrayList<>(incidents.readValuesToList());
        incidentLog.addAll(out);
        return out;
    }

    public List<Aggregate> aggregates() {
        List<Aggregate> out = new ArrayList<>(aggregates.readValuesToList());
        aggregateLog.addAll(out);
        return out;
    }

    public List<TestRecord<byte[], byte[]>> deadLetters() {
        return deadLetters.readRecordsToList();
    }

    public void advanceWallClock(Duration d) {
        driver.advanceWallClockTime(d);
    }

    @Override
    public void close() {
        driver.close();
    }
}
