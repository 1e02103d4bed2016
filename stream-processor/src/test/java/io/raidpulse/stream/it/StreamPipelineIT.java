package io.raidpulse.stream.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.notify.NotifierRunner;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.ConsumerKind;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.DeadLetters;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.KafkaIo;
import io.raidpulse.topics.testing.Md;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole deployable on a real broker and a real influxd: samples in, alerts and aggregates
 * out, points in InfluxDB, one webhook notification per incident state change across a restart, dead
 * letters from every input, and nothing lost while InfluxDB is down.
 */
class StreamPipelineIT {
    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;
    static InfluxServer influxServer;
    static HttpServer webhook;
    static final List<JsonNode> notifications = new CopyOnWriteArrayList<>();
    static final AtomicInteger webhookStatus = new AtomicInteger(200);

    @BeforeAll
    static void start() throws Exception {
        kafka = EmbeddedKafka.start(dir.resolve("kafka"));
        influxServer = InfluxServer.obtain(dir.resolve("influx"));
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        ObjectMapper json = new ObjectMapper();
        webhook.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            int status = webhookStatus.get();
            if (status == 200) {
                notifications.add(json.readTree(body));
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        webhook.start();
    }

    @AfterAll
    static void stop() {
        webhook.stop(0);
        if (influxServer != null) {
            influxServer.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    private static Settings settings() {
        Map<String, String> s = new HashMap<>();
        s.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        s.put("stream.application-id", "it-pipeline");
        s.put("stream.state-dir", dir.resolve("state").toString());
        s.put("topics.partitions", "2");
        s.put("aggregate.windows", "2s,10s");
        s.put("aggregate.grace", "1s");
        s.put("saturation.sustain", "3s");
        s.put("saturation.clear-after", "3s");
        s.put("influx.url", influxServer.url());
        s.put("influx.database", "it_pipeline");
        s.put("sink.flush-interval", "200ms");
        s.put("sink.raw-samples", "true");
        s.put("sink.retry-max-backoff", "500ms");
        s.put("notify.channels", "hook:webhook");
        s.put("notify.hook.url", "http://127.0.0.1:" + webhook.getAddress().getPort() + "/hook");
        s.put("notify.retry-max-backoff", "300ms");
        return Settings.of(s);
    }

    private static final String DB = "postgresql@15-main.service";

    /** 40 one-second samples: sda (an md0 member) saturated from 10 s to 19 s, md0 degraded from 25 s to 29 s. */
    private static List<HostSample> episode(String host, long startMs, boolean degrade) {
        HostFeed feed = new HostFeed(host, startMs, 1000);
        List<HostSample> out = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            double util = i >= 10 && i < 20 ? 99 : 20;
            Md md0 = Md.array("md0", "raid1", "sda", "sdb").leaves("sda", "sdb");
            if (degrade && i >= 25 && i < 30) {
                md0 = md0.degraded(1).remove("sdb").spare("sdc");
            }
            // the database's writes cost the raid1 two member I/Os each, the backup's reads one: two thirds and a third
            Dev md = Dev.md("md0").iops(50, 50).consumer(DB, ConsumerKind.SERVICE, 0, 50, 0, 800)
                    .consumer("backup.service", ConsumerKind.SERVICE, 50, 0, 400, 0);
            out.add(feed.next(List.of(md, Dev.disk("sda", util), Dev.disk("sdb", 15), Dev.disk("sdc", 0)), List.of(md0)));
        }
        return out;
    }

    /** The decodable records (the test also writes malformed ones to these topics). */
    private static List<Alert> alerts(List<ConsumerRecord<byte[], byte[]>> records) {
        return decodable(records, AvroSerdes.codec(Alert.class));
    }

    private static List<Aggregate> aggregates(List<ConsumerRecord<byte[], byte[]>> records) {
        return decodable(records, AvroSerdes.codec(Aggregate.class));
    }

    private static <T extends org.apache.avro.specific.SpecificRecord> List<T> decodable(List<ConsumerRecord<byte[], byte[]>> records,
                                                                                        io.raidpulse.schema.kafka.SingleObjectCodec<T> codec) {
        List<T> out = new ArrayList<>();
        for (ConsumerRecord<byte[], byte[]> r : records) {
            try {
                out.add(codec.decode(r.topic(), r.value()));
            } catch (io.raidpulse.schema.kafka.RecordDecodingException malformed) {
                // the dead letter this test sent on purpose
            }
        }
        return out;
    }

    @Test
    void samplesBecomeAlertsAggregatesPointsAndNotificationsExactlyOnceEachAndSurviveAnInfluxOutage() throws Exception {
        KafkaIo io = new KafkaIo(kafka.bootstrapServers());
        long t0 = (System.currentTimeMillis() - 600_000) / 10_000 * 10_000;
        Settings settings = settings();

        StreamService service = StreamService.start(settings);
        try {
            io.send(Topics.HOST_SAMPLES, episode("db1", t0, true));
            io.sendRaw(Topics.HOST_SAMPLES, "db1".getBytes(StandardCharsets.UTF_8), "garbage".getBytes(StandardCharsets.UTF_8));
            io.sendRaw(Topics.ALERTS, "x".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, 1, 2, 3});
            io.sendRaw(Topics.AGGREGATES, "y".getBytes(StandardCharsets.UTF_8), "{\"json\":1}".getBytes(StandardCharsets.UTF_8));

            // sda and md0 saturated (3 s sustain, 3 s clear), md0 degraded: three episodes
            List<Alert> alerts = alerts(io.readUntil(Topics.ALERTS, r -> r.size() >= 7, Duration.ofSeconds(60))).stream()
                    .filter(a -> a.getHost().equals("db1")).toList();
            assertThat(alerts).extracting(a -> a.getSubject() + " " + a.getKind() + " " + a.getState()).containsExactlyInAnyOrder(
                    "sda SATURATION FIRING", "sda SATURATION RESOLVED", "md0 SATURATION FIRING", "md0 SATURATION RESOLVED",
                    "md0 ARRAY_DEGRADED FIRING", "md0 ARRAY_DEGRADED RESOLVED");
            Alert sdaFiring = alerts.stream().filter(a -> a.getSubject().equals("sda") && a.getState() == AlertState.FIRING)
                    .findFirst().orElseThrow();
            assertThat(sdaFiring.getStartTime().toEpochMilli()).isEqualTo(t0 + 10_000);
            assertThat(sdaFiring.getEventTime().toEpochMilli()).isEqualTo(t0 + 12_000);
            Alert mdFiring = alerts.stream().filter(a -> a.getSubject().equals("md0") && a.getKind() == AlertKind.SATURATION
                    && a.getState() == AlertState.FIRING).findFirst().orElseThrow();
            assertThat(mdFiring.getSummary()).endsWith("; 67% of its member load from " + DB + " (mostly writes), 33% from backup.service"
                    + " (mostly reads)");
            assertThat(mdFiring.getDetails()).containsEntry("top_consumer", DB).containsEntry("top_consumer_pct", "67");

            List<Aggregate> aggs = aggregates(io.readUntil(Topics.AGGREGATES,
                    r -> aggregates(r).stream().filter(a -> a.getWindowS() == 10 && a.getSubject().equals("sda")).count() >= 3,
                    Duration.ofSeconds(60)));
            Aggregate hot = aggs.stream().filter(a -> a.getSubject().equals("sda") && a.getWindowS() == 10
                    && a.getWindowStart().toEpochMilli() == t0 + 10_000).findFirst().orElseThrow();
            assertThat(hot.getUtilMean()).isEqualTo(99.0);
            assertThat(hot.getSamples()).isEqualTo(10);

            // the notifiers read incidents: sda folds into md0, so two incidents (saturation, then
            // degraded after the saturation cleared), each one FIRING and one RESOLVED
            List<Alert> incidents = alerts(io.readUntil(Topics.INCIDENTS,
                    r -> alerts(r).stream().filter(a -> a.getHost().equals("db1") && a.getState() == AlertState.RESOLVED).count() >= 2,
                    Duration.ofSeconds(60))).stream().filter(a -> a.getHost().equals("db1")).toList();
            assertThat(incidents).extracting(a -> a.getSubject() + " " + a.getKind() + " " + a.getState()).containsExactly(
                    "md0 SATURATION FIRING", "md0 SATURATION RESOLVED", "md0 ARRAY_DEGRADED FIRING", "md0 ARRAY_DEGRADED RESOLVED");
            // one webhook call per incident state change
            await().atMost(Duration.ofSeconds(30)).until(() -> notifications.size() >= 4);
            assertThat(notifications).extracting(n -> n.get("dedupe_key").asText()).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(incidents.stream().map(NotifierRunner::dedupeKey).toList());
            assertThat(notifications).allSatisfy(n -> assertThat(n.get("text").asText()).startsWith("["));

            try (InfluxConnection influx = InfluxConnections.open(settings)) {
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    InfluxQlResult r = influx.query("SELECT count(summary) AS n FROM \"alerts\".\"raidpulse_alert\" WHERE host = 'db1'");
                    assertThat(r.rows()).singleElement().satisfies(row -> assertThat(row.number("n")).isEqualTo(6.0));
                });
                Set<String> onTopic = windows(aggs, "db1");
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(windowsInInflux(influx, "db1")).isEqualTo(onTopic));
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    InfluxQlResult raw = influx.query("SELECT util FROM \"raw\".\"raidpulse_device_sample\" WHERE host = 'db1'"
                            + " AND device = 'sda' AND time = " + (t0 + 12_000) + "ms");
                    assertThat(raw.rows()).singleElement().satisfies(row -> assertThat(row.number("util")).isEqualTo(99.0));
                    assertThat(influx.query("SELECT count(degraded) AS n FROM \"raw\".\"raidpulse_array_sample\" WHERE host = 'db1'"
                            + " AND degraded > 0").rows()).singleElement().satisfies(row -> assertThat(row.number("n")).isEqualTo(5.0));
                });
                // who loaded md0, per window: the top consumers with their shares of its member load
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    InfluxQlResult shares = influx.query("SELECT member_load_pct, w_iops, samples, consumer_kind FROM \"agg_10s\".\"raidpulse_consumer\""
                            + " WHERE host = 'db1' AND \"array\" = 'md0' AND consumer = '" + DB + "' AND time = " + (t0 + 10_000) + "ms");
                    assertThat(shares.rows()).singleElement().satisfies(row -> {
                        assertThat(row.number("member_load_pct")).isCloseTo(200.0 / 3, within(1e-6));
                        assertThat(row.number("w_iops")).isEqualTo(50.0);
                        assertThat(row.number("samples")).isEqualTo(10.0);
                        assertThat(row.text("consumer_kind")).isEqualTo("service");
                    });
                });
                InfluxQlResult hotPoint = influx.query("SELECT util_mean, samples FROM \"agg_10s\".\"raidpulse_device\" WHERE host = 'db1'"
                        + " AND device = 'sda' AND time = " + (t0 + 10_000) + "ms");
                assertThat(hotPoint.rows()).singleElement().satisfies(row -> {
                    assertThat(row.number("util_mean")).isEqualTo(99.0);
                    assertThat(row.number("samples")).isEqualTo(10.0);
                });
            }

            // every input topic's malformed record is a dead letter with its reason
            List<ConsumerRecord<byte[], byte[]>> dead = io.readUntil(Topics.DEAD_LETTERS,
                    r -> r.stream().map(d -> DeadLetters.header(d.headers(), DeadLetters.TOPIC)).collect(Collectors.toSet()).size() >= 3,
                    Duration.ofSeconds(30));
            Map<String, ConsumerRecord<byte[], byte[]>> byTopic = new HashMap<>();
            dead.forEach(d -> byTopic.putIfAbsent(DeadLetters.header(d.headers(), DeadLetters.TOPIC), d));
            assertThat(byTopic).containsOnlyKeys(Topics.HOST_SAMPLES, Topics.ALERTS, Topics.AGGREGATES);
            assertThat(byTopic.get(Topics.HOST_SAMPLES).value()).isEqualTo("garbage".getBytes(StandardCharsets.UTF_8));
            assertThat(DeadLetters.header(byTopic.get(Topics.HOST_SAMPLES).headers(), DeadLetters.CONSUMER)).isEqualTo("it-pipeline");
            assertThat(DeadLetters.header(byTopic.get(Topics.ALERTS).headers(), DeadLetters.REASON)).isNotBlank();
            assertThat(byTopic.get(Topics.AGGREGATES).key()).isEqualTo("y".getBytes(StandardCharsets.UTF_8));
        } finally {
            service.close();
        }

        // a restart delivers nothing twice
        StreamService restarted = StreamService.start(settings);
        try {
            Thread.sleep(4000);
            assertThat(notifications).hasSize(4);

            Assumptions.assumeTrue(influxServer.isManaged(), "InfluxDB outage needs an influxd this test started");
            influxServer.stop();
            // the webhook fails too for a while: notifications are retried, not lost and not repeated
            webhookStatus.set(503);
            // later than db1: on a shared partition, stream time is past db1's windows
            io.send(Topics.HOST_SAMPLES, episode("db2", t0 + 60_000, false));
            await().atMost(Duration.ofSeconds(30)).until(() -> restarted.sink().influxDown());
            Thread.sleep(1500);
            assertThat(notifications).hasSize(4);
            webhookStatus.set(200);
            // db2's one incident: md0 saturated with its member sda
            await().atMost(Duration.ofSeconds(30)).until(() -> notifications.size() >= 6);
            Thread.sleep(2000);
            influxServer.restart();
            List<Aggregate> db2 = aggregates(io.readUntil(Topics.AGGREGATES,
                    r -> aggregates(r).stream().filter(a -> a.getHost().equals("db2") && a.getWindowS() == 10 && a.getSubject().equals("md0"))
                            .count() >= 3, Duration.ofSeconds(60)));
            Set<String> onTopic = windows(db2, "db2");
            assertThat(onTopic).isNotEmpty();
            try (InfluxConnection influx = InfluxConnections.open(settings)) {
                await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(windowsInInflux(influx, "db2")).isEqualTo(onTopic));
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(influx.query(
                        "SELECT count(summary) AS n FROM \"alerts\".\"raidpulse_alert\" WHERE host = 'db2'").rows())
                        .singleElement().satisfies(row -> assertThat(row.number("n")).isEqualTo(4.0)));
            }
            assertThat(restarted.sink().influxDown()).isFalse();
            assertThat(notifications).extracting(n -> n.get("dedupe_key").asText()).doesNotHaveDuplicates().hasSize(6);
        } finally {
            restarted.close();
        }
    }

    /** "subject window start" of every aggregate of a host. */
    private static Set<String> windows(List<Aggregate> aggs, String host) {
        Set<String> out = new HashSet<>();
        aggs.stream().filter(a -> a.getHost().equals(host))
                .forEach(a -> out.add(a.getSubject() + " " + a.getWindowS() + "s " + a.getWindowStart().toEpochMilli()));
        return out;
    }

    private static Set<String> windowsInInflux(InfluxConnection influx, String host) {
        Set<String> out = new HashSet<>();
        for (String rp : List.of("agg_2s", "agg_10s")) {
            String w = rp.substring(4);
            for (InfluxQlResult.Row r : influx.query("SELECT samples, device FROM \"" + rp + "\".\"raidpulse_device\" WHERE host = '"
                    + host + "'").rows()) {
                out.add(r.text("device") + " " + w + " " + r.time().toEpochMilli());
            }
            for (InfluxQlResult.Row r : influx.query("SELECT samples, \"array\" FROM \"" + rp + "\".\"raidpulse_array\" WHERE host = '"
                    + host + "'").rows()) {
                out.add(r.text("array") + " " + w + " " + r.time().toEpochMilli());
            }
        }
        return out;
    }
}
