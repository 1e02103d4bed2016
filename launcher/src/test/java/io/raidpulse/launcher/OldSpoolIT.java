package io.raidpulse.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.raidpulse.collector.collect.Collector;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.collector.spool.Spool;
import io.raidpulse.collector.spool.SpoolRecord;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SchemaHistory;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamService;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collector upgraded while its spool still holds samples an older version wrote: the spool's
 * records are HostSample v1 (before {@code spool_dropped}), as the previous release encoded
 * them. The new collector sends them first, in order, unchanged; the stream processor decodes
 * them by their schema fingerprint, counts them into its windows, and dead-letters nothing.
 */
class OldSpoolIT {
    @TempDir
    Path dir;

    @Test
    void samplesSpooledByAnOlderSchemaVersionAreSentAndDecodedDownstream() throws Exception {
        List<Schema> versions = SchemaHistory.get().versions(HostSample.class);
        Schema v1 = versions.get(0);
        assertThat(v1.getField("spool_dropped")).as("v1 is the schema before spool_dropped").isNull();
        assertThat(HostSample.getClassSchema().getField("spool_dropped")).isNotNull();

        SyntheticHost host = new SyntheticHost(dir.resolve("host"), 4, 1, 11);
        Path spool = dir.resolve("spool");
        Map<String, String> s = new HashMap<>();
        s.put("collector.host", "upgraded-host");
        s.put("collector.spool.dir", spool.toString());
        s.put("collector.proc-root", host.root().resolve("proc").toString());
        s.put("collector.sys-root", host.root().resolve("sys").toString());

        // the previous release ran while Kafka was away: its samples are in the spool, as v1 bytes
        int old = 6;
        Collector before = Collector.create(Settings.of(s).with("kafka.bootstrap.servers", "127.0.0.1:1"), "0.0.9",
                c -> Collector.kafkaProducer(c));
        for (int i = 0; i < old; i++) {
            host.advance(1);
            before.sampleOnce();
            Thread.sleep(500);
        }
        before.close();
        rewriteAsV1(spool, v1, old);

        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
            Map<String, String> stream = new HashMap<>();
            stream.put("kafka.bootstrap.servers", kafka.bootstrapServers());
            stream.put("stream.application-id", "it-old-spool");
            stream.put("stream.state-dir", dir.resolve("state").toString());
            stream.put("topics.partitions", "1");
            stream.put("aggregate.windows", "2s");
            stream.put("aggregate.grace", "0s");
            stream.put("notify.channels", "");
            try (StreamService service = StreamService.start(Settings.of(stream))) {
                Collector after = Collector.create(Settings.of(s).with("kafka.bootstrap.servers", kafka.bootstrapServers()), "1.0.0",
                        Collector::kafkaProducer);
                after.startSending();
                for (int i = 0; i < 6; i++) {
                    host.advance(1);
                    after.sampleOnce();
                    Thread.sleep(500);
                }
                await().atMost(Duration.ofSeconds(30)).until(() -> after.spool().isEmpty());
                after.close();

                List<ConsumerRecord<byte[], byte[]>> sent = read(kafka, Topics.HOST_SAMPLES, old + 6);
                assertThat(sent).hasSize(old + 6);
                List<HostSample> samples = new ArrayList<>();
                for (int i = 0; i < sent.size(); i++) {
                    byte[] bytes = sent.get(i).value();
                    long fingerprint = ByteBuffer.wrap(bytes, 2, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
                    assertThat(fingerprint).as("record %d written with %s", i, i < old ? "v1" : "the current schema")
                            .isEqualTo(SchemaHistory.fingerprint(i < old ? v1 : HostSample.getClassSchema()));
                    samples.add(AvroSerdes.codec(HostSample.class).decode(Topics.HOST_SAMPLES, bytes));
                }
                assertThat(samples).extracting(HostSample::getSequence).as("in order, once each")
                        .containsExactlyElementsOf(java.util.stream.LongStream.range(0, old + 6).boxed().toList());
                assertThat(samples.subList(0, old)).allSatisfy(h -> assertThat(h.getSpoolDropped()).as("v1: the default").isZero());

                // the stream processor took the old samples into its windows and refused none
                Set<Long> oldWindows = new TreeSet<>();
                samples.subList(1, old).forEach(h -> oldWindows.add(h.getSampleTime().toEpochMilli() / 2000 * 2000));
                await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                    Set<Long> windows = new TreeSet<>();
                    for (ConsumerRecord<byte[], byte[]> r : read(kafka, Topics.AGGREGATES, 0)) {
                        Aggregate a = AvroSerdes.codec(Aggregate.class).decode(r.topic(), r.value());
                        if (a.getHost().equals("upgraded-host")) {
                            windows.add(a.getWindowStart().toEpochMilli());
                        }
                    }
                    assertThat(windows).as("2 s windows of the v1 samples").containsAll(oldWindows);
                });
                assertThat(read(kafka, Topics.DEAD_LETTERS, 0)).as("dead letters").isEmpty();
            }
        }
    }

    /** The spool's records re-encoded as the previous release wrote them: HostSample v1, single-object encoding. */
    private static void rewriteAsV1(Path spoolDir, Schema v1, int expected) throws Exception {
        List<SpoolRecord> records;
        try (Spool spool = Spool.open(spoolDir, 1 << 20, false)) {
            records = spool.peek(1000);
        }
        assertThat(records).hasSize(expected);
        byte[] sequenceFile = Files.readAllBytes(spoolDir.resolve("sequence"));
        try (var files = Files.list(spoolDir)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.write(spoolDir.resolve("sequence"), sequenceFile);
        BinaryMessageEncoder<GenericRecord> v1Writer = new BinaryMessageEncoder<>(GenericData.get(), v1);
        try (Spool spool = Spool.open(spoolDir, 1 << 20, true)) {
            for (SpoolRecord r : records) {
                assertThat(ByteBuffer.wrap(r.value(), 2, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong())
                        .isEqualTo(SchemaHistory.fingerprint(HostSample.getClassSchema()));
                spool.append(r.key(), toArray(v1Writer.encode(asV1(r.value(), v1))));
            }
        }
    }

    /** The record as v1 sees it: its binary (after the 10-byte single-object header) read with v1 as the reader schema. */
    private static GenericRecord asV1(byte[] singleObject, Schema v1) throws Exception {
        return new GenericDatumReader<GenericRecord>(HostSample.getClassSchema(), v1)
                .read(null, DecoderFactory.get().binaryDecoder(singleObject, 10, singleObject.length - 10, null));
    }

    private static byte[] toArray(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    private static List<ConsumerRecord<byte[], byte[]>> read(EmbeddedKafka kafka, String topic, int atLeast) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            c.subscribe(List.of(topic));
            long until = System.currentTimeMillis() + (atLeast > 0 ? 20_000 : 4_000);
            while (System.currentTimeMillis() < until && (atLeast == 0 || out.size() < atLeast)) {
                c.poll(Duration.ofMillis(300)).forEach(out::add);
            }
        }
        return out;
    }
}
