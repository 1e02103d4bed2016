package io.raidpulse.topics.profiles;

import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.KafkaSettings;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.schema.BenchmarkProfile;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.RecordDecodingException;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.topics.KafkaClients;
import io.raidpulse.topics.StreamTopics;
import io.raidpulse.topics.alert.Alerts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The compacted topic of benchmark profiles ({@code raidpulse.benchmarks}, key = profile id,
 * value = Avro BenchmarkProfile): created compacted, read to its end without a consumer group
 * (assign, seek to the beginning, read up to the end offsets), written with acknowledgement.
 * Every failure a user can cause is a {@link UserException} with one line.
 */
public final class ProfileTopic {
    /** How long the broker may take to answer each call ({@code --timeout}). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);
    /** One partition: the topic is small, and a listing keeps the order profiles were published in. */
    static final int PARTITIONS = 1;

    private final Settings settings;
    private final String topic;
    private final String bootstrap;
    private final Duration timeout;
    private final SingleObjectCodec<BenchmarkProfile> codec = AvroSerdes.codec(BenchmarkProfile.class);

    /**
     * What the topic holds, the latest record of each id.
     *
     * @param profiles   decodable profiles by id, in the order their latest record was written
     * @param deleted    ids whose latest record is a tombstone
     * @param unreadable ids whose latest record this build cannot read, with the reason
     * @param records    records read
     */
    public record Contents(Map<String, BenchmarkResult> profiles, Set<String> deleted, Map<String, String> unreadable, long records) {
        public static final Contents EMPTY = new Contents(Map.of(), Set.of(), Map.of(), 0);

        /** Whether the topic has ever held {@code id} (as a profile, a deletion or a record this build cannot read). */
        public boolean mentions(String id) {
            return profiles.containsKey(id) || deleted.contains(id) || unreadable.containsKey(id);
        }
    }

    /** Reads every setting it uses now, before anything connects: a bad one is a one-line ConfigException naming it. */
    public ProfileTopic(Settings settings, Duration timeout) {
        this.settings = settings;
        this.topic = StreamTopics.from(settings).benchmarks();
        this.bootstrap = settings.get(KafkaKeys.BOOTSTRAP_SERVERS);
        this.timeout = timeout;
        settings.get(StreamTopics.REPLICATION_FACTOR);
        KafkaSettings.parse(ConsumerConfig.configDef(),
                KafkaClients.consumer(settings, "check", "check"));
        KafkaSettings.parse(ProducerConfig.configDef(),
                KafkaClients.producer(settings, "check"));
    }

    public String name() {
        return topic;
    }

    public String bootstrap() {
        return bootstrap;
    }

    /**
     * Creates the topic, compacted, when it is missing (with {@code create}; without, a missing
     * topic is a user error); returns a warning when it exists without compaction (profiles then
     * expire with the broker's retention), else empty.
     */
    public Optional<String> ensure(boolean create) {
        try (Admin admin = Admin.create(KafkaClients.admin(settings, "raidpulse-benchmarks-admin", timeout))) {
            admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return ensure(admin, create);
        } catch (TimeoutException e) {
            throw notAnswering(e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw notAnswering(e);
            }
            throw new UserException("Kafka at " + bootstrap + " is not usable: " + KafkaSettings.reason(e.getCause())
                    + " (check kafka.bootstrap.servers and the kafka.security.* / kafka.sasl.* settings)", e);
        } catch (KafkaException e) {
            throw new UserException("Kafka client settings for " + bootstrap + " are not usable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted while talking to Kafka at " + bootstrap, e);
        }
    }

    /** {@link #ensure(boolean)} with an admin client the caller has open. */
    public Optional<String> ensure(Admin admin, boolean create) throws ExecutionException, TimeoutException, InterruptedException {
        long ms = timeout.toMillis();
        if (!admin.listTopics().names().get(ms, TimeUnit.MILLISECONDS).contains(topic)) {
            if (!create) {
                throw new UserException("topic " + topic + " does not exist on Kafka at " + bootstrap
                        + " and topics.create is false: create it with cleanup.policy=compact", UserException.EXIT_USAGE, null);
            }
            short replication = (short) (int) settings.get(StreamTopics.REPLICATION_FACTOR);
            NewTopic t = new NewTopic(topic, Optional.of(PARTITIONS), Optional.of(replication))
                    .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
            try {
                admin.createTopics(List.of(t)).all().get(ms, TimeUnit.MILLISECONDS);
                return Optional.empty();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw new UserException("cannot create topic " + topic + " on Kafka at " + bootstrap + ": " + e.getCause().getMessage()
                            + " (create it with cleanup.policy=compact, or check the client's rights)", e);
                }
            }
        }
        Config config = topicConfig(admin, ms);
        String policy = config == null || config.get(TopicConfig.CLEANUP_POLICY_CONFIG) == null ? ""
                : config.get(TopicConfig.CLEANUP_POLICY_CONFIG).value();
        if (!policy.contains(TopicConfig.CLEANUP_POLICY_COMPACT)) {
            return Optional.of("topic " + topic + " has cleanup.policy=" + policy + ", not compact: profiles expire with the broker's "
                    + "retention (kafka-configs --alter --entity-type topics --entity-name " + topic + " --add-config cleanup.policy=compact)");
        }
        return Optional.empty();
    }

    /**
     * The topic's configuration. A topic that another instance created a moment ago (two stream
     * processors starting together on a new cluster) may not be known yet to the broker asked, which
     * answers UNKNOWN_TOPIC_OR_PARTITION: asked again until it knows, within the timeout.
     */
    private Config topicConfig(Admin admin, long ms) throws ExecutionException, TimeoutException, InterruptedException {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (true) {
            try {
                return admin.describeConfigs(List.of(resource)).all().get(ms, TimeUnit.MILLISECONDS).get(resource);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    /** Reads the topic from its beginning to its end; {@code progress} (may be null) is told the records read so far. */
    public Contents read(AtomicLong progress) {
        Map<String, Object> props = new HashMap<>(KafkaClients.consumer(settings, "unused", "raidpulse-benchmarks-reader"));
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
        props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        props.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        Map<String, BenchmarkResult> profiles = new LinkedHashMap<>();
        Set<String> deleted = new LinkedHashSet<>();
        Map<String, String> unreadable = new LinkedHashMap<>();
        long count = 0;
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<PartitionInfo> infos = c.partitionsFor(topic, timeout);
            if (infos == null || infos.isEmpty()) {
                return Contents.EMPTY;
            }
            List<TopicPartition> parts = infos.stream().map(i -> new TopicPartition(topic, i.partition())).toList();
            Map<TopicPartition, Long> end = c.endOffsets(parts, timeout);
            c.assign(parts);
            c.seekToBeginning(parts);
            long idleSince = System.nanoTime();
            while (parts.stream().anyMatch(p -> c.position(p, timeout) < end.get(p))) {
                var batch = c.poll(Duration.ofMillis(200));
                if (batch.isEmpty()) {
                    if (System.nanoTime() - idleSince > timeout.toNanos()) {
                        throw new UserException("Kafka at " + bootstrap + " stopped sending " + topic + " before its end (" + count
                                + " records read in " + Alerts.duration(timeout.toMillis()) + " without progress)");
                    }
                    continue;
                }
                idleSince = System.nanoTime();
                for (ConsumerRecord<byte[], byte[]> r : batch) {
                    count++;
                    if (r.key() == null) {
                        continue;
                    }
                    String id = new String(r.key(), StandardCharsets.UTF_8);
                    profiles.remove(id);
                    deleted.remove(id);
                    unreadable.remove(id);
                    if (r.value() == null) {
                        deleted.add(id);
                        continue;
                    }
                    try {
                        profiles.put(id, ProfileRecords.fromAvro(codec.decode(topic, r.value())));
                    } catch (RecordDecodingException | IllegalArgumentException e) {
                        unreadable.put(id, e.getMessage());
                    }
                }
                if (progress != null) {
                    progress.set(count);
                }
            }
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw notAnswering(e);
        } catch (KafkaException e) {
            throw new UserException("Kafka at " + bootstrap + " is not usable: " + e.getMessage()
                    + " (check kafka.bootstrap.servers and the kafka.security.* / kafka.sasl.* settings)", e);
        }
        return new Contents(Collections.unmodifiableMap(profiles), Collections.unmodifiableSet(deleted),
                Collections.unmodifiableMap(unreadable), count);
    }

    /** Publishes the profiles keyed by id and returns once the broker acknowledged every one. */
    public void publish(List<BenchmarkResult> profiles) {
        if (profiles.isEmpty()) {
            return;
        }
        Map<String, Object> props = new HashMap<>(KafkaClients.producer(settings, "raidpulse-benchmarks-writer"));
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout.toMillis());
        props.putIfAbsent(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        props.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) timeout.toMillis() * 2 + 1000);
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (BenchmarkResult profile : profiles) {
                sent.add(p.send(new ProducerRecord<>(topic, profile.id().getBytes(StandardCharsets.UTF_8),
                        codec.encode(ProfileRecords.toAvro(profile)))));
            }
            p.flush();
            for (int i = 0; i < sent.size(); i++) {
                try {
                    sent.get(i).get();
                } catch (ExecutionException e) {
                    throw new UserException("Kafka at " + bootstrap + " did not take profile " + profiles.get(i).id() + " on " + topic
                            + ": " + e.getCause().getMessage(), e);
                }
            }
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw notAnswering(e);
        } catch (KafkaException e) {
            throw new UserException("Kafka at " + bootstrap + " is not usable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted while publishing to Kafka at " + bootstrap, e);
        }
    }

    private UserException notAnswering(Exception e) {
        return new UserException("Kafka at " + bootstrap + " did not answer within " + Alerts.duration(timeout.toMillis())
                + ": check kafka.bootstrap.servers (--bootstrap-servers) and that the broker runs", e);
    }
}
