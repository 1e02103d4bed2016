package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.simulator.truth.ArrayTruth;
import io.raidpulse.simulator.truth.Episode;
import io.raidpulse.simulator.truth.GroundTruth;
import io.raidpulse.simulator.truth.SaturationRule;
import io.raidpulse.simulator.truth.StepTruth;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole pipeline on one machine, driven by the simulator's shipped scenarios with
 * {@code --fast}: simulated /proc and /sys trees, the real collector, a real Kafka broker, the
 * stream processor, and a real influxd. What arrives (alerts on Kafka, aggregates in InfluxDB)
 * is held against the simulator's ground truth.
 *
 * <p>Tolerances: alert times within one sample interval of the truth's (the truth counts a run
 * of n samples as n intervals; the stream processor counts from the first sample's time, which
 * may land one interval later); aggregate rates within 2% and utilisation within 2 points of the
 * truth averaged over the same minute; write amplification within 0.15.
 */
class EndToEndIT {
    @TempDir
    static Path shared;
    static InfluxServer influx;
    static InfluxConnection query;

    @BeforeAll
    static void influx() {
        influx = InfluxServer.obtain(shared.resolve("influxdb"));
        query = InfluxConnections.open(Settings.of(Map.of("influx.url", influx.url())));
    }

    @AfterAll
    static void stopInflux() {
        if (query != null) {
            query.close();
        }
        if (influx != null) {
            influx.close();
        }
    }

    /** One scenario run to its end; returns its pipeline (still running) and the alerts seen. */
    private record Run(Pipeline pipeline, GroundTruth truth, List<Alert> alerts) {
    }

    private static Run run(String scenario, Path dir, Predicate<List<Alert>> settled) throws Exception {
        Pipeline pipeline = Pipeline.start(new Pipeline.Options(dir, 0, influx.url(), false, Settings.empty(), scenario, true));
        try (OpenAlerts alerts = new OpenAlerts(pipeline.kafka().bootstrapServers(), Topics.ALERTS)) {
            alerts.start();
            pipeline.runSimulation(sim -> { });
            assertThat(pipeline.awaitSpoolDrained(Duration.ofSeconds(60))).as("every sample reached Kafka").isTrue();
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (!settled.test(alerts.seen()) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            // a moment more: anything arriving after the expected alerts would be a duplicate
            Thread.sleep(2_000);
            return new Run(pipeline, pipeline.simulation().truth(), alerts.seen());
        } catch (Exception | AssertionError e) {
            pipeline.close();
            throw e;
        }
    }

    /** One subject's alerts of one kind; they share a key, hence a partition, so their order is the order of events. */
    private static List<Alert> of(List<Alert> alerts, AlertKind kind, String subject) {
        return alerts.stream().filter(a -> a.getKind() == kind && a.getSubject().equals(subject)).toList();
    }

    private static Predicate<List<Alert>> resolvedAll(AlertKind kind, List<String> subjects) {
        return seen -> subjects.stream().allMatch(s -> of(seen, kind, s).stream().anyMatch(a -> a.getState() == AlertState.RESOLVED));
    }

    @Test
    void raid5SaturationFiresAndResolvesOnceAtTheSimulatedTimesAndAggregatesMatchTheTruth(@TempDir Path dir) throws Exception {
        List<String> subjects = List.of("md0", "sda", "sdb", "sdc", "sdd");
        Run run = run("raid5-saturation", dir, resolvedAll(AlertKind.SATURATION, subjects));
        try (Pipeline p = run.pipeline()) {
            long interval = p.simulation().scenario().intervalSeconds();
            List<Episode> truth = run.truth().episodes(SaturationRule.DEFAULTS).stream()
                    .filter(e -> e.kind().equals("SATURATION")).toList();
            assertThat(truth).extracting(Episode::subject).containsExactlyInAnyOrderElementsOf(subjects);
            for (Episode expected : truth) {
                List<Alert> got = of(run.alerts(), AlertKind.SATURATION, expected.subject());
                assertThat(got).as("saturation alerts of %s", expected.subject())
                        .extracting(Alert::getState).containsExactly(AlertState.FIRING, AlertState.RESOLVED);
                assertThat(got.get(0).getEventTime()).as("FIRING of %s", expected.subject())
                        .isBetween(expected.firing(), expected.firing().plusSeconds(interval));
                assertThat(got.get(1).getEventTime()).as("RESOLVED of %s", expected.subject())
                        .isBetween(expected.resolved(), expected.resolved().plusSeconds(interval));
                assertThat(got.get(0).getCause()).isNull();
            }
            assertThat(run.alerts()).as("no other alert kinds on a healthy array")
                    .allMatch(a -> a.getKind() == AlertKind.SATURATION);

            List<InfluxQlResult.Row> minutes = awaitRows("SELECT * FROM \"agg_1m\".\"raidpulse_array\" WHERE host = 'db-sim-1' AND array = 'md0'", 10);
            int compared = 0;
            for (InfluxQlResult.Row row : minutes) {
                Instant start = row.time();
                List<ArrayTruth> steps = truthIn(run.truth(), "md0", start, start.plusSeconds(60));
                if (steps.size() < 60 / interval) {
                    continue;
                }
                assertThat(row.number("r_iops")).as("r_iops at %s", start).isCloseTo(mean(steps, ArrayTruth::servedReads), within(0.02 * mean(steps, ArrayTruth::servedReads) + 0.5));
                assertThat(row.number("w_iops")).as("w_iops at %s", start).isCloseTo(mean(steps, ArrayTruth::servedWrites), within(0.02 * mean(steps, ArrayTruth::servedWrites) + 0.5));
                assertThat(row.number("util_mean")).as("util_mean at %s", start).isCloseTo(mean(steps, ArrayTruth::maxMemberUtil), within(2.0));
                assertThat(row.number("write_amp_io")).as("write_amp_io at %s", start).isCloseTo(4.0, within(0.15));
                compared++;
            }
            assertThat(compared).as("closed 1-minute windows compared with the truth").isGreaterThanOrEqualTo(15);
        }
    }

    @Test
    void raid5CostsFourMemberIosPerWriteAndRaid10Two(@TempDir Path dir) throws Exception {
        Run run = run("raid5-vs-raid10", dir, resolvedAll(AlertKind.SATURATION, List.of("md0")));
        try (Pipeline p = run.pipeline()) {
            assertThat(of(run.alerts(), AlertKind.SATURATION, "md1")).as("RAID10 under the same load never saturates").isEmpty();
            Map<String, Double> writeAmp = new java.util.TreeMap<>();
            for (String array : List.of("md0", "md1")) {
                List<InfluxQlResult.Row> rows = awaitRows("SELECT mean(write_amp_io) AS w FROM \"agg_1m\".\"raidpulse_array\" WHERE host = 'db-sim-2' AND array = '" + array + "'", 1);
                writeAmp.put(array, rows.get(0).number("w"));
            }
            assertThat(writeAmp.get("md0")).as("RAID5 small writes: 2 reads + 2 writes").isCloseTo(4.0, within(0.15));
            assertThat(writeAmp.get("md1")).as("RAID10 near2: 2 writes").isCloseTo(2.0, within(0.1));
        }
    }

    @Test
    void memberFailureRaisesDegradedThenRecoveryProgressThenRecovered(@TempDir Path dir) throws Exception {
        Run run = run("member-failure", dir, seen -> of(seen, AlertKind.ARRAY_DEGRADED, "md0").stream()
                .anyMatch(a -> a.getState() == AlertState.RESOLVED));
        try (Pipeline p = run.pipeline()) {
            List<Alert> degraded = of(run.alerts(), AlertKind.ARRAY_DEGRADED, "md0");
            List<Alert> sync = of(run.alerts(), AlertKind.SYNC, "md0");
            assertThat(degraded).extracting(Alert::getState).containsExactly(AlertState.FIRING, AlertState.RESOLVED);
            assertThat(degraded.get(0).getSeverity()).hasToString("CRITICAL");
            assertThat(sync).extracting(Alert::getState).first().isEqualTo(AlertState.FIRING);
            assertThat(sync).extracting(Alert::getState).last().isEqualTo(AlertState.RESOLVED);
            assertThat(sync).as("recovery progress reported on the way").extracting(Alert::getState).contains(AlertState.PROGRESS);
            // alerts of different kinds live on different partitions: their order is the simulated time
            assertThat(degraded.get(0).getEventTime()).as("degraded before the recovery starts").isBefore(sync.get(0).getEventTime());
            Instant recovered = degraded.get(1).getEventTime();
            assertThat(sync.get(sync.size() - 1).getEventTime()).as("recovery finished when the array is whole again")
                    .isBeforeOrEqualTo(recovered);
            assertThat(sync.stream().filter(a -> a.getState() == AlertState.PROGRESS))
                    .allMatch(a -> a.getEventTime().isBefore(recovered) || a.getEventTime().equals(recovered));
            Episode truth = p.simulation().truth().episodes(SaturationRule.DEFAULTS).stream()
                    .filter(e -> e.kind().equals("ARRAY_DEGRADED") && e.subject().equals("md0")).findFirst().orElseThrow();
            long interval = p.simulation().scenario().intervalSeconds();
            assertThat(degraded.get(0).getEventTime()).isBetween(truth.firing(), truth.firing().plusSeconds(interval));
            assertThat(recovered).isBetween(truth.resolved(), truth.resolved().plusSeconds(interval));
        }
    }

    @Test
    void aScheduledCheckIsNamedAsTheCauseOfSaturation(@TempDir Path dir) throws Exception {
        Run run = run("scheduled-check", dir, resolvedAll(AlertKind.SATURATION, List.of("md0")));
        try (Pipeline p = run.pipeline()) {
            List<Alert> saturation = of(run.alerts(), AlertKind.SATURATION, "md0");
            assertThat(saturation).extracting(Alert::getState).containsExactly(AlertState.FIRING, AlertState.RESOLVED);
            assertThat(saturation.get(0).getCause()).isEqualTo("md check running on md0");
            assertThat(saturation.get(0).getSeverity()).as("a check lowers the severity").isNotEqualTo(io.raidpulse.schema.Severity.CRITICAL);
        }
    }

    /**
     * backup-saturation, whose loads belong to cgroups: the collector reads them from the tree's io.stat, the stream
     * processor turns them into shares of md0's member load. The saturation alerts name the consumers (the backup first,
     * with the database beside it, then the running check) in their FIRING and RESOLVED; the "who loads it" panel's
     * query, as Grafana sends it, returns each consumer, with shares that agree with the truth's.
     */
    @Test
    void theBackupsSaturationNamesItsConsumersAndTheDashboardStacksThem(@TempDir Path dir) throws Exception {
        Run run = run("backup-saturation", dir, seen -> of(seen, AlertKind.SATURATION, "md0").stream()
                .filter(a -> a.getState() == AlertState.RESOLVED).count() >= 2);
        try (Pipeline p = run.pipeline()) {
            long interval = p.simulation().scenario().intervalSeconds();
            List<Alert> saturation = of(run.alerts(), AlertKind.SATURATION, "md0");
            assertThat(saturation).extracting(Alert::getState)
                    .containsExactly(AlertState.FIRING, AlertState.RESOLVED, AlertState.FIRING, AlertState.RESOLVED);
            List<Episode> truth = run.truth().episodes(SaturationRule.DEFAULTS).stream()
                    .filter(e -> e.kind().equals("SATURATION") && e.subject().equals("md0")).toList();
            assertThat(saturation.get(0).getEventTime()).isBetween(truth.get(0).firing(), truth.get(0).firing().plusSeconds(interval));
            // the backup's episode: it drives it, the database shares it, and it was not there before
            for (Alert a : saturation.subList(0, 2)) {
                assertThat(a.getSummary()).as("%s %s", a.getState(), a.getSummary())
                        .containsPattern("of its member load from backup\\.service \\(mostly reads\\)")
                        .contains("postgresql@15-main.service");
                assertThat(a.getDetails()).containsEntry("top_consumer", "backup.service");
            }
            // the run is stamped near the clock: the backup's unit starts 10 minutes into it
            String started = java.time.format.DateTimeFormatter.ofPattern("HH:mm").withZone(java.time.ZoneOffset.UTC)
                    .format(p.simulation().scenario().start().plusSeconds(600));
            assertThat(saturation.get(0).getSummary()).as("told as the one that started it")
                    .contains("backup.service started " + started + " UTC and brought md0 from 50% to 100%");
            // the check's episode: the sync is a consumer of its own
            for (Alert a : saturation.subList(2, 4)) {
                assertThat(a.getSummary()).as("%s %s", a.getState(), a.getSummary()).contains("the running md check")
                        .contains("postgresql@15-main.service").doesNotContain("backup.service");
                assertThat(a.getCause()).isEqualTo("md check running on md0");
            }

            // the dashboard panel's query, as Grafana sends it for host db-sim-8, array md0 and a range over the run
            String panel = whoLoadsItQuery();
            Instant from = p.simulation().scenario().start();
            Instant to = from.plusSeconds(p.simulation().scenario().durationSeconds());
            String sent = panel.replace("$host", "db\\-sim\\-8").replace("$array", "md0")
                    .replace("$timeFilter", "time >= " + from.toEpochMilli() + "ms and time <= " + to.toEpochMilli() + "ms")
                    .replace("$__interval_ms", "60000").replace("$__interval", "1m");
            List<InfluxQlResult.Row> rows = awaitRows(sent, 3);
            Map<String, List<InfluxQlResult.Row>> byConsumer = rows.stream()
                    // the client's CSV answers keep line protocol's escape of a space in a tag value ("md\\ check")
                    .collect(Collectors.groupingBy(r -> r.tags().get("consumer").replace("\\ ", " "), java.util.TreeMap::new,
                            Collectors.toList()));
            assertThat(byConsumer.keySet()).as("the consumers the panel stacks").contains("postgresql@15-main.service",
                    "docker/3f2a9c1b7e4d", "backup.service", "md check");
            // a minute in the middle of the backup: each share within 5 points of the truth's over the same minute
            Instant minute = from.plusSeconds(13 * 60);
            List<ArrayTruth> steps = truthIn(run.truth(), "md0", minute.plusSeconds(interval), minute.plusSeconds(60 + interval));
            double stacked = 0;
            for (String consumer : List.of("backup.service", "postgresql@15-main.service", "docker/3f2a9c1b7e4d")) {
                InfluxQlResult.Row row = byConsumer.get(consumer).stream().filter(r -> r.time().equals(minute)).findFirst().orElseThrow();
                double value = row.number("sum");
                double expected = mean(steps, a -> a.consumer(consumer).sharePct());
                assertThat(value).as("%s's member load at %s", consumer, minute).isCloseTo(expected, within(5.0));
                stacked += value;
            }
            assertThat(stacked).as("the stack at %s", minute).isCloseTo(100, within(1.0));
        }
    }

    /** The query of md array health's "who loads it" panel, from the dashboard file Grafana provisions. */
    private static String whoLoadsItQuery() throws java.io.IOException {
        Path file = Path.of("..", "grafana", "dashboards", "md-array-health.json");
        com.fasterxml.jackson.databind.JsonNode d = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        for (com.fasterxml.jackson.databind.JsonNode panel : d.path("panels")) {
            if (panel.path("title").asText().startsWith("Who loads it")) {
                return panel.path("targets").get(0).path("query").asText();
            }
        }
        throw new AssertionError("no 'Who loads it' panel in " + file);
    }

    private static List<InfluxQlResult.Row> awaitRows(String influxQl, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        InfluxQlResult result = query.query(influxQl);
        while (result.size() < atLeast && System.nanoTime() < deadline) {
            Thread.sleep(500);
            result = query.query(influxQl);
        }
        assertThat(result.size()).as("rows of %s", influxQl).isGreaterThanOrEqualTo(atLeast);
        return result.rows();
    }

    /** The truth of one array over the steps whose interval ends in [from, to). */
    private static List<ArrayTruth> truthIn(GroundTruth truth, String array, Instant from, Instant to) {
        List<ArrayTruth> out = new ArrayList<>();
        for (StepTruth s : truth.steps()) {
            if (!s.time().isBefore(from) && s.time().isBefore(to)) {
                out.add(s.array(array));
            }
        }
        return out;
    }

    private static double mean(List<ArrayTruth> steps, java.util.function.ToDoubleFunction<ArrayTruth> f) {
        return steps.stream().collect(Collectors.averagingDouble(f));
    }
}
