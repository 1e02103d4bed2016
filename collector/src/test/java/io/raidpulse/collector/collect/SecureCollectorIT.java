package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.raidpulse.collector.snapshot.SyntheticHost;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.services.kafka.SelfSignedTls;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Security settings reach the producer through kafka.* unchanged: the agent publishes over SASL_SSL (SCRAM-SHA-512). */
class SecureCollectorIT {
    @TempDir
    Path tmp;

    @Test
    void publishesOverSaslSslWithKafkaPassthroughSettings() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(tmp.resolve("kafka"),
                new EmbeddedKafka.Options(0, Map.of(), SelfSignedTls.generate(tmp.resolve("tls"))))) {
            kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
            kafka.addScramUser("collector", "s3cret-pw");
            SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 4, 1, 9);
            Map<String, String> s = new HashMap<>();
            kafka.saslSslClientSettings("collector", "s3cret-pw").forEach((k, v) -> s.put("kafka." + k, v));
            s.put("collector.interval", "1s");
            s.put("collector.host", "secure-host");
            s.put("collector.spool.dir", tmp.resolve("spool").toString());
            s.put("collector.proc-root", host.root().resolve("proc").toString());
            s.put("collector.sys-root", host.root().resolve("sys").toString());
            Collector collector = Collector.create(Settings.of(s), "it", Collector::kafkaProducer);
            Thread loop = new Thread(() -> {
                try {
                    collector.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            loop.start();
            await().atMost(Duration.ofSeconds(40)).until(() -> collector.sender().sent() >= 3);
            collector.close();
            loop.join(10_000);
            assertThat(endOffset(kafka)).isGreaterThanOrEqualTo(3);
        }
    }

    private static long endOffset(EmbeddedKafka kafka) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName()))) {
            TopicPartition tp = new TopicPartition(Topics.HOST_SAMPLES, 0);
            return c.endOffsets(List.of(tp)).get(tp);
        }
    }
}
