package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.services.alertmanager.AlertmanagerServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.topics.KafkaClients;
import io.raidpulse.topics.alert.Alerts;
import java.net.InetSocketAddress;
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

/**
 * The alertmanager channel fed by its runner from a real broker, into Debian's real Alertmanager
 * (0.25) and on to a webhook receiver in this test, across what raidpulse does to its runners: a
 * restart (a new runner on the same group resumes after the committed offsets) and a partition
 * moving to another instance. An episode open across either must stay firing past Alertmanager's
 * resolve_timeout, and its RESOLVED must arrive once. Each test has its own topic, group and hosts.
 */
class AlertmanagerResumeIT {
    /** Short, so a lost re-post shows within a test; above a restart's or a rebalance's gap in re-posts (a few seconds here). */
    private static final Duration RESOLVE_TIMEOUT = Duration.ofSeconds(8);
    /** Past it, an alert nobody re-posted has been resolved by Alertmanager and the receiver told (group_interval 1 s). */
    private static final long BEYOND_RESOLVE_TIMEOUT_MS = RESOLVE_TIMEOUT.toMillis() + 4_000;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, String>> STRINGS = new TypeReference<>() { };

    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;
    static AlertmanagerServer am;
    static HttpServer receiver;
    /** The status of each alert of each webhook notification, with its host label. */
    static final List<String[]> notifications = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            for (JsonNode a : JSON.readTree(exchange.getRequestBody().readAllBytes()).get("alerts")) {
                notifications.add(new String[] {JSON.convertValue(a.get("labels"), STRINGS).get("host"), a.get("status").asText()});
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        am = AlertmanagerServer.start(dir.resolve("alertmanager"),
                AlertmanagerServer.webhookConfig("http://127.0.0.1:" + receiver.getAddress().getPort() + "/", RESOLVE_TIMEOUT));
        kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    }

    @AfterAll
    static void stop() {
        if (kafka != null) {
            kafka.close();
        }
        if (am != null) {
            am.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    private static List<String> statuses(String host) {
        return notifications.stream().filter(n -> host.equals(n[0])).map(n -> n[1]).toList();
    }

    /** md0 on {@code host} degraded since a minute ago (the same start for every change: one alert_id). */
    private static Alert degraded(String host, AlertState state, Severity severity, long start) {
        return Alerts.alert(host, "md0", SubjectKind.ARRAY, AlertKind.ARRAY_DEGRADED, state, severity, start,
                state == AlertState.RESOLVED ? System.currentTimeMillis() : start, host + " md0 (raid5) degraded: 1 of 4 members missing").build();
    }

    private static void produce(String topic, int partition, Alert... alerts) {
        SingleObjectCodec<Alert> codec = AvroSerdes.codec(Alert.class);
        Settings s = Settings.of(Map.of("kafka.bootstrap.servers", kafka.bootstrapServers()));
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(KafkaClients.producer(s, "it-am-resume-producer"))) {
            for (Alert a : alerts) {
                String key = a.getHost() + "/" + a.getSubject() + "/" + a.getKind();
                p.send(new ProducerRecord<>(topic, partition, key.getBytes(StandardCharsets.UTF_8), codec.encode(a)));
            }
            p.flush();
        }
    }

    /** A runner of a new alertmanager channel taking warnings and worse, as a (re)started raidpulse has. */
    private static NotifierRunner runner(String topic, String group, String client) {
        Settings s = Settings.of(Map.of("kafka.bootstrap.servers", kafka.bootstrapServers()));
        Notifier channel = new AlertmanagerNotifier(Settings.of(Map.of("url", am.url(), "resend-interval", "2s")));
        ChannelRoute route = ChannelRoute.from(Settings.of(Map.of("min-severity", "warning")));
        return new NotifierRunner("pager", channel, route, topic, "it-am-resume-dead-letters", group, Duration.ofMillis(300),
                KafkaClients.consumer(s, group, client), KafkaClients.producer(s, client + "-dlq")).start((t, e) -> { });
    }

    private static long committed(String group, String topic, int partition) throws Exception {
        try (Admin admin = kafka.admin()) {
            OffsetAndMetadata o = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS)
                    .get(new TopicPartition(topic, partition));
            return o == null ? -1 : o.offset();
        }
    }

    @Test
    void anAlertOpenAcrossARaidpulseRestartStaysFiringPastResolveTimeoutAndItsResolvedArrivesOnce() throws Exception {
        String topic = "it-am-restart";
        String group = "it-am-restart-pager";
        kafka.createTopic(topic, 1, Map.of());
        long start = System.currentTimeMillis() - 60_000;
        produce(topic, 0,
                degraded("rs-open", AlertState.FIRING, Severity.CRITICAL, start),
                degraded("rs-closed", AlertState.FIRING, Severity.CRITICAL, start),
                degraded("rs-closed", AlertState.RESOLVED, Severity.CRITICAL, start),
                // below the route: not sent, and neither is its RESOLVED after the restart, which says CRITICAL
                degraded("rs-info", AlertState.FIRING, Severity.INFO, start));

        try (NotifierRunner before = runner(topic, group, "it-am-restart-1")) {
            await().atMost(WAIT).until(() -> committed(group, topic, 0) == 4);
            await().atMost(WAIT).until(() -> statuses("rs-open").contains("firing") && statuses("rs-closed").contains("resolved"));
        }
        // raidpulse restarted: its committed offset is past every FIRING
        try (NotifierRunner after = runner(topic, group, "it-am-restart-2")) {
            Thread.sleep(BEYOND_RESOLVE_TIMEOUT_MS);
            assertThat(statuses("rs-open")).as("no resolve by timeout: the new runner re-posts what was open").containsExactly("firing");
            assertThat(statuses("rs-closed")).as("an episode resolved before is not posted again").containsExactly("firing", "resolved");
            assertThat(after.sent()).as("nothing delivered again").isZero();

            produce(topic, 0, degraded("rs-open", AlertState.RESOLVED, Severity.CRITICAL, start),
                    degraded("rs-info", AlertState.RESOLVED, Severity.CRITICAL, start));
            await().atMost(WAIT).until(() -> statuses("rs-open").contains("resolved"));
            await().atMost(WAIT).until(() -> committed(group, topic, 0) == 6);
            Thread.sleep(3_000); // group_interval thrice: a repeat would have come
            assertThat(statuses("rs-open")).containsExactly("firing", "resolved");
            // Alertmanager would not tell the receiver of a resolved alert it never had fire: count what the runner sent
            assertThat(after.sent()).as("rs-open's RESOLVED only; rs-info's goes by its FIRING, learned from before the restart").isOne();
        }
    }

    @Test
    void aPartitionMovedToAnotherInstanceKeepsItsAlertFiringThereUntilItsResolved() throws Exception {
        String topic = "it-am-takeover";
        String group = "it-am-takeover-pager";
        kafka.createTopic(topic, 2, Map.of());
        long start = System.currentTimeMillis() - 60_000;
        try (NotifierRunner first = runner(topic, group, "it-am-takeover-1")) {
            produce(topic, 0, degraded("tk-p0", AlertState.FIRING, Severity.CRITICAL, start));
            produce(topic, 1, degraded("tk-p1", AlertState.FIRING, Severity.CRITICAL, start));
            await().atMost(WAIT).until(() -> statuses("tk-p0").contains("firing") && statuses("tk-p1").contains("firing"));
            await().atMost(WAIT).until(() -> committed(group, topic, 0) == 1 && committed(group, topic, 1) == 1);

            try (NotifierRunner second = runner(topic, group, "it-am-takeover-2")) {
                // one partition each now: the first instance stopped re-posting the episode it gave up, the second took it up
                Thread.sleep(BEYOND_RESOLVE_TIMEOUT_MS);
                assertThat(statuses("tk-p0")).containsExactly("firing");
                assertThat(statuses("tk-p1")).containsExactly("firing");

                first.close(); // the second takes the other partition over too
                Thread.sleep(BEYOND_RESOLVE_TIMEOUT_MS);
                assertThat(statuses("tk-p0")).containsExactly("firing");
                assertThat(statuses("tk-p1")).containsExactly("firing");

                produce(topic, 0, degraded("tk-p0", AlertState.RESOLVED, Severity.CRITICAL, start));
                produce(topic, 1, degraded("tk-p1", AlertState.RESOLVED, Severity.CRITICAL, start));
                await().atMost(WAIT).until(() -> statuses("tk-p0").contains("resolved") && statuses("tk-p1").contains("resolved"));
                Thread.sleep(3_000);
                assertThat(statuses("tk-p0")).containsExactly("firing", "resolved");
                assertThat(statuses("tk-p1")).containsExactly("firing", "resolved");
                assertThat(second.sent()).as("only the RESOLVEDs: nothing delivered again").isEqualTo(2);
            }
        }
    }
}
