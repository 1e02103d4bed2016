package io.raidpulse.planner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Settings;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.planner.profiles.BenchCommand;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.Ports;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.topics.profiles.CatalogPublisher;
import io.raidpulse.topics.profiles.ProfileTopic;
import io.raidpulse.topics.testing.BenchFixtures;
import io.raidpulse.topics.testing.CommandRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench import}, {@code list} and {@code show} against a real broker, and the catalog published at start. */
class BenchCommandIT {
    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;

    @BeforeAll
    static void start() {
        kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    }

    @AfterAll
    static void stop() {
        if (kafka != null) {
            kafka.close();
        }
    }

    private static CommandRun bench(String topic, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--bootstrap-servers", kafka.bootstrapServers(), "--set", "topics.benchmarks=" + topic));
        return CommandRun.of(new BenchCommand(), all.toArray(String[]::new));
    }

    private static ProfileTopic topic(String name) {
        return new ProfileTopic(Settings.of(Map.of("kafka.bootstrap.servers", kafka.bootstrapServers(), "topics.benchmarks", name)),
                Duration.ofSeconds(15));
    }

    @Test
    void importPublishesToACompactedTopicAndListAndShowReadItBack() throws Exception {
        String t = "it.benchmarks.import";
        Path fio = BenchFixtures.DIR.resolve("shared/fio333_randrw.json");
        CommandRun imported = bench(t, "import", fio.toString(), "--level", "raid10", "--disks", "4", "--layout", "n2",
                "--disk-model", "ST16000NM001G-2KK103", "--rotational", "true");
        assertThat(imported.exit()).as(imported.err()).isZero();
        String id = BenchFixtures.profiles(fio).get(0).id();
        assertThat(imported.out()).startsWith("fio333_randrw.json: fio JSON, 1 profile").contains(id)
                .contains("verdict:").endsWith("published 1 profile to " + t + " at " + kafka.bootstrapServers() + System.lineSeparator());
        assertThat(bench(t, "import", fio.toString(), "--level", "raid10", "--disks", "4", "--layout", "n2").exit())
                .as("importing again replaces the profile under its id").isZero();
        Path bonnie = BenchFixtures.DIR.resolve("generated/bonnie-2.00a_fast_direct_512M.csv");
        assertThat(bench(t, "import", bonnie.toString(), "--level", "single", "--disk-model", "QEMU HARDDISK").exit()).isZero();

        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, t);
            assertThat(admin.describeConfigs(List.of(r)).all().get().get(r).get("cleanup.policy").value()).isEqualTo("compact");
            assertThat(admin.describeTopics(List.of(t)).allTopicNames().get().get(t).partitions()).hasSize(1);
        }

        CommandRun list = bench(t, "list");
        assertThat(list.exit()).as(list.err()).isZero();
        List<String> lines = list.out().lines().toList();
        assertThat(lines.get(0)).matches("ID\\s+TOOL\\s+ARRAY\\s+PATTERN\\s+RESULT\\s+VERDICT");
        assertThat(lines).as("one row per profile id: the second import replaced the first").hasSize(1 + 1 + 4);
        assertThat(lines).filteredOn(l -> l.startsWith(id)).singleElement().asString()
                .contains("fio").contains("raid10 near-2 x4").contains("random 70% reads 4 KiB").contains(" r/s + ").endsWith("TRUSTED");

        CommandRun show = bench(t, "show", id);
        assertThat(show.exit()).as(show.err()).isZero();
        assertThat(show.out()).startsWith(id + System.lineSeparator()).contains("raid10 near-2 x4").contains("source:")
                .contains("fio333_randrw.json").contains("imported:");
        assertThat(show.out()).as("the second import did not give the disk model").doesNotContain("ST16000NM001G");

        CommandRun missing = bench(t, "show", "no-such-profile");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.errLines()).singleElement().asString().isEqualTo("bench show: profile 'no-such-profile' is not on " + t
                + " at " + kafka.bootstrapServers() + " ('raidpulse bench list' shows the profiles there)");
    }

    /** With InfluxDB configured, list and show count the array windows that contradicted a profile (capacity_contradicted). */
    @Test
    void listAndShowMarkAProfileTheLiveComparisonFoundContradicted() throws Exception {
        String t = "it.benchmarks.contradicted";
        Path fio = BenchFixtures.DIR.resolve("shared/fio333_randrw.json");
        assertThat(bench(t, "import", fio.toString(), "--level", "raid10", "--disks", "4", "--layout", "n2").exit()).isZero();
        String id = BenchFixtures.profiles(fio).get(0).id();
        Path bonnie = BenchFixtures.DIR.resolve("generated/bonnie-2.00a_fast_direct_512M.csv");
        assertThat(bench(t, "import", bonnie.toString(), "--level", "single", "--disk-model", "QEMU HARDDISK").exit()).isZero();
        try (io.raidpulse.services.influx.InfluxServer influx = io.raidpulse.services.influx.InfluxServer.obtain(dir.resolve("influx"))) {
            Settings settings = Settings.of(Map.of("influx.url", influx.url(), "influx.database", "it_bench"));
            io.raidpulse.influx.sink.InfluxPoints points = new io.raidpulse.influx.sink.InfluxPoints(true);
            List<String> lines = new ArrayList<>();
            java.time.Instant t0 = java.time.Instant.now().minusSeconds(3600).truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
            for (int i = 0; i < 5; i++) {
                java.time.Instant start = t0.plusSeconds(60L * i);
                String contradicted = i < 3 ? "profile:" + id : i == 3 ? "default:hdd-7200" : null;
                io.raidpulse.schema.Aggregate a = io.raidpulse.schema.Aggregate.newBuilder().setHost("db1").setSubject("md0")
                        .setSubjectKind(io.raidpulse.schema.SubjectKind.ARRAY).setWindowS(60).setWindowStart(start)
                        .setWindowEnd(start.plusSeconds(60)).setSamples(6).setUtilMean(60.0).setUtilMax(62.0).setAwaitMeanMs(5.0)
                        .setAwaitP95Ms(9.0).setAquSzMean(2.0).setRIops(400.0).setWIops(200.0).setRkBS(3200.0).setWkBS(1600.0)
                        .setCapacitySource(contradicted == null ? "measured:db1/X" : contradicted).setCapacityContradicted(contradicted)
                        .setProjections(Map.of()).build();
                lines.add(points.aggregate(a).text());
            }
            try (io.raidpulse.influx.InfluxConnection c = io.raidpulse.influx.InfluxConnections.open(settings)) {
                c.ensureStorage(io.raidpulse.influx.sink.SinkSettings.from(settings, io.raidpulse.topics.aggregate.AggregateSettings.DEFAULTS)
                        .policies());
                c.write(c.bucket(io.raidpulse.influx.sink.InfluxPoints.aggregatePolicy(60)), lines);
            }

            CommandRun list = bench(t, "list", "--set", "influx.url=" + influx.url(), "--set", "influx.database=it_bench");
            assertThat(list.exit()).as(list.err()).isZero();
            List<String> rows = list.out().lines().toList();
            assertThat(rows.get(0)).matches("ID\\s+TOOL\\s+ARRAY\\s+PATTERN\\s+RESULT\\s+VERDICT\\s+CONTRADICTED");
            assertThat(rows).filteredOn(l -> l.startsWith(id)).singleElement().asString().endsWith("3 windows");
            assertThat(rows.subList(1, rows.size())).filteredOn(l -> !l.startsWith(id)).isNotEmpty().allSatisfy(l -> assertThat(l).endsWith("-"));

            CommandRun show = bench(t, "show", id, "--set", "influx.url=" + influx.url(), "--set", "influx.database=it_bench");
            assertThat(show.exit()).as(show.err()).isZero();
            assertThat(show.out()).contains("contradicted: 3 windows of the last 30 days");
        }
        assertThat(bench(t, "list").out().lines().findFirst().orElseThrow()).as("without InfluxDB, no column").doesNotContain("CONTRADICTED");
    }

    @Test
    void aSingleDiskProfileOfTheModelOnTheTopicHoldsAnArrayResultAgainstTheModel() {
        String t = "it.benchmarks.member";
        List<BenchmarkResult> single = new ArrayList<>();
        for (BenchmarkResult p : BuiltInCatalog.profiles()) {
            if (p.id().startsWith("published-d-")) {
                single.add(p.toBuilder().id("hc550-" + p.id()).diskModel("WDC WD20EFRX-68EUZN0").build());
            }
        }
        ProfileTopic topic = topic(t);
        topic.ensure(true);
        topic.publish(single);
        Path f = BenchFixtures.CATALOG.resolve("fio-3.1_md-raid5-8x2TB_randwrite_qd64x64.json");
        CommandRun run = bench(t, "import", f.toString(), "--level", "raid5", "--disks", "8", "--disk-model", "WDC WD20EFRX-68EUZN0");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("measured/model").contains("derived-WDC-WD20EFRX-68EUZN0");
    }

    @Test
    void theCatalogIsPublishedOnceAndNeverOverAProfileUnderTheSameId() {
        String t = "it.benchmarks.catalog";
        ProfileTopic topic = topic(t);
        topic.ensure(true);
        BenchmarkResult mine = BuiltInCatalog.profiles().get(0).toBuilder().notes("re-measured on our own disks").build();
        topic.publish(List.of(mine));
        assertThat(CatalogPublisher.publishMissing(topic)).hasSize(BuiltInCatalog.profiles().size() - 1);
        assertThat(CatalogPublisher.publishMissing(topic)).as("a second start publishes nothing").isEmpty();
        ProfileTopic.Contents on = topic.read(null);
        assertThat(on.records()).isEqualTo(BuiltInCatalog.profiles().size());
        assertThat(on.profiles()).hasSize(BuiltInCatalog.profiles().size());
        assertThat(on.profiles().get(mine.id()).notes()).isEqualTo("re-measured on our own disks");
        assertThat(on.profiles().get(BuiltInCatalog.profiles().get(1).id())).isEqualTo(BuiltInCatalog.profiles().get(1));
        assertThat(Topics.BENCHMARKS).isEqualTo("raidpulse.benchmarks");
    }

    @Test
    void aBrokerThatIsNotThereIsOneLine() {
        String address = "127.0.0.1:" + Ports.free();
        CommandRun run = CommandRun.of(new BenchCommand(), "list", "--bootstrap-servers", address, "--timeout", "2s");
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).endsWith("bench list: Kafka at " + address + " did not answer within 2 s: check kafka.bootstrap.servers"
                + " (--bootstrap-servers) and that the broker runs" + System.lineSeparator());
        assertThat(run.errLines()).as("progress lines, then the one error line").last().asString().startsWith("bench list: Kafka at");
    }
}
