package io.raidpulse.services.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded broker's SASL_SSL listener: SCRAM over TLS with a certificate made for the test. */
class SaslSslIT {

    @Test
    void scramOverTlsAuthenticatesTheRightPasswordOnly(@TempDir Path dir) throws Exception {
        SelfSignedTls tls = SelfSignedTls.generate(dir.resolve("tls"));
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), new EmbeddedKafka.Options(0, Map.of(), tls))) {
            kafka.addScramUser("collector", "right-password");
            kafka.createTopic("secure", 1, Map.of());

            Map<String, Object> client = new HashMap<>(kafka.saslSslClientSettings("collector", "right-password"));
            client.put(ProducerConfig.ACKS_CONFIG, "all");
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(client, new StringSerializer(), new StringSerializer())) {
                producer.send(new ProducerRecord<>("secure", "k", "v")).get();
            }
            Map<String, Object> consumerConfig = new HashMap<>(kafka.saslSslClientSettings("collector", "right-password"));
            consumerConfig.put(ConsumerConfig.GROUP_ID_CONFIG, "g");
            consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of("secure"));
                ConsumerRecords<String, String> records = ConsumerRecords.empty();
                for (int i = 0; i < 100 && records.isEmpty(); i++) {
                    records = consumer.poll(Duration.ofMillis(200));
                }
                assertThat(records.count()).isEqualTo(1);
            }

            Map<String, Object> wrong = new HashMap<>(kafka.saslSslClientSettings("collector", "wrong-password"));
            wrong.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(wrong, new StringSerializer(), new StringSerializer())) {
                assertThatThrownBy(() -> producer.send(new ProducerRecord<>("secure", "k", "v")).get())
                        .isInstanceOfAny(ExecutionException.class, SaslAuthenticationException.class)
                        .satisfies(e -> assertThat(e).hasStackTraceContaining("Authentication failed"));
            }
        }
    }
}
