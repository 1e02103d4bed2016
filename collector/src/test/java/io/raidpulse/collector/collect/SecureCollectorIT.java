package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.raidpulse.collector.publish.SpoolSender;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.services.kafka.SelfSignedTls;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Security settings reach the producer through kafka.* unchanged: the agent publishes over
 * SASL_SSL (SCRAM-SHA-512); and credentials the broker refuses lose nothing.
 */
class SecureCollectorIT {
    @TempDir
    Path tmp;

    private EmbeddedKafka kafka;
    private SyntheticHost host;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final List<Collector> started = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        kafka = EmbeddedKafka.start(tmp.resolve("kafka"), new EmbeddedKafka.Options(0, Map.of(), SelfSignedTls.generate(tmp.resolve("tls"))));
        kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
        host = new SyntheticHost(tmp.resolve("host"), 4, 1, 9);
        logs.start();
        ((Logger) LoggerFactory.getLogger(SpoolSender.class)).addAppender(logs);
    }

    @AfterEach
    void stop() {
        started.forEach(Collector::close); // a test cut short by an assertion leaves it running otherwise
        ((Logger) LoggerFactory.getLogger(SpoolSender.class)).detachAppender(logs);
        kafka.close();
    }

    private Collector collector(String user, String password) {
        Map<String, String> s = new HashMap<>();
        kafka.saslSslClientSettings(user, password).forEach((k, v) -> s.put("kafka." + k, v));
        s.put("collector.interval", "1s");
        s.put("collector.host", "secure-host");
        s.put("collector.spool.dir", tmp.resolve("spool").toString());
        s.put("collector.proc-root", host.root().resolve("proc").toString());
        s.put("collector.sys-root", host.root().resolve("sys").toString());
        return Collector.create(Settings.of(s), "it", Collector::kafkaProducer);
    }

    private Thread run(Collector collector) {
        started.add(collector);
        Thread loop = new Thread(() -> {
            try {
                collector.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        loop.start();
        return loop;
    }

    @Test
    void publishesOverSaslSslWithKafkaPassthroughSettings() throws Exception {
        kafka.addScramUser("collector", "s3cret-pw");
        Collector collector = collector("collector", "s3cret-pw");
        Thread loop = run(collector);
        await().atMost(Duration.ofSeconds(40)).until(() -> collector.sender().sent() >= 3);
        collector.close();
        loop.join(10_000);
        assertThat(HostSamplesTopic.readAll(kafka)).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void credentialsTheBrokerRefusesAreSaidSoAndLoseNothingUntilTheyWork() throws Exception {
        // the user does not exist yet: every attempt fails authentication
        Collector collector = collector("collector", "s3cret-pw");
        Thread loop = run(collector);
        await().atMost(Duration.ofSeconds(40)).until(() -> messages().stream().anyMatch(m -> m.contains("refuses the collector")));
        assertThat(messages()).noneMatch(m -> m.contains("is not reachable"));
        await().atMost(Duration.ofSeconds(20)).until(() -> collector.samples() >= 5);
        assertThat(collector.sender().sent()).isZero();

        kafka.addScramUser("collector", "s3cret-pw"); // the operator fixes the broker side
        await().atMost(Duration.ofSeconds(60)).until(() -> collector.spool().isEmpty() && collector.sender().sent() >= 5);
        collector.close();
        loop.join(10_000);

        List<HostSample> got = HostSamplesTopic.readAll(kafka);
        assertThat(got).hasSize((int) collector.samples());
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i).getSequence()).as("sequence at offset %d", i).isEqualTo(i);
        }
    }

    private List<String> messages() {
        return logs.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}
