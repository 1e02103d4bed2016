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
import io.raidpulse.planner.PlanCommand;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.testing.CommandRun;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan} against a real influxd holding three hours of 1-minute aggregates of a RAID5 of four 16 TB HDDs and, per
 * window, its consumers as the stream processor's sink writes them (raidpulse_consumer, METRICS.md: tags host, array,
 * consumer, consumer_kind, window; member_load_pct, member_iops, r_iops, w_iops, rkB_s, wkB_s, samples; time the
 * window's start): two hours of PostgreSQL (440 reads and 130 writes a second of 8 KiB, 87% of the member load) and a
 * container (13%) at 50% member util, then an hour in which backup.service streams 590 reads a second of 1 MiB beside
 * them (58% of the member load) and the members are 98% busy. The figures are those of the simulator's
 * backup-saturation scenario. md1 has the same array windows and no consumers.
 */
class ConsumerPlanIT {
    private static final String DB = "it_consumer_plan";
    private static final Instant T0 = Instant.now().minus(4, ChronoUnit.HOURS).truncatedTo(ChronoUnit.HOURS);
    private static final Instant END = T0.plusSeconds(3 * 3600);
    private static final String LINE = "without backup.service the p99 member util is >= 50% (98% now): no migration needed at this load"
            + " (>=: where the array was saturated the others' load is a floor on what they asked)";
    @TempDir
    static Path dir;
    static InfluxServer influx;

    @BeforeAll
    static void fill() {
        influx = InfluxServer.obtain(dir.resolve("influx"));
        Settings settings = Settings.of(Map.of("influx.url", influx.url(), "influx.database", DB));
        InfluxPoints points = new InfluxPoints(true);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 180; i++) {
            boolean backup = i >= 120;
            Instant start = T0.plusSeconds(60L * i);
            double r = backup ? 371 + 8.4 + 590 : 450;
            double w = backup ? 110 + 25.3 : 160;
            double rkB = backup ? 371 * 8 + 8.4 * 4 + 590 * 1024 : 440 * 8 + 10 * 4;
            double wkB = backup ? 91.7 * 8 + 25.3 * 4 : 110 * 8 + 30 * 4;
            for (String array : List.of("md0", "md1")) {
                Aggregate a = Aggregate.newBuilder().setHost("db8").setSubject(array).setSubjectKind(SubjectKind.ARRAY).setWindowS(60)
                        .setWindowStart(start).setWindowEnd(start.plusSeconds(60)).setSamples(12).setUtilMean(backup ? 100.0 : 51.0)
                        .setUtilMax(backup ? 100.0 : 52.0).setMemberUtilMean(backup ? 98.0 : 50.0).setAwaitMeanMs(backup ? 60.0 : 4.0)
                        .setAwaitP95Ms(9.0).setAquSzMean(backup ? 64.0 : 1.0).setRIops(r).setWIops(w).setRkBS(rkB).setWkBS(wkB)
                        .setReadFraction(r / (r + w)).setMeanRequestKB((rkB + wkB) / (r + w)).setWriteAmpIo(4.0).setWriteAmpSectors(4.0)
                        .setBusiestMember("sda1").setLevel("raid5").setLayout("left-symmetric").setRaidDisks(4).setChunkBytes(512 * 1024L)
                        .setDiskModel("ST16000NM001G-2KK103").setRotational(true).setMemberBytes(30_000_000_000L)
                        .setCapacitySource("default:hdd-7200").setCapacityUtil(0.5).setHeadroom(0.5).setProjections(Map.of()).build();
                lines.add(points.aggregate(a).text());
            }
            if (backup) {
                lines.add(consumer(start, "backup.service", "service", 58.09, 1180.7, 590.4, 0, 590.4 * 1024, 0));
                lines.add(consumer(start, "postgresql@15-main.service", "service", 36.51, 742.2, 371.1, 109.6, 371.1 * 8, 91.3 * 8));
                lines.add(consumer(start, "docker/3f2a9c1b7e4d", "container", 5.39, 109.6, 8.4, 25.3, 8.4 * 4, 25.3 * 4));
            } else {
                lines.add(consumer(start, "postgresql@15-main.service", "service", 87.13, 880, 440, 130, 440 * 8, 110 * 8));
                lines.add(consumer(start, "docker/3f2a9c1b7e4d", "container", 12.87, 130, 10, 30, 10 * 4, 30 * 4));
            }
        }
        try (InfluxConnection c = InfluxConnections.open(settings)) {
            c.ensureStorage(SinkSettings.from(settings, AggregateSettings.DEFAULTS).policies());
            c.write(c.bucket(InfluxPoints.aggregatePolicy(60)), lines);
        }
    }

    /* One raidpulse_consumer point in line protocol, as METRICS.md gives the measurement. */
    private static String consumer(Instant start, String name, String kind, double pct, double memberIops, double r, double w,
                                   double rkB, double wkB) {
        return String.format(Locale.ROOT, "raidpulse_consumer,array=md0,consumer=%s,consumer_kind=%s,host=db8,window=1m member_load_pct=%s,"
                        + "member_iops=%s,r_iops=%s,w_iops=%s,rkB_s=%s,wkB_s=%s,samples=12i %d", tag(name), kind, pct, memberIops, r, w,
                rkB / 1.0, wkB / 1.0, start.toEpochMilli());
    }

    private static String tag(String value) {
        return value.replace(" ", "\\ ").replace(",", "\\,").replace("=", "\\=");
    }

    @AfterAll
    static void stop() {
        if (influx != null) {
            influx.close();
        }
    }

    private static CommandRun plan(String... args) {
        List<String> all = new ArrayList<>(List.of("--host", "db8", "--influx-url", influx.url(), "--influx-database", DB,
                "--until", END.toString(), "--since", "3h", "--time-zone", "UTC", "--disk-profile", "published-d-16tb-hdd"));
        all.addAll(List.of(args));
        return CommandRun.of(new PlanCommand(), all.toArray(String[]::new));
    }

    @Test
    void thePeakHourIsTheBackupsAndWithoutItNoMigrationIsNeeded() throws Exception {
        CommandRun run = plan("--array", "md0", "--format", "json");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode c = new ObjectMapper().readTree(run.out()).get("consumers");
        assertThat(c.get("peak_hour").asInt()).isEqualTo(T0.plusSeconds(7200).atZone(java.time.ZoneOffset.UTC).getHour());
        JsonNode peak = c.get("peak");
        assertThat(peak).hasSize(3);
        assertThat(peak.get(0).get("name").asText()).isEqualTo("backup.service");
        assertThat(peak.get(0).get("member_load_pct").asDouble()).isCloseTo(58.1, within(0.1));
        assertThat(peak.get(0).get("reads_per_sec").asDouble()).isCloseTo(590.4, within(0.1));
        assertThat(peak.get(1).get("name").asText()).isEqualTo("postgresql@15-main.service");
        assertThat(peak.get(2).get("kind").asText()).isEqualTo("container");
        assertThat(c.get("main").asText()).as("the most member I/Os over the three hours").isEqualTo("postgresql@15-main.service");
        assertThat(c.get("driver").asText()).isEqualTo("backup.service");
        JsonNode without = c.get("without");
        // the backup's hour without it (the others' 30%) is below the two hours of the database alone at 50%: the p99; but
        // the others were served less than they asked while the array was saturated, so it is a lower bound
        assertThat(without.get("p99").asDouble()).isCloseTo(50, within(0.01));
        assertThat(without.get("current_p99").asDouble()).isCloseTo(98, within(0.01));
        assertThat(without.get("enough").asBoolean()).isTrue();
        assertThat(without.get("p99_lower_bound").asBoolean()).isTrue();
        assertThat(without.get("line").asText()).isEqualTo(LINE);
    }

    @Test
    void theTextSaysWhoLoadsItBeforeTheRecommendation() throws java.io.IOException {
        CommandRun run = plan("--array", "md0");
        assertThat(run.exit()).as(run.err()).isZero();
        String out = run.out();
        // for a person to read (planner/README.md quotes it): target/consumer-plan.txt
        java.nio.file.Files.writeString(Path.of("target", "consumer-plan.txt"), out);
        assertThat(out).containsPattern("who loads it at \\d\\d:00 \\(UTC\\) +member load +member I/O/s +reads/s +writes/s");
        assertThat(out).containsPattern("  backup.service \\(service\\) +58% +1181 +590 +0");
        assertThat(out).containsPattern("  postgresql@15-main.service \\(service\\) +37% +742 +371 +110");
        assertThat(out).contains("  the main application: postgresql@15-main.service (");
        assertThat(out.indexOf(LINE))
                .isPositive().isLessThan(out.indexOf("recommendation: "));
    }

    @Test
    void anArrayWithoutConsumerAggregatesHasNoSuchSection() throws Exception {
        CommandRun text = plan("--array", "md1");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).doesNotContain("who loads it").doesNotContain("without ");
        CommandRun json = plan("--array", "md1", "--format", "json");
        assertThat(new ObjectMapper().readTree(json.out()).has("consumers")).isFalse();
    }
}
