package io.raidpulse.stream.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.services.kafka.SelfSignedTls;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.KafkaIo;
import io.raidpulse.topics.testing.Md;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The stream processor, its InfluxDB sink and a webhook notifier with nothing but secured
 * endpoints: Kafka only through the broker's SASL_SSL listener (SCRAM-SHA-512, a certificate
 * made for this test), influxd with authentication on, a webhook that answers 401 without the
 * right Authorization header. Alerts, points and notifications arrive; wrong credentials are one
 * clear line; no secret appears in any log event or exception of this JVM.
 */
class SecureStreamIT {
    private static final String KAFKA_PASSWORD = "kafka-Pw-7QxLm2";
    private static final String INFLUX_PASSWORD = "influx-Pw-9RtZk4";
    private static final String HOOK_TOKEN = "hook-Tok-3VbNs8";

    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;
    static InfluxServer influx;
    static HttpServer webhook;
    static final List<String> delivered = new CopyOnWriteArrayList<>();
    static final AtomicInteger unauthorized = new AtomicInteger();
    static SelfSignedTls tls;

    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

    @BeforeAll
    static void start() throws Exception {
        tls = SelfSignedTls.generate(dir.resolve("tls"));
        kafka = EmbeddedKafka.start(dir.resolve("kafka"), new EmbeddedKafka.Options(0, Map.of(), tls));
        kafka.addScramUser("raidpulse-stream", KAFKA_PASSWORD);
        java.util.Optional<Path> influxd = InfluxServer.findInfluxd();
        assertThat(influxd).as("influxd on PATH: " + InfluxServer.HOW_TO_GET_ONE).isPresent();
        influx = InfluxServer.startLocal(influxd.get(), dir.resolve("influx"), 0, new InfluxServer.Admin("raidpulse", INFLUX_PASSWORD));
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        webhook.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (("Bearer " + HOOK_TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                delivered.add(new String(body, java.nio.charset.StandardCharsets.UTF_8));
                exchange.sendResponseHeaders(204, -1);
            } else {
                unauthorized.incrementAndGet();
                exchange.sendResponseHeaders(401, -1);
            }
            exchange.close();
        });
        webhook.start();
    }

    @AfterAll
    static void stop() {
        if (webhook != null) {
            webhook.stop(0);
        }
        if (influx != null) {
            influx.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    @BeforeEach
    void captureLogs() {
        logs.start();
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).addAppender(logs);
    }

    @AfterEach
    void noSecretInAnyLogEvent() {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(logs);
        // a client thread still inside the appender (it appends under the appender's lock) would
        // change the list under the loop: read a copy taken under that lock
        List<ILoggingEvent> events;
        synchronized (logs) {
            events = new java.util.ArrayList<>(logs.list);
        }
        for (ILoggingEvent e : events) {
            String text = e.getFormattedMessage() + (e.getThrowableProxy() == null ? "" : ThrowableProxyUtil.asString(e.getThrowableProxy()));
            for (String secret : List.of(KAFKA_PASSWORD, INFLUX_PASSWORD, HOOK_TOKEN, tls.password())) {
                assertThat(text).as("log event of %s", e.getLoggerName()).doesNotContain(secret);
            }
        }
    }

    private static Map<String, String> secured(String application) {
        Map<String, String> s = new HashMap<>();
        kafka.saslSslClientSettings("raidpulse-stream", KAFKA_PASSWORD).forEach((k, v) -> s.put("kafka." + k, v));
        s.put("stream.application-id", application);
        s.put("stream.state-dir", dir.resolve("state-" + application).toString());
        s.put("stream.startup-timeout", "10s");
        s.put("topics.partitions", "1");
        s.put("aggregate.windows", "2s,10s");
        s.put("aggregate.grace", "0s");
        s.put("saturation.sustain", "3s");
        s.put("saturation.clear-after", "3s");
        s.put("influx.url", influx.url());
        s.put("influx.database", "it_secure");
        s.put("influx.username", "raidpulse");
        s.put("influx.password", INFLUX_PASSWORD);
        s.put("sink.flush-interval", "200ms");
        s.put("sink.retry-max-backoff", "500ms");
        s.put("notify.channels", "hook:webhook");
        s.put("notify.hook.url", "http://127.0.0.1:" + webhook.getAddress().getPort() + "/hook");
        s.put("notify.hook.header.Authorization", "Bearer " + HOOK_TOKEN);
        s.put("notify.retry-max-backoff", "300ms");
        return s;
    }

    private static List<HostSample> saturatedThenCalm(String host, long t0) {
        HostFeed feed = new HostFeed(host, t0, 1000);
        List<HostSample> out = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            double util = i >= 5 && i < 15 ? 99 : 20;
            out.add(feed.next(List.of(Dev.md("md0").iops(50, 50), Dev.disk("sda", util), Dev.disk("sdb", 15)),
                    List.of(Md.array("md0", "raid1", "sda", "sdb").leaves("sda", "sdb"))));
        }
        return out;
    }

    @Test
    void alertsPointsAndNotificationsFlowOverSaslSslWithInfluxAuthAndAWebhookSecret() throws Exception {
        Settings settings = Settings.of(secured("it-secure"));
        assertThat(settings.string("kafka.bootstrap.servers", "")).isEqualTo(kafka.saslSslBootstrapServers());
        KafkaIo plain = new KafkaIo(kafka.bootstrapServers()); // the test's own view of the topics
        long t0 = (System.currentTimeMillis() - 600_000) / 10_000 * 10_000;
        try (StreamService service = StreamService.start(settings)) {
            plain.send(Topics.HOST_SAMPLES, saturatedThenCalm("db-secure", t0));
            List<Alert> alerts = plain.readUntil(Topics.ALERTS, r -> r.size() >= 4, Duration.ofSeconds(60)).stream()
                    .map(r -> AvroSerdes.codec(Alert.class).decode(r.topic(), r.value())).toList();
            assertThat(alerts).extracting(a -> a.getSubject() + " " + a.getState()).containsExactlyInAnyOrder(
                    "sda FIRING", "sda RESOLVED", "md0 FIRING", "md0 RESOLVED");

            // sda is md0's member: one incident, one FIRING and one RESOLVED to the webhook
            List<Alert> incidents = plain.readUntil(Topics.INCIDENTS, r -> r.size() >= 2, Duration.ofSeconds(60)).stream()
                    .map(r -> AvroSerdes.codec(Alert.class).decode(r.topic(), r.value())).toList();
            assertThat(incidents).extracting(a -> a.getSubject() + " " + a.getState()).containsExactly("md0 FIRING", "md0 RESOLVED");
            await().atMost(Duration.ofSeconds(30)).until(() -> delivered.size() >= 2);
            assertThat(unauthorized.get()).as("every call carried the secret header").isZero();
            assertThat(delivered).hasSize(2);

            try (InfluxConnection q = InfluxConnections.open(settings)) {
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(q.query(
                        "SELECT count(summary) AS n FROM \"alerts\".\"raidpulse_alert\" WHERE host = 'db-secure'").rows())
                        .singleElement().satisfies(r -> assertThat(r.number("n")).isEqualTo(4.0)));
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(q.query(
                        "SELECT util_mean FROM \"agg_10s\".\"raidpulse_device\" WHERE host = 'db-secure' AND device = 'sda'").rows())
                        .hasSizeGreaterThanOrEqualTo(2));
            }
            assertThat(incidents).allSatisfy(a -> assertThat(delivered).anySatisfy(d -> assertThat(d).contains(a.getAlertId())));
            assertThat(logs.list).as("log events searched for secrets").hasSizeGreaterThan(3);
        }
    }

    @Test
    void wrongCredentialsAreOneClearLineWithoutTheSecret() {
        Map<String, String> kafkaWrong = secured("it-wrong-kafka");
        kafkaWrong.put("kafka.sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required "
                + "username=\"raidpulse-stream\" password=\"wrong-" + KAFKA_PASSWORD + "\";");
        assertThatThrownBy(() -> StreamService.start(Settings.of(kafkaWrong)).close())
                .isInstanceOfSatisfying(UserException.class, e -> assertThat(e.exitCode()).isEqualTo(UserException.EXIT_RUNTIME))
                .message().contains("Kafka at " + kafka.saslSslBootstrapServers()).containsIgnoringCase("authentication")
                .doesNotContain(KAFKA_PASSWORD).doesNotContain("\n");

        Map<String, String> influxWrong = secured("it-wrong-influx");
        influxWrong.put("influx.password", "wrong-" + INFLUX_PASSWORD);
        assertThatThrownBy(() -> StreamService.start(Settings.of(influxWrong)).close())
                .isInstanceOf(UserException.class)
                .message().contains("InfluxDB at " + influx.url()).contains("401").doesNotContain(INFLUX_PASSWORD).doesNotContain("\n");

        // the right credentials as a 1.x token (user:password) query; the wrong ones refused with one line
        Map<String, String> token = new HashMap<>(Map.of("influx.url", influx.url(), "influx.database", "it_secure",
                "influx.token", "raidpulse:" + INFLUX_PASSWORD));
        try (InfluxConnection q = InfluxConnections.open(Settings.of(token))) {
            q.query("SHOW MEASUREMENTS");
        }
        token.put("influx.token", "raidpulse:wrong-" + INFLUX_PASSWORD);
        assertThatThrownBy(() -> {
            try (InfluxConnection q = InfluxConnections.open(Settings.of(token))) {
                q.query("SHOW MEASUREMENTS");
            }
        }).isInstanceOf(UserException.class).message().contains(influx.url()).doesNotContain(INFLUX_PASSWORD).doesNotContain("\n");
    }
}
