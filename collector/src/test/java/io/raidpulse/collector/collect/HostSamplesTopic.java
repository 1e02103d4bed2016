package io.raidpulse.collector.collect;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** What collectors under test published: every record of the HostSample topic, in offset order. */
final class HostSamplesTopic {
    private static final SingleObjectCodec<HostSample> CODEC = AvroSerdes.codec(HostSample.class);

    record Keyed(String key, HostSample sample) {
    }

    private HostSamplesTopic() {
    }

    static List<HostSample> readAll(EmbeddedKafka kafka) {
        return readAllKeyed(kafka).stream().map(Keyed::sample).toList();
    }

    /** From the beginning up to the end offset at the time of the call (waiting at most 10 s for it). */
    static List<Keyed> readAllKeyed(EmbeddedKafka kafka) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<Keyed> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config)) {
            TopicPartition tp = new TopicPartition(Topics.HOST_SAMPLES, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            long deadline = System.currentTimeMillis() + 10_000;
            while (consumer.position(tp) < end && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    out.add(new Keyed(r.key(), CODEC.decode(r.topic(), r.value())));
                }
            }
        }
        return out;
    }
}
