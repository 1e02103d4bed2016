package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent against a real broker: samples of a synthetic host whose counters move, every
 * second, through the spool; the broker stopped for 60 s and restarted, the collector
 * restarted with samples still spooled. Every sequence number must arrive exactly once, in order.
 */
class CollectorIT {
    @TempDir
    Path tmp;

    private EmbeddedKafka kafka;
    private SyntheticHost host;
    private final AtomicBoolean ticking = new AtomicBoolean(true);
    private Thread ticker;
    private final List<Collector> started = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        kafka = EmbeddedKafka.start(tmp.resolve("kafka"));
        kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
        host = new SyntheticHost(tmp.resolve("host"), 8, 2, 42);
        // The host moves a second just after each cycle, never while one reads: advance replaces
        // diskstats and then uptime, and a cycle reading between the two would get counters a step
        // ahead of its uptime (a %util above 100, which the sampler rightly leaves out), a race
        // that a kernel's live files never show.
        ticker = new Thread(() -> {
            long seen = 0;
            while (ticking.get()) {
                try {
                    Thread.sleep(20);
                    long taken = started.stream().mapToLong(Collector::samples).sum();
                    if (taken != seen) {
                        seen = taken;
                        host.advance(1.0);
                    }
                } catch (Exception e) {
                    return;
                }
            }
        });
        ticker.start();
    }

    @AfterEach
    void stop() throws Exception {
        started.forEach(Collector::close); // a second close is a no-op
        ticking.set(false);
        ticker.join();
        kafka.close();
    }

    private Settings settings(String bootstrap) {
        return settings(bootstrap, Map.of());
    }

    private Settings settings(String bootstrap, Map<String, String> more) {
        Map<String, String> all = new HashMap<>(more);
        all.putAll(Map.of(
                "kafka.bootstrap.servers", bootstrap,
                "collector.interval", "1s",
                "collector.host", "it-host",
                "collector.spool.dir", tmp.resolve("spool").toString(),
                "collector.proc-root", host.root().resolve("proc").toString(),
                "collector.sys-root", host.root().resolve("sys").toString()));
        return Settings.of(all);
    }

    /** Runs {@code c} until the test closes it, or until the test ends when an assertion cut it short. */
    private Thread runInBackground(Collector c) {
        started.add(c);
        Thread t = new Thread(() -> {
            try {
                c.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "collector-under-test");
        t.start();
        return t;
    }

    @Test
    void brokerAwayForSixtySecondsLosesAndRepeatsNothing() throws Exception {
        Collector collector = Collector.create(settings(kafka.bootstrapServers()), "it", Collector::kafkaProducer);
        Thread loop = runInBackground(collector);
        await().atMost(Duration.ofSeconds(30)).until(() -> consumeAll().size() >= 3);

        kafka.stop();
        long spooledBefore = collector.spool().appended();
        Thread.sleep(60_000);
        assertThat(collector.spool().appended() - spooledBefore).as("samples taken while the broker was away").isGreaterThanOrEqualTo(55);
        assertThat(collector.spool().isEmpty()).as("the spool holds what Kafka could not take").isFalse();
        kafka.restart();

        await().atMost(Duration.ofSeconds(90)).until(() -> collector.spool().isEmpty());
        collector.close(); // sends what is still spooled while Kafka answers
        loop.join(10_000);
        assertThat(collector.spool().isEmpty()).isTrue();

        List<HostSample> got = consumeAll();
        assertThat(got).as("every sample taken arrived, once").hasSize((int) collector.samples());
        assertSequential(got, 0);
        assertThat(got.size()).as("about a minute of samples at 1 s").isGreaterThanOrEqualTo(60);
        HostSample last = got.get(got.size() - 1);
        assertThat(last.getHost().getHostname()).isEqualTo("it-host");
        assertThat(last.getDevices()).isNotEmpty();
        assertThat(got.subList(1, got.size())).as("every sample after the first, spooled ones too, has every device's metrics")
                .allSatisfy(s -> assertThat(s.getDevices()).allSatisfy(d -> assertThat(d.getMetrics()).isNotNull()));
        assertThat(last.getArrays()).hasSize(2);
        assertThat(last.getIntervalS()).isNotNull();
    }

    @Test
    void collectorRestartedWithASpoolSendsWhatItHolds() throws Exception {
        // first run: Kafka at an address where nothing listens, so every sample stays spooled
        Collector offline = Collector.create(settings("127.0.0.1:1"), "it", Collector::kafkaProducer);
        Thread loop = runInBackground(offline);
        await().atMost(Duration.ofSeconds(20)).until(() -> offline.samples() >= 4);
        offline.close();
        loop.join(10_000);
        long spooled = offline.samples();
        assertThat(offline.spool().isEmpty()).isFalse();
        assertThat(consumeAll()).isEmpty();

        Collector online = Collector.create(settings(kafka.bootstrapServers()), "it", Collector::kafkaProducer);
        Thread loop2 = runInBackground(online);
        await().atMost(Duration.ofSeconds(30)).until(() -> consumeAll().size() >= spooled + 3);
        online.close();
        loop2.join(10_000);

        List<HostSample> got = consumeAll();
        assertSequential(got, 0);
        assertThat(got.get(0).getCollectorStarted()).isNotEqualTo(got.get(got.size() - 1).getCollectorStarted());
        assertThat(got.get((int) spooled).getIntervalS()).as("first sample after a restart has no interval").isNull();
    }

    @Test
    void aSampleKafkaRefusesAsTooLargeIsDroppedAndCountedWithoutHoldingBackTheNextOnes() throws Exception {
        topicMaxMessageBytes(512); // an 8-disk sample is several KB, even compressed
        Collector collector = Collector.create(settings(kafka.bootstrapServers()), "it", Collector::kafkaProducer);
        Thread loop = runInBackground(collector);
        await().atMost(Duration.ofSeconds(30)).until(() -> collector.sender().undeliverable() >= 3);
        topicMaxMessageBytes(1 << 20);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            List<HostSample> got = consumeAll();
            return got.size() >= 3 && got.get(got.size() - 1).getSpoolDropped() == collector.sender().undeliverable();
        });
        collector.close();
        loop.join(10_000);

        List<HostSample> got = consumeAll();
        long dropped = collector.sender().undeliverable();
        assertThat(dropped).isGreaterThanOrEqualTo(3);
        assertSequential(got, dropped); // the refused ones were the first; every later one arrived once, in order
        assertThat(got.size() + dropped).as("every sample taken is delivered or counted").isEqualTo(collector.samples());
        assertThat(got.get(got.size() - 1).getSpoolDropped()).as("the gap is explained").isEqualTo(dropped);
        assertThat(collector.spool().isEmpty()).isTrue();
    }

    @Test
    void aSampleOverTheProducersMaxRequestSizeIsDroppedAndCountedWithoutHoldingBackTheNextOnes() throws Exception {
        // refused by the producer itself, before anything reaches the broker
        Collector collector = Collector.create(settings(kafka.bootstrapServers(), Map.of("kafka.max.request.size", "512")),
                "it", Collector::kafkaProducer);
        Thread loop = runInBackground(collector);
        await().atMost(Duration.ofSeconds(30)).until(() -> collector.sender().undeliverable() >= 4);
        collector.close();
        loop.join(10_000);

        assertThat(collector.spool().isEmpty()).as("nothing waits behind a sample that can never be sent").isTrue();
        assertThat(collector.sender().undeliverable()).isEqualTo(collector.samples());
        assertThat(collector.lastSample().getSpoolDropped()).as("counted in the samples that follow").isGreaterThanOrEqualTo(3);
        assertThat(consumeAll()).isEmpty();
    }

    private void topicMaxMessageBytes(int bytes) throws Exception {
        try (Admin admin = kafka.admin()) {
            ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, Topics.HOST_SAMPLES);
            AlterConfigOp set = new AlterConfigOp(new ConfigEntry(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, Integer.toString(bytes)),
                    AlterConfigOp.OpType.SET);
            admin.incrementalAlterConfigs(Map.of(topic, List.of(set))).all().get(30, TimeUnit.SECONDS);
        }
    }

    private static void assertSequential(List<HostSample> got, long first) {
        List<Long> seq = new ArrayList<>();
        got.forEach(s -> seq.add(s.getSequence()));
        for (int i = 0; i < seq.size(); i++) {
            assertThat(seq.get(i)).as("sequence at offset %d of %s", i, seq).isEqualTo(first + i);
        }
    }

    /** Every sample on the topic, each checked to be keyed by the host it is from. */
    private List<HostSample> consumeAll() {
        List<HostSamplesTopic.Keyed> got = HostSamplesTopic.readAllKeyed(kafka);
        assertThat(got).extracting(HostSamplesTopic.Keyed::key).allMatch("it-host"::equals);
        return got.stream().map(HostSamplesTopic.Keyed::sample).toList();
    }
}
