package io.raidpulse.stream.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.raidpulse.config.Settings;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamMain;
import io.raidpulse.stream.StreamService;
import io.raidpulse.stream.testing.ChildJvm;
import io.raidpulse.stream.testing.Dev;
import io.raidpulse.stream.testing.HostFeed;
import io.raidpulse.stream.testing.KafkaIo;
import io.raidpulse.stream.testing.Md;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * exactly_once_v2 on a real broker: a stream processor killed with SIGKILL while samples flow in,
 * then restarted, writes no alert twice and the same aggregates as a run that was never
 * interrupted over the same input.
 */
class ExactlyOnceIT {
    static final String INPUT = "eos.host-samples";
    static final int HOSTS = 6;
    static final int SAMPLES = 4000;

    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;

    @BeforeAll
    static void start() {
        kafka = EmbeddedKafka.start(dir.resolve("kafka"));
        kafka.createTopic(INPUT, 2, Map.of());
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    /** Hosts with an md RAID5 and busy periods that come and go: saturation episodes, degraded spells, windows. */
    static List<HostSample> input() {
        long t0 = HostFeed.recentStart(Duration.ofSeconds(SAMPLES + 600));
        List<HostFeed> feeds = new ArrayList<>();
        for (int h = 0; h < HOSTS; h++) {
            feeds.add(new HostFeed("db" + h, t0 + h * 137, 1000));
        }
        List<HostSample> out = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            for (int h = 0; h < HOSTS; h++) {
                int phase = (i / 45 + h) % 4;
                double busy = phase == 0 ? 99 : phase == 1 ? 85 : 30;
                List<Dev> devs = new ArrayList<>(List.of(Dev.md("md0").iops(100 + h, 200), Dev.disk("sda", busy - 3).iops(50, 100),
                        Dev.disk("sdb", busy).iops(50, 100), Dev.disk("sdc", busy - 1).iops(50, 100),
                        Dev.disk("sdd", (i % 7) * 10).iops(50, 100)));
                for (int d = 0; d < 4; d++) {
                    devs.add(Dev.ssd("nvme" + d + "n1", (i + d) % 100).aqu(1 + (i % 13 == 0 ? 20 : 0)).await(0.2, 0.3));
                }
                Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
                if ((i / 200 + h) % 5 == 0) {
                    md0 = md0.degraded(1);
                }
                out.add(feeds.get(h).next(devs, List.of(md0)));
            }
        }
        return out;
    }

    static List<String> args(String app, Path stateDir) {
        List<String> a = new ArrayList<>(List.of("--bootstrap-servers", kafka.bootstrapServers(), "--notify", "", "--no-influx",
                "--state-dir", stateDir.toString()));
        Map<String, String> set = settings(app);
        set.remove("kafka.bootstrap.servers");
        set.forEach((k, v) -> {
            a.add("--set");
            a.add(k + "=" + v);
        });
        return a;
    }

    static Map<String, String> settings(String app) {
        Map<String, String> s = new HashMap<>();
        s.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        s.put("stream.application-id", app);
        s.put("topics.host-samples", INPUT);
        s.put("topics.alerts", app + ".alerts");
        s.put("topics.incidents", app + ".incidents");
        s.put("topics.aggregates", app + ".aggregates");
        s.put("topics.dead-letters", app + ".dead-letters");
        s.put("topics.partitions", "2");
        s.put("aggregate.windows", "5s,30s");
        s.put("aggregate.grace", "2s");
        s.put("saturation.sustain", "5s");
        s.put("saturation.clear-after", "10s");
        // the killed member and its open transaction must not hold the partitions long
        s.put("kafka.session.timeout.ms", "6000");
        s.put("kafka.transaction.timeout.ms", "10000");
        // transactions of a second of processing: the one the kill cuts off holds output to abort
        s.put("kafka.commit.interval.ms", "1000");
        return s;
    }

    @Test
    void aKilledAndRestartedProcessorWritesNoDuplicatesAndTheSameAggregates() throws Exception {
        List<HostSample> samples = input();
        KafkaIo io = new KafkaIo(kafka.bootstrapServers());
        Path log = Path.of("target", "exactly-once-child.log");
        Files.deleteIfExists(log);

        // run B in a JVM of its own while samples flow in; SIGKILL it after its first commits, long before it is through
        Process first = ChildJvm.start(StreamMain.class, args("eos-b", dir.resolve("state-b")), log);
        int third = samples.size() / 3;
        io.send(INPUT, samples.subList(0, third));
        Thread feeder = new Thread(() -> io.send(INPUT, samples.subList(third, samples.size())));
        feeder.start();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> committed("eos-b") > 0);
        // half a commit interval on: the open transaction holds half a second of output
        Thread.sleep(500);
        first.destroyForcibly();
        long atKill = committed("eos-b");
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(atKill).as("killed mid-run").isLessThan(samples.size());
        feeder.join();
        Process second = ChildJvm.start(StreamMain.class, args("eos-b", dir.resolve("state-b")), log);
        try {
            await().atMost(Duration.ofSeconds(120)).until(() -> committed("eos-b") == samples.size());
        } finally {
            second.destroy();
            second.waitFor(30, TimeUnit.SECONDS);
        }

        // run A in this JVM, never interrupted
        Map<String, String> uninterrupted = settings("eos-a");
        uninterrupted.put("stream.state-dir", dir.resolve("state-a").toString());
        uninterrupted.put("notify.channels", "");
        try (StreamService ignored = StreamService.start(Settings.of(uninterrupted))) {
            await().atMost(Duration.ofSeconds(120)).until(() -> committed("eos-a") == samples.size());
        }

        List<Alert> alertsA = read("eos-a.alerts", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Alert> alertsB = read("eos-b.alerts", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Aggregate> aggsA = read("eos-a.aggregates", r -> AvroSerdes.aggregate().deserializer().deserialize("t", r));
        List<Aggregate> aggsB = read("eos-b.aggregates", r -> AvroSerdes.aggregate().deserializer().deserialize("t", r));

        assertThat(alertsA).as("the input has episodes").hasSizeGreaterThan(50);
        assertThat(aggsA).hasSizeGreaterThan(1000);
        assertThat(alertsB).extracting(a -> a.getAlertId() + "/" + a.getState() + "/" + a.getEventTime()).doesNotHaveDuplicates();
        assertThat(alertsB).containsExactlyInAnyOrderElementsOf(alertsA);
        List<Alert> incidentsA = read("eos-a.incidents", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        List<Alert> incidentsB = read("eos-b.incidents", r -> AvroSerdes.alert().deserializer().deserialize("t", r));
        assertThat(incidentsA).as("the episodes make incidents").hasSizeGreaterThan(10).hasSizeLessThan(alertsA.size());
        assertThat(incidentsB).as("the incident store survived the kill: the same notifications, none twice")
                .extracting(a -> a.getAlertId() + "/" + a.getState() + "/" + a.getEventTime()).doesNotHaveDuplicates();
        assertThat(incidentsB).containsExactlyInAnyOrderElementsOf(incidentsA);
        assertThat(aggsB).extracting(a -> a.getHost() + "/" + a.getSubject() + "/" + a.getWindowS() + "/" + a.getWindowStart())
                .doesNotHaveDuplicates();
        assertThat(aggsB).containsExactlyInAnyOrderElementsOf(aggsA);
        assertThat(new KafkaIo(kafka.bootstrapServers()).countUncommitted("eos-b.aggregates"))
                .as("the killed run's open transaction held aggregates that were aborted and written again")
                .isGreaterThan(aggsB.size());
        assertThat(Files.readString(log)).contains("raidpulse stream running");
    }

    /** Input records the application committed, over all partitions. */
    static long committed(String app) throws Exception {
        try (Admin admin = kafka.admin()) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(app).partitionsToOffsetAndMetadata()
                    .get(10, TimeUnit.SECONDS);
            return offsets.entrySet().stream().filter(e -> e.getKey().topic().equals(INPUT) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset()).sum();
        }
    }

    /** Every committed record of a topic. */
    static <T> List<T> read(String topic, Function<byte[], T> decode) {
        return new KafkaIo(kafka.bootstrapServers()).readToEnd(topic, Duration.ofSeconds(60)).stream()
                .map(r -> decode.apply(r.value())).toList();
    }
}
