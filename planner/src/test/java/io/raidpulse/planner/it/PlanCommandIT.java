package io.raidpulse.planner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.sink.InfluxPoints;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.planner.PlanCommand;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.services.Ports;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.testing.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan} against a real influxd holding two hours of 1-minute aggregates of a RAID5 of
 * four 16 TB disks, written as the sink writes them: 100 minutes of 400 r/s + 200 w/s at 60%
 * member util, then 20 of 700 + 350 at 98%, the busiest member at 99%: saturated by the stream
 * processor's default threshold (95%). md1, the same on NVMe SSDs, whose busy windows also wait
 * 20 ms against 5 ms: saturated, by its latency evidence.
 */
class PlanCommandIT {
    private static final String DB = "it_plan";
    private static final Instant T0 = Instant.now().minusSeconds(3 * 3600).truncatedTo(java.time.temporal.ChronoUnit.HOURS);
    private static final Instant END = T0.plusSeconds(120 * 60);
    @TempDir
    static Path dir;
    static InfluxServer influx;

    @BeforeAll
    static void fill() {
        influx = InfluxServer.obtain(dir.resolve("influx"));
        Settings settings = Settings.of(Map.of("influx.url", influx.url(), "influx.database", DB));
        InfluxPoints points = new InfluxPoints(true);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            boolean busy = i >= 100;
            double r = busy ? 700 : 400;
            double w = busy ? 350 : 200;
            Instant start = T0.plusSeconds(60L * i);
            Aggregate a = Aggregate.newBuilder().setHost("db1").setSubject("md0").setSubjectKind(SubjectKind.ARRAY).setWindowS(60)
                    .setWindowStart(start).setWindowEnd(start.plusSeconds(60)).setSamples(6).setUtilMean(busy ? 99.0 : 62.0)
                    .setUtilMax(busy ? 100.0 : 65.0).setMemberUtilMean(busy ? 98.0 : 60.0).setAwaitMeanMs(5.0).setAwaitP95Ms(9.0)
                    .setAquSzMean(2.0).setRIops(r).setWIops(w).setRkBS(r * 8).setWkBS(w * 8).setReadFraction(r / (r + w))
                    .setMeanRequestKB(8.0).setWriteAmpIo(4.0).setWriteAmpSectors(4.0).setBusiestMember("sdc")
                    .setLevel("raid5").setLayout("left-symmetric").setRaidDisks(4).setChunkBytes(512 * 1024L)
                    .setDiskModel("ST16000NM001G-2KK103").setRotational(true).setMemberBytes(16_000_000_000_000L)
                    .setCapacitySource("default:hdd-7200").setCapacityUtil(0.5).setHeadroom(0.5).setProjections(Map.of())
                    .build();
            lines.add(points.aggregate(a).text());
            // md1: NVMe SSDs the stream processor compared with their class default, chosen by device name
            a.setSubject("md1");
            a.setDiskModel(null);
            a.setRotational(false);
            a.setCapacitySource("default:nvme-ssd");
            a.setAwaitMeanMs(busy ? 20.0 : 5.0);
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
                "--until", END.toString(), "--since", "3h", "--time-zone", "UTC"));
        all.addAll(List.of(args));
        return CommandRun.of(new PlanCommand(), all.toArray(String[]::new));
    }

    private static double u(RaidLayout l, double r, double w) {
        return new RaidModel(l, BuiltInCatalog.diskProfile("published-d-16tb-hdd")).projectedUtilisation(r, w, 8192, 8192);
    }

    @Test
    void theHistoryInInfluxDbGivesPercentilesProjectionsAndARecommendation() throws Exception {
        CommandRun run = plan("--array", "md0", "--format", "json", "--disk-profile", "published-d-16tb-hdd");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(run.out());
        assertThat(r.get("windows").asInt()).isEqualTo(120);
        assertThat(r.has("series")).as("per-window chart data stays out of the JSON").isFalse();
        assertThat(r.get("current").asText()).isEqualTo("raid5 x4");
        assertThat(r.get("capacity_source").asText()).isEqualTo("default:hdd-7200");
        JsonNode load = r.get("load");
        assertThat(load.get("r_iops").get("p50").asDouble()).isEqualTo(400);
        assertThat(load.get("r_iops").get("p99").asDouble()).isEqualTo(700);
        assertThat(load.get("w_iops").get("p95").asDouble()).isEqualTo(350);
        assertThat(load.get("member_util_mean").get("p50").asDouble()).isEqualTo(60);
        assertThat(load.get("write_amp_io").get("p50").asDouble()).isEqualTo(4);
        assertThat(r.get("model_write_amp").asDouble()).isEqualTo(4.0);

        JsonNode layouts = r.get("layouts");
        assertThat(layouts).extracting(l -> l.get("key").asText()).containsExactly("raid5-4", "raid10-near2-4", "raid6-4", "raid5-6");
        JsonNode raid10 = layouts.get(1);
        RaidLayout r5 = RaidLayout.of(RaidLevel.RAID5, 4);
        RaidLayout r10 = RaidLayout.of(RaidLevel.RAID10, 4);
        assertThat(raid10.get("util").get("p50").asDouble()).isCloseTo(60 * u(r10, 400, 200) / u(r5, 400, 200), within(1e-6));
        assertThat(raid10.get("util").get("p99").asDouble()).isCloseTo(98 * u(r10, 700, 350) / u(r5, 700, 350), within(1e-6));
        assertThat(raid10.get("usable_bytes").asDouble()).isEqualTo(32e12);
        assertThat(raid10.get("rebuild_hours").asDouble()).isCloseTo(21.7, within(0.05));
        assertThat(r.get("recommendation").get("choice").asText()).isEqualTo("raid10-near2-4");
        assertThat(r.get("recommendation").get("line").asText()).startsWith("RAID10 near-2 on the same 4 disks: p99 member util >= 6")
                .contains("vs 98% now; loses 33% of its usable capacity; rebuild 21.7 h at least")
                .endsWith("; that p99 is a lower bound: the array was saturated 17% of the history and served less than was asked");

        // the 20 busy windows: the busiest member at 99%, over the stream processor's 95%
        JsonNode saturation = r.get("saturation");
        assertThat(saturation.get("saturated").asBoolean()).isTrue();
        assertThat(saturation.get("fire_util").asDouble()).isEqualTo(95.0);
        assertThat(saturation.get("evidence_needed").asBoolean()).isFalse();
        assertThat(saturation.get("saturated_windows").asInt()).isEqualTo(20);
        assertThat(saturation.get("saturated_s").asLong()).isEqualTo(20 * 60);
        assertThat(saturation.get("history_s").asLong()).isEqualTo(120 * 60);
        assertThat(saturation.get("longest_s").asLong()).isEqualTo(20 * 60);
        assertThat(saturation.get("share").asDouble()).isCloseTo(100.0 / 6, within(1e-9));
        assertThat(saturation.get("util_in_saturation").get("p99").asBoolean()).isTrue();
        assertThat(saturation.get("util_in_saturation").get("p50").asBoolean()).isFalse();
        assertThat(saturation.get("load_floor").get("r_iops").get("p99").asBoolean()).as("700 r/s served: at least that asked").isTrue();
        assertThat(layouts.get(0).get("util_lower_bound").get("p99").asBoolean()).as("measured").isFalse();
        for (int i = 1; i < layouts.size(); i++) {
            assertThat(layouts.get(i).get("util_lower_bound").get("p99").asBoolean()).as(layouts.get(i).get("key").asText()).isTrue();
            assertThat(layouts.get(i).get("util_lower_bound").get("p50").asBoolean()).isFalse();
        }

        // a fire threshold over 99% (as the stream processor would take it from the same --config): no saturation
        CommandRun strict = plan("--array", "md0", "--format", "json", "--disk-profile", "published-d-16tb-hdd", "--set",
                "saturation.fire-util=99.5");
        assertThat(strict.exit()).as(strict.err()).isZero();
        JsonNode calm = new ObjectMapper().readTree(strict.out());
        assertThat(calm.get("saturation").get("saturated").asBoolean()).isFalse();
        assertThat(calm.get("layouts").get(1).get("util_lower_bound").get("p99").asBoolean()).isFalse();
        assertThat(calm.get("recommendation").get("line").asText()).doesNotContain(">=").doesNotContain("lower bound");
        assertThat(r.get("peak_hours").get(0).get("hour").asInt()).isEqualTo(T0.plusSeconds(3600).atZone(java.time.ZoneOffset.UTC).getHour());
    }

    @Test
    void withoutBenchmarksTheMemberDiskIsTheClassTheStreamProcessorChose() throws Exception {
        CommandRun run = plan("--array", "md1", "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode disk = new ObjectMapper().readTree(run.out()).get("member_disk");
        assertThat(disk.get("id").asText()).as("not the SATA SSD default that 'not rotational' alone gives").isEqualTo("default-nvme-ssd");
        assertThat(disk.get("source").asText()).startsWith("disk-class default (no single-disk benchmarks of these disks read): ");
        // SSDs: 99% busy is not saturation by itself; the busy windows' 20 ms against the quiet ones' 5 ms is
        JsonNode saturation = new ObjectMapper().readTree(run.out()).get("saturation");
        assertThat(saturation.get("evidence_needed").asBoolean()).isTrue();
        assertThat(saturation.get("saturated_windows").asInt()).isEqualTo(20);
    }

    @Test
    void textAndHtml() throws Exception {
        CommandRun text = plan("--array", "md0", "--target", "raid10,raid6", "--disk-profile", "published-d-16tb-hdd");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).startsWith("plan for db1/md0: raid5 x4 (left-symmetric, 512 KiB chunk), 4 x 16.0 TB ST16000NM001G-2KK103 (spinning)")
                .contains("* RAID5 on its 4 disks (now)").contains("RAID10 near-2 on the same 4 disks").doesNotContain("raid5-6")
                .contains("recommendation: RAID10 near-2 on the same 4 disks")
                .contains("saturation: db1/md0 was saturated 17% of the 2 h history (20 min: 20 of 120 windows; the longest stretch 20 min)")
                .contains("its measured load is a floor on the demand (marked >=): requests waited and the array served what it could")
                .containsPattern("  RAID10 near-2 on the same 4 disks +\\d+\\.\\d% +>= \\d+\\.\\d% +>= \\d+\\.\\d% +<= ")
                .contains("(>= a lower bound: it comes from windows in which md0 was saturated");
        Path html = dir.resolve("plan.html");
        CommandRun report = plan("--array", "md0", "--format", "html", "--out", html.toString());
        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(report.out()).startsWith("wrote " + html + ": ");
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>").contains("<svg").doesNotContain("<script")
                .contains("<b>Saturated:</b> db1/md0 was saturated 17% of the 2 h history").contains("&ge; marks a lower bound");
        assertThat(Files.readString(html)).as("without --disk-profile or Kafka: the disk-class default, labelled")
                .contains("default-hdd-7200").contains("disk-class default");
    }

    @Test
    void whatAUserGetsWrongIsOneLine() {
        CommandRun unknown = plan("--array", "md9");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString().startsWith("plan: no 1m aggregates of db1/md9 from ")
                .endsWith("in InfluxDB at " + influx.url() + " (database " + DB + "); arrays of db1 there: md0, md1");
        CommandRun otherHost = CommandRun.of(new PlanCommand(), "--host", "db7", "--array", "md0", "--influx-url", influx.url(),
                "--influx-database", DB);
        assertThat(otherHost.errLines()).singleElement().asString().endsWith("; hosts with arrays there: db1");
        String nowhere = "http://127.0.0.1:" + Ports.free();
        CommandRun down = CommandRun.of(new PlanCommand(), "--host", "db1", "--array", "md0", "--influx-url", nowhere);
        assertThat(down.exit()).isEqualTo(1);
        assertThat(down.errLines()).singleElement().asString().isEqualTo("plan: InfluxDB at " + nowhere
                + " is not reachable: connection refused (check influx.url or --influx-url, and that influxd is running)");
        CommandRun badTarget = plan("--array", "md0", "--target", "raid6", "--disks", "3");
        assertThat(badTarget.exit()).isEqualTo(2);
        assertThat(badTarget.errLines()).singleElement().asString().isEqualTo("plan: raid6 needs at least 4 disks, got 3");
        CommandRun badSince = CommandRun.of(new PlanCommand(), "--host", "db1", "--array", "md0", "--influx-url", influx.url(),
                "--since", "3 weeks");
        assertThat(badSince.exit()).isEqualTo(2);
        assertThat(badSince.errLines()).singleElement().asString()
                .isEqualTo("plan: --since: expected a duration like 90s, 30m, 12h or 30d, from 1m to 3650d, got '3 weeks'");
        CommandRun noInflux = CommandRun.of(new PlanCommand(), "--host", "db1", "--array", "md0");
        assertThat(noInflux.errLines()).singleElement().asString().isEqualTo("plan: no InfluxDB: give --influx-url or influx.url in --config");
    }
}
