package io.raidpulse.stream.testing;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;

/** Producing samples and reading output topics on a real broker, for integration tests. */
public final class KafkaIo {
    private final String bootstrap;

    public KafkaIo(String bootstrap) {
        this.bootstrap = bootstrap;
    }

    public KafkaProducer<byte[], byte[]> producer() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.LINGER_MS_CONFIG, "5"),
                new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** Sends samples keyed by host, in order, and waits for every acknowledgement. */
    public void send(String topic, List<HostSample> samples) {
        Serializer<HostSample> ser = AvroSerdes.hostSample().serializer();
        try (KafkaProducer<byte[], byte[]> p = producer()) {
            for (HostSample s : samples) {
                p.send(new ProducerRecord<>(topic, null, s.getSampleTime().toEpochMilli(),
                        s.getHost().getHostname().getBytes(java.nio.charset.StandardCharsets.UTF_8), ser.serialize(topic, s)));
            }
            p.flush();
        }
    }

    public void sendRaw(String topic, byte[] key, byte[] value) {
        try (KafkaProducer<byte[], byte[]> p = producer()) {
            p.send(new ProducerRecord<>(topic, key, value));
            p.flush();
        }
    }

    /** Every committed record of {@code topic}, read from the start until {@code done} holds for all read so far or the time is up. */
    public List<ConsumerRecord<byte[], byte[]>> readUntil(String topic, Predicate<List<ConsumerRecord<byte[], byte[]>>> done,
                                                          Duration timeout) {
        List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG, "it-reader-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed", ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false"),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            c.subscribe(List.of(topic));
            long until = System.currentTimeMillis() + timeout.toMillis();
            while (System.currentTimeMillis() < until) {
                c.poll(Duration.ofMillis(200)).forEach(all::add);
                if (done.test(all)) {
                    break;
                }
            }
        }
        return all;
    }
}
