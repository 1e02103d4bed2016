package io.raidpulse.planner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.sink.InfluxPoints;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.planner.PlanCommand;
import io.raidpulse.planner.profiles.BenchCommand;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.testing.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan} of a hardware RAID volume against a real influxd holding an hour of its 1-minute
 * aggregates, written as the sink writes them (raidpulse_array, array_kind hardware): sda, a RAID5
 * of four declared ST4000NM0033 on a PERC H700 with a battery-backed write-back cache, 50 minutes of
 * 10 r/s + 290 w/s of 4 KiB at a queue of 32 and 20 ms, then 10 of 14 + 406 at 48 and 90 ms with
 * the volume 99% busy; sdb, the same volume with nothing declared but the controller; md0, an md
 * array whose first half was written before array_kind existed. The benchmark
 * of the controller is the lab's real fio run on its PERC H700 RAID5 volume, imported with
 * {@code bench import} onto a real broker.
 */
class VolumePlanIT {
    private static final String DB = "it_volume_plan";
    private static final Instant T0 = Instant.now().minusSeconds(2 * 3600).truncatedTo(ChronoUnit.HOURS);
    private static final Instant END = T0.plusSeconds(60 * 60);
    private static final Path PERC_H700_RANDWRITE = Path.of("..", "lab", "recordings", "perc-h700-saturation", "bench",
            "randwrite-overload.fio.json");
    @TempDir
    static Path dir;
    static InfluxServer influx;

    @BeforeAll
    static void fill() {
        influx = InfluxServer.obtain(dir.resolve("influx"));
        Settings settings = Settings.of(Map.of("influx.url", influx.url(), "influx.database", DB));
        InfluxPoints points = new InfluxPoints(true);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            boolean busy = i >= 50;
            double r = busy ? 14 : 10;
            double w = busy ? 406 : 290;
            Instant start = T0.plusSeconds(60L * i);
            // as the stream processor aggregates a volume: its own util, queue and await; no member fields
            Aggregate a = Aggregate.newBuilder().setHost("db1").setSubject("sda").setSubjectKind(SubjectKind.HARDWARE).setWindowS(60)
                    .setWindowStart(start).setWindowEnd(start.plusSeconds(60)).setSamples(6).setUtilMean(busy ? 99.0 : 80.0)
                    .setUtilMax(busy ? 100.0 : 85.0).setAwaitMeanMs(busy ? 90.0 : 20.0).setAwaitP95Ms(busy ? 150.0 : 30.0)
                    .setAquSzMean(busy ? 48.0 : 32.0).setRIops(r).setWIops(w).setRkBS(r * 4).setWkBS(w * 4).setReadFraction(r / (r + w))
                    .setMeanRequestKB(4.0).setLevel("raid5").setRaidDisks(4).setDiskModel("ST4000NM0033").setRotational(true)
                    .setController("PERC H700").setControllerCache("write-back-battery").setProjections(Map.of()).build();
            lines.add(points.aggregate(a).text());
            // md0: an md array grown from 4 disks to 5 half-way, its older points written before array_kind existed
            a.setSubject("md0");
            a.setSubjectKind(SubjectKind.ARRAY);
            a.setController(null);
            a.setControllerCache(null);
            a.setMemberUtilMean(40.0);
            a.setRaidDisks(i < 30 ? 4 : 5);
            String line = points.aggregate(a).text();
            lines.add(i < 30 ? line.replace(",array_kind=md", "") : line);
            a.setSubject("sdb");
            a.setSubjectKind(SubjectKind.HARDWARE);
            a.setController("PERC H700");
            a.setMemberUtilMean(null);
            a.setLevel(null);
            a.setRaidDisks(null);
            a.setDiskModel(null);
            a.setControllerCache(null);
            lines.add(points.aggregate(a).text());
        }
        try (InfluxConnection c = InfluxConnections.open(settings)) {
            c.ensureStorage(SinkSettings.from(settings, AggregateSettings.DEFAULTS).policies());
            c.write(c.bucket(InfluxPoints.aggregatePolicy(60)), lines);
        }
    }

    @AfterAll
    static void stop() {
        if (influx != null) {
            influx.close();
        }
    }

    private static CommandRun plan(String... args) {
        List<String> all = new ArrayList<>(List.of("--host", "db1", "--influx-url", influx.url(), "--influx-database", DB,
                "--until", END.toString(), "--since", "2h", "--time-zone", "UTC"));
        all.addAll(List.of(args));
        return CommandRun.of(new PlanCommand(), all.toArray(String[]::new));
    }

    @Test
    void aVolumesLoadOnTheDeclaredLayoutAndOnTheSameDisksOnTheControllerAndOnMd() throws Exception {
        CommandRun run = plan("--array", "sda", "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(run.out());
        assertThat(r.get("current").asText()).isEqualTo("hardware raid5 x4");
        assertThat(r.get("windows").asInt()).isEqualTo(60);
        assertThat(r.get("load").has("member_util_mean")).as("hidden behind the controller").isFalse();
        assertThat(r.get("load").get("aqu_sz_mean").get("p50").asDouble()).isEqualTo(32);
        assertThat(r.get("load").get("await_mean_ms").get("p99").asDouble()).isEqualTo(90);
        JsonNode layouts = r.get("layouts");
        assertThat(layouts).extracting(l -> l.get("key").asText()).containsExactly("hardware-raid5-4", "hardware-raid10-near2-4",
                "hardware-raid6-4", "hardware-raid5-6", "md-raid5-4", "md-raid10-near2-4", "md-raid6-4");
        assertThat(layouts.get(0).get("write_figures").asText()).isEqualTo("upper_bound");
        assertThat(layouts.get(5).has("write_figures")).isFalse();
        assertThat(layouts.get(1).get("util")).as("the model's figures on either side").isEqualTo(layouts.get(5).get("util"));
        assertThat(r.get("member_disk").get("id").asText()).isEqualTo("default-hdd-7200");
        // the volume at 99% with a queue and a latency beyond its own baseline: saturated, as a parallel device
        assertThat(r.get("saturation").get("evidence_needed").asBoolean()).isTrue();
        assertThat(r.get("saturation").get("saturated_windows").asInt()).isEqualTo(10);
        JsonNode volume = r.get("volume");
        assertThat(volume.get("controller").asText()).isEqualTo("PERC H700");
        assertThat(volume.get("write_cache").asText()).startsWith("write-back cache (battery-backed): PERC H700 completes a write")
                .contains(" are an upper bound ");

        CommandRun text = plan("--array", "sda");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).startsWith("plan for db1/sda: hardware raid5 x4 (PERC H700, cache write-back-battery), 4 x ST4000NM0033"
                        + " (declared)")
                .contains("  volume queue (aqu-sz)").contains("write cache: write-back cache (battery-backed)")
                .contains("hardware or md: the model counts the same member I/Os").contains("* hardware RAID5 on its 4 disks (now)")
                .contains("  md RAID10 near-2 on the same 4 disks").contains("its write figures are an upper bound (write-back cache)")
                .contains("a window counts when the volume was 95% busy or more on average");
        Path html = dir.resolve("sda.html");
        CommandRun page = plan("--array", "sda", "--format", "html", "--out", html.toString());
        assertThat(page.exit()).as(page.err()).isZero();
        assertThat(Files.readString(html)).contains("<b>Write cache:</b> Write-back cache (battery-backed): PERC H700 completes")
                .contains("sda hides its disks behind its controller").doesNotContain("The current layout&#39;s figures are measured");
    }

    @Test
    void anMdArrayIsPlannedAsBeforeItsShapeFromItsNewestPoints() throws Exception {
        CommandRun run = plan("--array", "md0", "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(run.out());
        assertThat(r.get("windows").asInt()).isEqualTo(60);
        assertThat(r.get("current").asText()).as("the tagged points, the newer").isEqualTo("raid5 x5");
        assertThat(r.has("volume")).isFalse();
        assertThat(r.get("layouts").get(0).has("kind")).isFalse();
        assertThat(r.get("load").get("member_util_mean").get("p50").asDouble()).isEqualTo(40);
    }

    @Test
    void aVolumeWithoutItsLevelAndDisksDeclaredIsOneLineSayingWhatToDeclare() {
        CommandRun run = plan("--array", "sdb");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().isEqualTo("plan: db1/sdb is a hardware RAID volume whose level and disks are"
                + " not declared, and the RAID model needs both: declare collector.hwraid.sdb.level and collector.hwraid.sdb.disks in the"
                + " collector's settings on db1 (the controller hides them from the host)");
    }

    @Test
    void aBenchmarkOfTheControllerOnTheTopicGivesItsWriteFigures() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
            CommandRun imported = CommandRun.of(new BenchCommand(), "import", PERC_H700_RANDWRITE.toString(), "--level", "raid5",
                    "--disks", "4", "--controller", "PERC H700", "--disk-model", "ST4000NM0033", "--bootstrap-servers",
                    kafka.bootstrapServers());
            assertThat(imported.exit()).as(imported.err()).isZero();
            CommandRun run = plan("--array", "sda", "--format", "json", "--bootstrap-servers", kafka.bootstrapServers());
            assertThat(run.exit()).as(run.err()).isZero();
            JsonNode r = new ObjectMapper().readTree(run.out());
            JsonNode now = r.get("layouts").get(0);
            assertThat(now.get("write_figures").asText()).isEqualTo("benchmark");
            String id = now.get("benchmarks").fieldNames().next();
            assertThat(now.get("benchmarks").get(id).asInt()).isEqualTo(60);
            // 150 random writes a second measured where the model of the same RAID5 over the disk-class default expects 84
            assertThat(now.get("model_util").get("p50").asDouble() / now.get("util").get("p50").asDouble())
                    .isCloseTo(1.8, org.assertj.core.api.Assertions.within(0.05));
            assertThat(r.get("layouts").get(4).get("benchmarks").has(id)).as("md RAID5: not the controller's benchmark").isFalse();
            assertThat(r.get("volume").get("write_cache").asText())
                    .contains("; a benchmark of PERC H700 gave the write figures of hardware RAID5 on its 4 disks (now) (" + id + ")");
        }
    }
}
