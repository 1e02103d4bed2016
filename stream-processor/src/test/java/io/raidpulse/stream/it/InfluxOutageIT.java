package io.raidpulse.stream.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.KafkaIo;
import io.raidpulse.topics.testing.Md;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * influxd stopped for 60 s while samples keep coming, then started again: the sink retries, and
 * every point that belongs in InfluxDB is there afterwards, counted one by one: each raw device
 * and array sample, each aggregate window on the topic, each alert state change. Needs an
 * influxd this test starts (from the PATH); it fails, never skips, without one.
 */
class InfluxOutageIT {
    private static final long OUTAGE_MS = 60_000;
    private static final int BATCHES = 6;
    private static final int PER_BATCH = 10;

    @TempDir
    Path dir;

    private static List<HostSample> samples(HostFeed feed, int n, int hotFrom, int hotTo) {
        List<HostSample> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int at = (int) (feed.sequence() - 100);
            double util = at >= hotFrom && at < hotTo ? 99 : 30;
            out.add(feed.next(List.of(Dev.md("md0").iops(80, 40), Dev.disk("sda", util), Dev.disk("sdb", util)),
                    List.of(Md.array("md0", "raid1", "sda", "sdb").leaves("sda", "sdb"))));
        }
        return out;
    }

    @Test
    void influxdDownForSixtySecondsLosesNoPoint() throws Exception {
        java.util.Optional<Path> influxd = InfluxServer.findInfluxd();
        assertThat(influxd).as("influxd on PATH: " + InfluxServer.HOW_TO_GET_ONE).isPresent();
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"));
             InfluxServer influx = InfluxServer.startLocal(influxd.get(), dir.resolve("influx"), 0)) {
            Map<String, String> s = new HashMap<>();
            s.put("kafka.bootstrap.servers", kafka.bootstrapServers());
            s.put("stream.application-id", "it-outage");
            s.put("stream.state-dir", dir.resolve("state").toString());
            s.put("topics.partitions", "1");
            s.put("aggregate.windows", "2s,10s");
            s.put("aggregate.grace", "0s");
            s.put("saturation.sustain", "3s");
            s.put("saturation.clear-after", "3s");
            s.put("influx.url", influx.url());
            s.put("influx.database", "it_outage");
            s.put("sink.raw-samples", "true");
            s.put("sink.flush-interval", "200ms");
            s.put("sink.retry-max-backoff", "2s");
            s.put("notify.channels", "");
            Settings settings = Settings.of(s);
            KafkaIo io = new KafkaIo(kafka.bootstrapServers());
            long t0 = (System.currentTimeMillis() - 3_600_000) / 10_000 * 10_000;
            HostFeed feed = new HostFeed("db-outage", t0, 1000);
            int sent = 0;

            try (StreamService service = StreamService.start(settings);
                 InfluxConnection query = InfluxConnections.open(settings)) {
                io.send(Topics.HOST_SAMPLES, samples(feed, PER_BATCH, -1, -1));
                sent += PER_BATCH;
                await().atMost(Duration.ofSeconds(60)).until(() -> rawPoints(query) == PER_BATCH);

                influx.stop();
                long down = System.currentTimeMillis();
                // samples keep coming while InfluxDB is away, with a saturation episode in them
                for (int b = 0; b < BATCHES; b++) {
                    io.send(Topics.HOST_SAMPLES, samples(feed, PER_BATCH, 20, 35));
                    sent += PER_BATCH;
                    Thread.sleep(Math.max(0, down + (b + 1) * OUTAGE_MS / BATCHES - System.currentTimeMillis()));
                    if (b == 0) {
                        await().atMost(Duration.ofSeconds(30)).until(() -> service.sink().influxDown());
                    }
                }
                assertThat(System.currentTimeMillis() - down).as("outage length").isGreaterThanOrEqualTo(OUTAGE_MS);
                assertThat(service.sink().influxDown()).as("the sink noticed and kept retrying").isTrue();
                influx.restart();

                // what belongs in InfluxDB: every sample, every window on the topic, every alert state change
                int samples = sent;
                await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> {
                    Set<String> windows = new TreeSet<>();
                    for (ConsumerRecord<byte[], byte[]> r : io.readToEnd(Topics.AGGREGATES, Duration.ofSeconds(30))) {
                        Aggregate a = AvroSerdes.codec(Aggregate.class).decode(r.topic(), r.value());
                        windows.add(a.getSubject() + " " + a.getWindowS() + "s " + a.getWindowStart().toEpochMilli());
                    }
                    List<Alert> alerts = io.readToEnd(Topics.ALERTS, Duration.ofSeconds(30)).stream()
                            .map(r -> AvroSerdes.codec(Alert.class).decode(r.topic(), r.value())).toList();
                    assertThat(alerts).as("sda, sdb and md0 fired and resolved during the outage").hasSize(6);
                    assertThat(windows).as("2 s and 10 s windows of 3 devices over %d s", samples).hasSizeGreaterThan(samples);
                    assertThat(rawPoints(query)).as("raw device points of sda").isEqualTo(samples);
                    assertThat(count(query, "SELECT count(util) AS n FROM \"raw\".\"raidpulse_device_sample\" WHERE host = 'db-outage'"))
                            .as("raw device points").isEqualTo(3L * samples);
                    assertThat(count(query, "SELECT count(degraded) AS n FROM \"raw\".\"raidpulse_array_sample\" WHERE host = 'db-outage'"))
                            .as("raw array points").isEqualTo(samples);
                    assertThat(windowsInInflux(query)).as("aggregate points").isEqualTo(windows);
                    assertThat(count(query, "SELECT count(summary) AS n FROM \"alerts\".\"raidpulse_alert\" WHERE host = 'db-outage'"))
                            .as("alert points").isEqualTo(alerts.size());
                });
                assertThat(service.sink().influxDown()).isFalse();
            }
        }
    }

    private static long rawPoints(InfluxConnection q) {
        return count(q, "SELECT count(util) AS n FROM \"raw\".\"raidpulse_device_sample\" WHERE host = 'db-outage' AND device = 'sda'");
    }

    private static long count(InfluxConnection q, String influxQl) {
        List<InfluxQlResult.Row> rows = q.query(influxQl).rows();
        return rows.isEmpty() ? 0 : Math.round(rows.get(0).number("n"));
    }

    private static Set<String> windowsInInflux(InfluxConnection q) {
        Set<String> out = new TreeSet<>();
        for (String rp : List.of("agg_2s", "agg_10s")) {
            String w = rp.substring(4);
            for (InfluxQlResult.Row r : q.query("SELECT samples, device FROM \"" + rp + "\".\"raidpulse_device\" WHERE host = 'db-outage'").rows()) {
                out.add(r.text("device") + " " + w + " " + r.time().toEpochMilli());
            }
            for (InfluxQlResult.Row r : q.query("SELECT samples, \"array\" FROM \"" + rp + "\".\"raidpulse_array\" WHERE host = 'db-outage'").rows()) {
                out.add(r.text("array") + " " + w + " " + r.time().toEpochMilli());
            }
        }
        return out;
    }
}
