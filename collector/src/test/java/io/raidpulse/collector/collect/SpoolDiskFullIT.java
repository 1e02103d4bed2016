package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.collector.spool.Spool;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The spool on a real, small filesystem that fills up (a 2 MiB tmpfs mounted for the test, which
 * needs root: it fails, never skips, without). Something else takes the filesystem's space while
 * Kafka is away; the collector must say so in one clear line, keep sampling, drop the oldest
 * samples and count them in {@code spool_dropped}, and deliver everything else, in order, once
 * space and Kafka are back. Every sequence number is accounted for: delivered, or counted.
 */
class SpoolDiskFullIT {
    @TempDir
    Path tmp;

    private Path mount;
    private EmbeddedKafka kafka;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

    @BeforeEach
    void mountSmallFilesystem() throws Exception {
        assertThat(new com.sun.security.auth.module.UnixSystem().getUid())
                .as("this test mounts a tmpfs and needs root (run ./run-tests as root)").isZero();
        mount = tmp.resolve("small-fs");
        Files.createDirectories(mount);
        run("mount", "-t", "tmpfs", "-o", "size=2m,mode=0755", "tmpfs", mount.toString());
        kafka = EmbeddedKafka.start(tmp.resolve("kafka"));
        kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
        logs.start();
        ((Logger) LoggerFactory.getLogger(Spool.class)).addAppender(logs);
        ((Logger) LoggerFactory.getLogger(Collector.class)).addAppender(logs);
    }

    @AfterEach
    void unmount() throws Exception {
        ((Logger) LoggerFactory.getLogger(Spool.class)).detachAppender(logs);
        ((Logger) LoggerFactory.getLogger(Collector.class)).detachAppender(logs);
        if (kafka != null) {
            kafka.close();
        }
        if (mount != null) {
            run("umount", "-l", mount.toString());
        }
    }

    @Test
    void aFullFilesystemDropsTheOldestSamplesCountsThemAndSamplingGoesOn() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 16, 4, 7);
        Path spoolDir = mount.resolve("spool");
        Collector collector = Collector.create(Settings.of(Map.of(
                "kafka.bootstrap.servers", kafka.bootstrapServers(),
                "collector.host", "full-host",
                "collector.spool.dir", spoolDir.toString(),
                "collector.spool.max-bytes", "1MiB",
                "collector.proc-root", host.root().resolve("proc").toString(),
                "collector.sys-root", host.root().resolve("sys").toString())), "it", Collector::kafkaProducer);
        try {
            // Kafka is not sent to yet (sending starts below): samples pile up in the spool, as while Kafka is away
            for (int i = 0; i < 5; i++) {
                host.advance(1);
                collector.sampleOnce();
            }
            // another program fills the filesystem, leaving less than the spool already holds
            Path filler = mount.resolve("filler");
            fill(filler, usable(mount) - 150 * 1024);
            int whileFull = 60;
            for (int i = 0; i < whileFull; i++) {
                host.advance(1);
                collector.sampleOnce();
            }
            long droppedWhileFull = collector.spool().dropped();
            assertThat(droppedWhileFull).as("the oldest samples made room for new ones").isPositive();
            assertThat(collector.samples()).as("every sample taken while the filesystem was full was spooled").isEqualTo(5 + whileFull);
            assertThat(messages()).as("one clear line says the filesystem is full and what happens")
                    .filteredOn(m -> m.contains("no space left")).singleElement().satisfies(m -> assertThat(m)
                            .contains(spoolDir.toString()).contains("dropping the oldest").contains("free space there"));
            assertThat(messages()).as("no sample lost outright").noneMatch(m -> m.contains("this sample is lost"));

            // space comes back: nothing more is dropped
            Files.delete(filler);
            for (int i = 0; i < 10; i++) {
                host.advance(1);
                collector.sampleOnce();
            }
            assertThat(collector.spool().dropped()).isEqualTo(droppedWhileFull);
            assertThat(messages()).filteredOn(m -> m.contains("has space again")).singleElement()
                    .satisfies(m -> assertThat(m).contains(droppedWhileFull + " unsent samples were dropped while it was full"));

            collector.startSending();
            long total = collector.samples();
            long expected = total - droppedWhileFull;
            await().atMost(Duration.ofSeconds(60)).until(() -> HostSamplesTopic.readAll(kafka).size() >= expected);
            List<HostSample> got = HostSamplesTopic.readAll(kafka);
            assertThat(got).hasSize((int) expected);
            List<Long> seq = got.stream().map(HostSample::getSequence).toList();
            assertThat(seq).as("in order, no repeat").isSorted().doesNotHaveDuplicates();
            List<Long> missing = LongStream.range(0, total).filter(s -> !seq.contains(s)).boxed().toList();
            assertThat(missing).as("what was dropped: the oldest unsent samples, and only those")
                    .isEqualTo(LongStream.range(0, droppedWhileFull).boxed().toList());
            assertThat(got.get(got.size() - 1).getSpoolDropped()).as("the drop is counted in what reaches Kafka")
                    .isEqualTo(droppedWhileFull);
        } finally {
            collector.close();
        }
    }

    private List<String> messages() {
        return logs.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    private static long usable(Path p) throws IOException {
        return Files.getFileStore(p).getUsableSpace();
    }

    /** Writes up to {@code bytes} into {@code file}, stopping quietly when the filesystem is full. */
    private static void fill(Path file, long bytes) throws IOException {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long written = 0; written < bytes; written += block.length) {
                out.write(block);
            }
        } catch (IOException full) {
            // as full as it gets
        }
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s: %s", String.join(" ", command), out).isZero();
    }
}
