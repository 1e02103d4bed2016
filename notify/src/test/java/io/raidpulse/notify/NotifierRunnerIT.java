package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.topics.KafkaClients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A channel's route applied by the runner on a real broker: skipped changes are committed, episodes follow their FIRING. */
class NotifierRunnerIT {
    private static final String TOPIC = "it-route-alerts";
    private static final String GROUP = "it-route-pager";

    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;

    /** What reached the channel. */
    static final class Recording implements Notifier {
        final List<Alert> sent = new CopyOnWriteArrayList<>();

        @Override
        public void send(Alert alert) {
            sent.add(alert);
        }
    }

    @BeforeAll
    static void start() {
        kafka = EmbeddedKafka.start(dir.resolve("kafka"));
        kafka.createTopic(TOPIC, 1, Map.of());
    }

    @AfterAll
    static void stop() {
        if (kafka != null) {
            kafka.close();
        }
    }

    private static void produce(Alert... alerts) {
        SingleObjectCodec<Alert> codec = AvroSerdes.codec(Alert.class);
        Settings s = Settings.of(Map.of("kafka.bootstrap.servers", kafka.bootstrapServers()));
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(KafkaClients.producer(s, "it-route-producer"))) {
            for (Alert a : alerts) {
                String key = a.getHost() + "/" + a.getSubject() + "/" + a.getKind();
                p.send(new ProducerRecord<>(TOPIC, key.getBytes(StandardCharsets.UTF_8), codec.encode(a)));
            }
            p.flush();
        }
    }

    private static NotifierRunner runner(Notifier channel) {
        Settings s = Settings.of(Map.of("kafka.bootstrap.servers", kafka.bootstrapServers()));
        ChannelRoute route = ChannelRoute.from(Settings.of(Map.of("min-severity", "warning", "hosts", "db.*", "progress", "false")));
        return new NotifierRunner("pager", channel, route, TOPIC, "it-route-dead-letters", GROUP, Duration.ofMillis(300),
                KafkaClients.consumer(s, GROUP, "it-route-pager"), KafkaClients.producer(s, "it-route-pager-dlq"));
    }

    private static long committed() throws Exception {
        try (Admin admin = kafka.admin()) {
            OffsetAndMetadata o = admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS)
                    .get(new TopicPartition(TOPIC, 0));
            return o == null ? -1 : o.offset();
        }
    }

    private static String line(Alert a) {
        return a.getHost() + " " + a.getSubject() + " " + a.getKind() + " " + a.getState();
    }

    @Test
    void changesTheRouteDoesNotTakeAreSkippedAndCommittedAndEpisodesFollowTheirFiring() throws Exception {
        produce(ChannelRouteTest.alert("db1", "md0", AlertKind.SYNC, AlertState.FIRING, Severity.WARNING),
                ChannelRouteTest.alert("db1", "md0", AlertKind.SYNC, AlertState.PROGRESS, Severity.WARNING), // progress=false
                ChannelRouteTest.alert("db1", "md1", AlertKind.SATURATION, AlertState.FIRING, Severity.INFO), // below warning
                ChannelRouteTest.alert("web1", "md0", AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL), // host
                // its FIRING was not sent here: neither is its RESOLVED, which says CRITICAL
                ChannelRouteTest.alert("db1", "md1", AlertKind.SATURATION, AlertState.RESOLVED, Severity.CRITICAL),
                // its FIRING was sent here: so is its RESOLVED, which says INFO
                ChannelRouteTest.alert("db1", "md0", AlertKind.SYNC, AlertState.RESOLVED, Severity.INFO));
        Recording channel = new Recording();
        try (NotifierRunner r = runner(channel)) {
            r.start((t, e) -> { });
            await().atMost(Duration.ofSeconds(60)).until(() -> committed() == 6);
            assertThat(channel.sent).extracting(NotifierRunnerIT::line)
                    .containsExactly("db1 md0 SYNC FIRING", "db1 md0 SYNC RESOLVED");
            assertThat(r.sent()).isEqualTo(2);
            assertThat(r.skipped()).isEqualTo(4);
        }

        // a new run resumes after the commit; RESOLVEDs whose FIRING it never saw go by their own fields
        produce(ChannelRouteTest.alert("db2", "md5", AlertKind.ARRAY_DEGRADED, AlertState.RESOLVED, Severity.CRITICAL),
                ChannelRouteTest.alert("db2", "md6", AlertKind.SATURATION, AlertState.RESOLVED, Severity.INFO));
        Recording again = new Recording();
        try (NotifierRunner r = runner(again)) {
            r.start((t, e) -> { });
            await().atMost(Duration.ofSeconds(60)).until(() -> committed() == 8);
            assertThat(again.sent).extracting(NotifierRunnerIT::line).containsExactly("db2 md5 ARRAY_DEGRADED RESOLVED");
            assertThat(r.skipped()).isEqualTo(1);
        }
    }
}
