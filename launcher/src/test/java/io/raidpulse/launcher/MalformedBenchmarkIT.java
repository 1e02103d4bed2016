package io.raidpulse.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Settings;
import io.raidpulse.planner.profiles.BenchCommand;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.testing.CommandRun;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.KafkaIo;
import io.raidpulse.topics.testing.Md;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed records on raidpulse.benchmarks, the compacted topic the stream processor reads
 * whole as a global store, with a real broker under exactly_once_v2: random bytes, a record cut
 * after the single-object header, a key without a value (a deletion of nothing). The stream
 * processor keeps running and windows keep their capacity comparison (from the disk-class
 * default); {@code bench list} names each unreadable record with its reason. A global store has
 * no producer, so these are not copied to raidpulse.dead-letters: the compacted topic itself
 * keeps them, as the record of what was sent.
 */
class MalformedBenchmarkIT {
    @TempDir
    Path dir;

    @Test
    void malformedBenchmarkRecordsAreSkippedNamedAndProcessingGoesOn() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
            Settings settings = Settings.of(Map.of("kafka.bootstrap.servers", kafka.bootstrapServers(),
                    "stream.application-id", "it-bad-benchmarks", "stream.state-dir", dir.resolve("state").toString(),
                    "topics.partitions", "1", "aggregate.windows", "2s", "aggregate.grace", "0s",
                    "capacity.publish-catalog", "false", "notify.channels", ""));
            KafkaIo io = new KafkaIo(kafka.bootstrapServers());
            try (StreamService service = StreamService.start(settings)) {
                io.sendRaw(Topics.BENCHMARKS, "noise".getBytes(StandardCharsets.UTF_8), "{\"not\": \"avro\"}".getBytes(StandardCharsets.UTF_8));
                io.sendRaw(Topics.BENCHMARKS, "cut".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, 1, 9, 9, 9});
                io.sendRaw(Topics.BENCHMARKS, "gone".getBytes(StandardCharsets.UTF_8), null);

                long t0 = (System.currentTimeMillis() - 600_000) / 10_000 * 10_000;
                HostFeed feed = new HostFeed("db-bench", t0, 1000);
                List<io.raidpulse.schema.HostSample> samples = new ArrayList<>();
                for (int i = 0; i < 12; i++) {
                    samples.add(feed.next(List.of(Dev.md("md0").iops(400, 200).kBs(1600, 800), Dev.disk("sda", 60), Dev.disk("sdb", 60)),
                            List.of(Md.array("md0", "raid1", "sda", "sdb").leaves("sda", "sdb"))));
                }
                io.send(Topics.HOST_SAMPLES, samples);

                List<Aggregate> arrays = io.readUntil(Topics.AGGREGATES, r -> r.stream()
                                .map(x -> AvroSerdes.codec(Aggregate.class).decode(x.topic(), x.value()))
                                .filter(a -> a.getSubject().equals("md0")).count() >= 3, Duration.ofSeconds(60)).stream()
                        .map(x -> AvroSerdes.codec(Aggregate.class).decode(x.topic(), x.value()))
                        .filter(a -> a.getSubject().equals("md0")).toList();
                assertThat(arrays).as("array windows after the malformed benchmarks").hasSizeGreaterThanOrEqualTo(3)
                        .allSatisfy(a -> assertThat(a.getCapacitySource()).as("no benchmark: the members' measurement or a default")
                                .matches("(measured|default):.*"));
                assertThat(service.app().state()).isEqualTo(KafkaStreams.State.RUNNING);
            }

            CommandRun list = CommandRun.of(new BenchCommand(), "list", "--bootstrap-servers", kafka.bootstrapServers());
            assertThat(list.exit()).as("bench list: %s", list.err()).isZero();
            assertThat(list.err()).contains("profile noise cannot be read").contains("profile cut cannot be read");
        }
    }
}
