package io.raidpulse.services.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three real Kafka nodes in three processes: a node killed with SIGKILL while an idempotent
 * producer (acks=all) keeps sending, then started again on its data. With replication factor 3
 * and min.insync.replicas 2 the two survivors take every record; nothing is lost, nothing is
 * there twice, each key's records stay in order, and the restarted node catches up as a replica.
 */
class KafkaClusterIT {
    private static final String TOPIC = "it.cluster";
    private static final int RECORDS = 3000;
    private static final int KEYS = 12;

    @Test
    void aNodeKilledUnderLoadLosesNothingAndRepeatsNothing(@TempDir Path dir) throws Exception {
        try (KafkaCluster cluster = KafkaCluster.start(dir, 3)) {
            cluster.createTopic(TOPIC, 3, Map.of());
            try (Admin admin = cluster.admin()) {
                TopicDescription t = admin.describeTopics(List.of(TOPIC)).allTopicNames().get(30, TimeUnit.SECONDS).get(TOPIC);
                assertThat(t.partitions()).allSatisfy(p -> assertThat(p.replicas()).hasSize(3));
                String minIsr = admin.describeConfigs(List.of(new org.apache.kafka.common.config.ConfigResource(
                        org.apache.kafka.common.config.ConfigResource.Type.TOPIC, TOPIC))).all().get(30, TimeUnit.SECONDS)
                        .values().iterator().next().get("min.insync.replicas").value();
                assertThat(minIsr).isEqualTo("2");
            }
            int victim = leaderOfPartitionZero(cluster) - 1;
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                    ProducerConfig.ACKS_CONFIG, "all",
                    ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true",
                    ProducerConfig.LINGER_MS_CONFIG, "5",
                    ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "120000"), new StringSerializer(), new StringSerializer())) {
                for (int i = 0; i < RECORDS; i++) {
                    if (i == RECORDS / 3) {
                        producer.flush();
                        cluster.kill(victim);
                    }
                    if (i == 2 * RECORDS / 3) {
                        producer.flush();
                        cluster.restart(victim);
                    }
                    producer.send(new ProducerRecord<>(TOPIC, "k" + (i % KEYS), Integer.toString(i)));
                }
                producer.flush();
            }
            assertThat(cluster.isRunning(victim)).isTrue();

            Map<String, List<Integer>> byKey = new HashMap<>();
            List<Integer> all = new ArrayList<>();
            for (ConsumerRecord<String, String> r : consumeAll(cluster)) {
                int n = Integer.parseInt(r.value());
                all.add(n);
                byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(n);
            }
            assertThat(all).as("every record once").hasSize(RECORDS).doesNotHaveDuplicates();
            byKey.forEach((key, values) -> assertThat(values).as("records of %s in the order sent", key).isSorted());

            // the restarted node is a full replica again: it rejoins every partition's in-sync set
            int restarted = KafkaCluster.nodeId(victim);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            List<TopicPartitionInfo> partitions = List.of();
            try (Admin admin = cluster.admin()) {
                while (System.nanoTime() < deadline) {
                    partitions = admin.describeTopics(List.of(TOPIC)).allTopicNames().get(30, TimeUnit.SECONDS).get(TOPIC).partitions();
                    if (partitions.stream().allMatch(p -> p.isr().stream().anyMatch(n -> n.id() == restarted))) {
                        break;
                    }
                    Thread.sleep(200);
                }
            }
            assertThat(partitions).as("node %d back in every in-sync replica set", restarted)
                    .allSatisfy(p -> assertThat(p.isr()).extracting(org.apache.kafka.common.Node::id).contains(restarted));
        }
    }

    private static int leaderOfPartitionZero(KafkaCluster cluster) throws Exception {
        try (Admin admin = cluster.admin()) {
            return admin.describeTopics(List.of(TOPIC)).allTopicNames().get(30, TimeUnit.SECONDS).get(TOPIC)
                    .partitions().get(0).leader().id();
        }
    }

    private static List<ConsumerRecord<String, String>> consumeAll(KafkaCluster cluster) {
        List<ConsumerRecord<String, String>> seen = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "it-cluster",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int idle = 0;
            while (System.nanoTime() < deadline && (seen.size() < RECORDS || idle < 3)) {
                int before = seen.size();
                consumer.poll(Duration.ofMillis(500)).forEach(seen::add);
                idle = seen.size() == before ? idle + 1 : 0;
            }
        }
        return seen;
    }
}
