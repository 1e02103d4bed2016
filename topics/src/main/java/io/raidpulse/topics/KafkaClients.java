package io.raidpulse.topics;

import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Settings;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Properties of the plain consumers and producers next to the Streams application (sink,
 * notifiers, dead letters): the {@code kafka.*} settings each client knows (so security and tuning
 * apply to all of them, without warnings about Streams-only keys), then what raidpulse requires.
 */
public final class KafkaClients {
    private KafkaClients() {
    }

    /**
     * A consumer in {@code group} that reads only committed records (the topology writes in
     * transactions) and commits only when told to.
     */
    public static Map<String, Object> consumer(Settings s, String group, String clientId) {
        Map<String, Object> p = known(s, ConsumerConfig.configNames());
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, s.get(KafkaKeys.BOOTSTRAP_SERVERS));
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }

    /** An idempotent producer of raw bytes that waits for all in-sync replicas. */
    public static Map<String, Object> producer(Settings s, String clientId) {
        Map<String, Object> p = known(s, ProducerConfig.configNames());
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, s.get(KafkaKeys.BOOTSTRAP_SERVERS));
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    /**
     * An admin client's properties: the {@code kafka.*} settings it knows, and {@code timeout} for
     * each call, so that a broker that does not answer is reported after that long.
     */
    public static Map<String, Object> admin(Settings s, String clientId, Duration timeout) {
        Map<String, Object> p = known(s, AdminClientConfig.configNames());
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, s.get(KafkaKeys.BOOTSTRAP_SERVERS));
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        return p;
    }

    private static Map<String, Object> known(Settings s, Set<String> names) {
        Map<String, Object> p = new HashMap<>();
        s.withPrefix(KafkaKeys.PREFIX).forEach((k, v) -> {
            if (names.contains(k)) {
                p.put(k, v);
            }
        });
        return p;
    }
}
