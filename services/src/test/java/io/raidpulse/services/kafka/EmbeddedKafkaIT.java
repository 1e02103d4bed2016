package io.raidpulse.services.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaIT {

    @Test
    void startsProducesConsumesAndKeepsDataAndPortAcrossRestart(@TempDir Path dir) throws Exception {
        long t0 = System.nanoTime();
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
            long startMs = (System.nanoTime() - t0) / 1_000_000;
            assertThat(startMs).as("start-up of a fresh broker, ms").isLessThan(30_000);
            kafka.createTopic("t", 2, Map.of("cleanup.policy", "compact"));
            kafka.createTopic("t", 2, Map.of());
            produce(kafka, "a", "1");
            String before = kafka.bootstrapServers();

            kafka.stop();
            assertThat(kafka.isRunning()).isFalse();
            kafka.restart();

            assertThat(kafka.bootstrapServers()).isEqualTo(before);
            produce(kafka, "b", "2");
            assertThat(consumeAll(kafka, 2)).containsExactlyInAnyOrder("a=1", "b=2");
        }
        // a second broker on the same directory reuses the data
        try (EmbeddedKafka again = EmbeddedKafka.start(dir.resolve("kafka"))) {
            assertThat(consumeAll(again, 2)).containsExactlyInAnyOrder("a=1", "b=2");
        }
    }

    private static void produce(EmbeddedKafka kafka, String key, String value) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("t", key, value)).get();
        }
    }

    private static List<String> consumeAll(EmbeddedKafka kafka, int expected) {
        List<String> seen = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "g" + System.nanoTime(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("t"));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (seen.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    seen.add(r.key() + "=" + r.value());
                }
            }
        }
        return seen;
    }
}
