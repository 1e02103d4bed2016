package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.simulator.truth.ArrayTruth;
import io.raidpulse.simulator.truth.GroundTruth;
import io.raidpulse.simulator.truth.StepTruth;
import io.raidpulse.stream.capacity.ProfileStore;
import io.raidpulse.topics.profiles.ProfileTopic;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live comparison, the CAPACITY alert and {@code raidpulse plan} end to end, on the shipped
 * raid5-vs-raid10 scenario: the same OLTP load (8 KiB random, two reads per write, a step up from
 * 10 to 20 minutes) on md0, a RAID5 of four HDDs, and md1, a RAID10 near-2 of four more. Simulator,
 * collector, broker, stream processor and a real influxd run as {@code raidpulse up --fast} runs
 * them; single-disk benchmarks of the simulated disk model (published result D's figures, which the
 * scenario's disks have) are on the benchmarks topic, as {@code bench import --level single} puts
 * them there.
 *
 * <p>md1 is the truth for plan's question about md0: "what would this load do on RAID10 near-2 of
 * the same disks?". Tolerances: measured member util within 2 points of the simulator's per-window
 * truth; projections within 3 points of md1's truth at p50 (the model leaves out the 20 flushes/s,
 * about 2 points on every member, and the projection scales them with the write cost); the model
 * alone within 4. While md0 is saturated it serves less than was asked, so at p99 the projection
 * can only stay below what md1, which served it all, measured; plan says so, and its saturated time
 * is the stream processor's SATURATION episode of md0 within a window at each end.
 */
class PlanEndToEndIT {
    private static final String HOST = "db-sim-2";
    private static final String DISK_MODEL = "ST16000NM001G-2KK103";
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

    @Test
    void planForTheRaid5ArrayProjectsOnRaid10WhatTheRaid10ArrayMeasuredUnderTheSameLoad(@TempDir Path dir) throws Exception {
        Settings settings = Settings.of(Map.of("capacity.clear-after", "5m"));
        try (Pipeline p = Pipeline.start(new Pipeline.Options(dir, 0, influx.url(), false, settings, "raid5-vs-raid10", true))) {
            List<BenchmarkResult> single = new ArrayList<>();
            for (BenchmarkResult d : BuiltInCatalog.profiles()) {
                if (d.id().startsWith("published-d-")) {
                    single.add(d.toBuilder().id(d.id().replace("published-d", "st16000")).diskModel(DISK_MODEL).build());
                }
            }
            new ProfileTopic(p.settings(), Duration.ofSeconds(15)).publish(single);
            awaitGlobalStore(p, single.get(0).id());

            List<Alert> alerts;
            List<InfluxQlResult.Row> md0;
            try (OpenAlerts seen = new OpenAlerts(p.kafka().bootstrapServers(), Topics.ALERTS)) {
                seen.start();
                p.runSimulation(sim -> { });
                assertThat(p.awaitSpoolDrained(Duration.ofSeconds(60))).as("every sample reached Kafka").isTrue();
                md0 = awaitWindows("md0", 27);
                awaitWindows("md1", md0.size());
                alerts = seen.seen();
            }
            GroundTruth truth = p.simulation().truth();
            Instant start = p.simulation().scenario().start();

            // the live comparison: the model over the member disk the single-disk benchmarks describe
            List<InfluxQlResult.Row> md1Rows = rows("SELECT * FROM \"agg_1m\".\"raidpulse_array\" WHERE host = '" + HOST + "' AND array = 'md1'");
            assertThat(md1Rows).allSatisfy(row -> {
                assertThat(row.text("capacity_source")).isEqualTo("model:derived-ST16000NM001G-2K");
                assertThat(row.text("level")).isEqualTo("raid10");
                assertThat(row.text("layout")).isEqualTo("near-2");
                assertThat(row.number("raid_disks")).isEqualTo(4.0);
                assertThat(row.text("disk_model")).as("sysfs device/model: the SCSI product id, 16 characters").isEqualTo("ST16000NM001G-2K");
                assertThat(row.number("member_bytes")).isEqualTo(16e12);
            });
            int compared = 0;
            for (InfluxQlResult.Row row : md1Rows) {
                double[] util = windowTruth(truth, "md1", row.time());
                if (util.length == 12) {
                    assertThat(100 * row.number("capacity_util")).as("md1 capacity at %s", row.time())
                            .isCloseTo(Arrays.stream(util).average().orElseThrow(), within(4.0));
                    compared++;
                }
            }
            assertThat(compared).isGreaterThanOrEqualTo(25);

            // CAPACITY: md0 above 90% of its capacity through the step; md1 never
            List<Alert> md0Capacity = alerts.stream().filter(a -> a.getKind() == AlertKind.CAPACITY && a.getSubject().equals("md0")).toList();
            assertThat(md0Capacity).extracting(Alert::getState).containsExactly(AlertState.FIRING, AlertState.RESOLVED);
            assertThat(md0Capacity.get(0).getEventTime()).isBetween(start.plusSeconds(15 * 60), start.plusSeconds(17 * 60));
            assertThat(md0Capacity.get(0).getSummary()).contains("(model:derived-ST16000NM001G-2K)");
            assertThat(alerts).noneMatch(a -> a.getKind() == AlertKind.CAPACITY && a.getSubject().equals("md1"));

            // plan, through the raidpulse command line, the member disk from the benchmarks topic
            CommandRun run = CommandRun.of("plan", "--host", HOST, "--array", "md0", "--influx-url", influx.url(), "--bootstrap-servers",
                    p.kafka().bootstrapServers(), "--since", "2h", "--format", "json", "--max-util", "80", "--time-zone", "UTC");
            assertThat(run.exit()).as(run.err()).isZero();
            JsonNode plan = new ObjectMapper().readTree(run.out());
            assertThat(plan.get("member_disk").get("id").asText()).isEqualTo("derived-ST16000NM001G-2K");
            assertThat(plan.get("windows").asInt()).isEqualTo(md0.size());

            double[] md0Truth = perWindowTruth(truth, "md0", md0);
            double[] md1Truth = perWindowTruth(truth, "md1", md0);
            JsonNode now = plan.get("layouts").get(0);
            JsonNode raid10 = plan.get("layouts").get(1);
            assertThat(raid10.get("key").asText()).isEqualTo("raid10-near2-4");
            double md0P50 = percentile(md0Truth, 50);
            double md1P50 = percentile(md1Truth, 50);
            double md1P99 = percentile(md1Truth, 99);
            assertThat(now.get("util").get("p50").asDouble()).as("md0 measured p50").isCloseTo(md0P50, within(2.0));
            assertThat(raid10.get("util").get("p50").asDouble()).as("md0's load on RAID10, p50, against md1").isCloseTo(md1P50, within(3.0));
            assertThat(raid10.get("model_util").get("p50").asDouble()).as("the model alone").isCloseTo(md1P50, within(4.0));
            assertThat(raid10.get("util").get("p99").asDouble()).as("served while saturated: below what md1 carried")
                    .isLessThanOrEqualTo(md1P99 + 3.0);
            assertThat(plan.get("load").get("write_amp_io").get("p50").asDouble()).isCloseTo(4.0, within(0.15));
            assertThat(plan.get("model_write_amp").asDouble()).isEqualTo(4.0);
            assertThat(plan.get("recommendation").get("choice").asText()).isEqualTo("raid10-near2-4");

            // saturation: plan's saturated windows against the detector's episode of md0 (first hot sample to the start of
            // the cool run), judged by the same thresholds; the RAID10 p99 comes from those windows, so it is a lower bound
            List<Alert> md0Saturation = alerts.stream().filter(a -> a.getKind() == AlertKind.SATURATION && a.getSubject().equals("md0"))
                    .toList();
            assertThat(md0Saturation).extracting(Alert::getState).containsExactly(AlertState.FIRING, AlertState.RESOLVED);
            Alert episode = md0Saturation.get(1);
            long episodeS = Duration.between(episode.getStartTime(), episode.getEndTime()).toSeconds();
            JsonNode saturation = plan.get("saturation");
            assertThat(saturation.get("saturated").asBoolean()).isTrue();
            assertThat(saturation.get("fire_util").asDouble()).isEqualTo(95.0);
            assertThat(saturation.get("saturated_s").asLong()).as("md0 saturated for %d s by the detector", episodeS)
                    .isBetween(episodeS - 120, episodeS + 60);
            assertThat(saturation.get("longest_s").asLong()).isEqualTo(saturation.get("saturated_s").asLong());
            assertThat(raid10.get("util_lower_bound").get("p99").asBoolean()).isTrue();
            assertThat(raid10.get("util_lower_bound").get("p50").asBoolean()).isFalse();
            assertThat(now.get("util_lower_bound").get("p99").asBoolean()).as("measured").isFalse();
            assertThat(plan.get("recommendation").get("line").asText()).contains("p99 member util >= ").contains("that p99 is a lower bound");
            System.out.printf("plan md0 -> raid10-near2-4: p50 %.1f%% (md1 truth %.1f%%, model alone %.1f%%), p99 %.1f%% (md1 truth %.1f%%);"
                            + " md0 now p50 %.1f%% (truth %.1f%%), p99 %.1f%%; saturated %d s (detector %d s); %s%n",
                    raid10.get("util").get("p50").asDouble(), md1P50, raid10.get("model_util").get("p50").asDouble(),
                    raid10.get("util").get("p99").asDouble(), md1P99, now.get("util").get("p50").asDouble(), md0P50,
                    now.get("util").get("p99").asDouble(), saturation.get("saturated_s").asLong(), episodeS,
                    plan.get("recommendation").get("line").asText());
        }
    }

    private static void awaitGlobalStore(Pipeline p, String id) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                ReadOnlyKeyValueStore<String, byte[]> store = p.stream().app().streams()
                        .store(StoreQueryParameters.fromNameAndType(ProfileStore.STORE, QueryableStoreTypes.keyValueStore()));
                if (store.get(id) != null) {
                    return;
                }
            } catch (org.apache.kafka.streams.errors.InvalidStateStoreException starting) {
                // not running yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("profile " + id + " did not reach the stream processor's global store");
    }

    private static List<InfluxQlResult.Row> awaitWindows(String array, int atLeast) throws InterruptedException {
        String q = "SELECT * FROM \"agg_1m\".\"raidpulse_array\" WHERE host = '" + HOST + "' AND array = '" + array + "'";
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<InfluxQlResult.Row> rows = rows(q);
        int stable = 0;
        while (System.nanoTime() < deadline && (rows.size() < atLeast || stable < 3)) {
            Thread.sleep(500);
            List<InfluxQlResult.Row> again = rows(q);
            stable = again.size() == rows.size() ? stable + 1 : 0;
            rows = again;
        }
        assertThat(rows.size()).as("closed 1-minute windows of %s in InfluxDB", array).isGreaterThanOrEqualTo(atLeast);
        return rows;
    }

    private static List<InfluxQlResult.Row> rows(String influxQl) {
        return query.query(influxQl).rows();
    }

    /** Per step in the window starting at {@code start}: the mean member util of the array, sorted. */
    private static double[] windowTruth(GroundTruth truth, String array, Instant start) {
        List<Double> out = new ArrayList<>();
        for (StepTruth s : truth.steps()) {
            // a sample belongs to the window its time falls in
            if (!s.time().isBefore(start) && s.time().isBefore(start.plusSeconds(60))) {
                ArrayTruth a = s.array(array);
                out.add(a.memberUtil().values().stream().mapToDouble(Double::doubleValue).average().orElse(0));
            }
        }
        double[] v = out.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v;
    }

    /** For each window of {@code rows}: the array's mean member util over its steps, as the aggregates average it. */
    private static double[] perWindowTruth(GroundTruth truth, String array, List<InfluxQlResult.Row> rows) {
        return rows.stream().mapToDouble(r -> Arrays.stream(windowTruth(truth, array, r.time())).average().orElse(0)).toArray();
    }

    private static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
