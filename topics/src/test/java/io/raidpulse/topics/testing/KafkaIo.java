package io.raidpulse.topics.testing;

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

    /**
     * Every committed record of {@code topic}: once no transaction is open on it any more (a
     * killed producer's is aborted after its transaction timeout), its partitions read from the
     * start to their end, without a consumer group.
     */
    public List<ConsumerRecord<byte[], byte[]>> readToEnd(String topic, Duration timeout) {
        List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
        long until = System.currentTimeMillis() + timeout.toMillis();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed", ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false"),
                new ByteArrayDeserializer(), new ByteArrayDeserializer());
             KafkaConsumer<byte[], byte[]> uncommitted = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<org.apache.kafka.common.TopicPartition> parts = c.partitionsFor(topic, timeout).stream()
                    .map(p -> new org.apache.kafka.common.TopicPartition(topic, p.partition())).toList();
            Map<org.apache.kafka.common.TopicPartition, Long> end = c.endOffsets(parts, timeout);
            while (!end.equals(uncommitted.endOffsets(parts, timeout))) {
                if (System.currentTimeMillis() > until) {
                    throw new AssertionError("a transaction stays open on " + topic);
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
                end = c.endOffsets(parts, timeout);
            }
            Map<org.apache.kafka.common.TopicPartition, Long> stable = end;
            c.assign(parts);
            c.seekToBeginning(parts);
            while (parts.stream().anyMatch(p -> c.position(p) < stable.get(p))) {
                if (System.currentTimeMillis() > until) {
                    throw new AssertionError("could not read " + topic + " to its end " + end + " within " + timeout);
                }
                c.poll(Duration.ofMillis(200)).forEach(all::add);
            }
        }
        return all;
    }

    /** How many records {@code topic} holds, aborted ones included (read_uncommitted). */
    public long countUncommitted(String topic) {
        long n = 0;
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<org.apache.kafka.common.TopicPartition> parts = c.partitionsFor(topic).stream()
                    .map(p -> new org.apache.kafka.common.TopicPartition(topic, p.partition())).toList();
            Map<org.apache.kafka.common.TopicPartition, Long> end = c.endOffsets(parts);
            c.assign(parts);
            c.seekToBeginning(parts);
            long until = System.currentTimeMillis() + 60_000;
            while (parts.stream().anyMatch(p -> c.position(p) < end.get(p)) && System.currentTimeMillis() < until) {
                n += c.poll(Duration.ofMillis(200)).count();
            }
        }
        return n;
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
