package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.influx.sink.InfluxPoints;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.model.forecast.PeakHours;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ScenarioParser;
import io.raidpulse.simulator.tree.TreeOutput;
import io.raidpulse.simulator.truth.ArrayTruth;
import io.raidpulse.simulator.truth.StepTruth;
import io.raidpulse.stream.StreamSerdes;
import io.raidpulse.stream.forecast.ForecastDetector;
import io.raidpulse.stream.forecast.ForecastSettings;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.alert.SubjectExpiry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan}'s forecast against a known growth: the growing-load scenario (test resource: two
 * months of OLTP load growing by half, the same on a RAID5, md0, and a RAID10 near-2, md1, of four
 * identical HDDs each, sampled hourly) is simulated, each hourly sample of its ground truth written
 * into a real influxd as the sink writes a 1-hour aggregate, and {@code raidpulse plan --window 1h}
 * asked when md0 reaches 70% and 100% member util, on its own layout and on RAID10 near-2.
 *
 * <p>A rotational member's util is the capacity its requests use, proportional to the load, so
 * under a linear ramp the truth's member util is a line and its crossings are where that line,
 * through the first and last samples, reaches the thresholds; md1, under the same load, is the
 * truth for md0's projection on RAID10. Tolerance: each predicted crossing within 10% of the
 * truth's lead time (from the history's end to the true crossing), which is stricter than 10% of
 * the date counted from the history's start.
 *
 * <p>The same hourly aggregates go through the stream processor's CAPACITY_FORECAST detector (in a
 * TopologyTestDriver), whose alerts are written as the sink writes them; its prediction is held to
 * the truth as plan's is, and the planning dashboard's forecast table, queried as Grafana would,
 * must list it. The collector and Kafka are left out on purpose: 1440 hourly samples through them
 * would test nothing the shipped scenarios' runs do not, at minutes of wall time; what is tested
 * here is the forecast, from the aggregates to what plan, the alert and the dashboard say. The
 * samples are moved to end at the last whole hour, since InfluxDB keeps hourly aggregates 730 days.
 */
class ForecastEndToEndIT {
    private static final String DB = "it_forecast";
    private static final String HOST = "db-sim-4";
    private static final double DAY_MS = 86_400_000.0;
    @TempDir
    static Path dir;
    static InfluxServer influx;
    static List<StepTruth> steps;
    static Instant end;
    /** Added to a simulated instant to get the instant written. */
    static Duration shift;
    /** Days the scenario lasts. */
    static int days;
    private static final int WARN_DAYS = 120;
    /** What the stream processor's forecast said over the history. */
    static List<Alert> forecasts;

    @BeforeAll
    static void simulateAndWrite() throws IOException {
        Scenario scenario;
        try (InputStream in = ForecastEndToEndIT.class.getResourceAsStream("/scenarios/growing-load.scenario")) {
            scenario = ScenarioParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "growing-load.scenario", "growing-load");
        }
        Simulation sim = Simulation.start(scenario, TreeOutput.none());
        sim.run();
        steps = sim.truth().steps();
        assertThat(steps).hasSize((int) scenario.steps());
        days = (int) (scenario.durationSeconds() / 86_400);
        end = Instant.now().truncatedTo(ChronoUnit.HOURS);
        shift = Duration.between(steps.get(steps.size() - 1).time(), end);

        influx = InfluxServer.obtain(dir.resolve("influx"));
        Settings settings = Settings.of(Map.of("influx.url", influx.url(), "influx.database", DB));
        InfluxPoints points = new InfluxPoints(true);
        List<String> lines = new ArrayList<>();
        List<Aggregate> aggregates = new ArrayList<>();
        for (StepTruth step : steps) {
            // a sample covers the interval ending at its time: one hourly window
            Instant windowEnd = step.time().plus(shift);
            for (String array : List.of("md0", "md1")) {
                ArrayTruth a = step.array(array);
                double reads = a.servedReads();
                double writes = a.servedWrites();
                double memberUtil = a.memberUtil().values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                boolean raid5 = array.equals("md0");
                Aggregate agg = Aggregate.newBuilder().setHost(HOST).setSubject(array).setSubjectKind(SubjectKind.ARRAY).setWindowS(3600)
                        .setWindowStart(windowEnd.minusSeconds(3600)).setWindowEnd(windowEnd).setSamples(1).setUtilMean(a.maxMemberUtil())
                        .setUtilMax(a.maxMemberUtil()).setMemberUtilMean(memberUtil).setAwaitMeanMs(5.0).setAwaitP95Ms(9.0)
                        .setAquSzMean(1.0).setRIops(reads).setWIops(writes).setRkBS(a.readKbPerSecond()).setWkBS(a.writeKbPerSecond())
                        .setReadFraction(reads / (reads + writes)).setMeanRequestKB(8.0).setWriteAmpIo(a.writeAmpIo())
                        .setWriteAmpSectors(a.writeAmpSectors()).setBusiestMember(a.busiestMember())
                        .setLevel(raid5 ? "raid5" : "raid10").setLayout(raid5 ? "left-symmetric" : "near-2").setRaidDisks(4)
                        .setChunkBytes(512 * 1024L).setDiskModel("ST16000NM001G-2K").setRotational(true).setMemberBytes(16_000_000_000_000L)
                        .setCapacitySource("default:hdd-7200").setCapacityUtil(0.5).setHeadroom(0.5).setProjections(Map.of()).build();
                lines.add(points.aggregate(agg).text());
                aggregates.add(agg);
            }
        }
        forecasts = forecast(aggregates);
        List<String> alertLines = forecasts.stream().map(a -> points.alert(a).text()).toList();
        try (InfluxConnection c = InfluxConnections.open(settings)) {
            c.ensureStorage(SinkSettings.from(settings, AggregateSettings.DEFAULTS).policies());
            c.write(c.bucket(InfluxPoints.aggregatePolicy(3600)), lines);
            if (!alertLines.isEmpty()) {
                c.write(c.bucket(points.alert(forecasts.get(0)).retentionPolicy()), alertLines);
            }
        }
    }

    /**
     * The stream processor's CAPACITY_FORECAST detector, fed the hourly aggregates in their order in a
     * TopologyTestDriver, with {@value #WARN_DAYS} days' warning (so that md0's 70% crossing, about
     * four months past the history's end, comes near enough during the history).
     */
    private static List<Alert> forecast(List<Aggregate> aggregates) {
        StreamSerdes serdes = StreamSerdes.create();
        Settings s = Settings.of(Map.of("capacity.forecast-warn", WARN_DAYS + "d"));
        ForecastSettings fs = ForecastSettings.from(s, AggregateSettings.DEFAULTS);
        Topology t = new Topology();
        t.addSource("aggregates", Serdes.String().deserializer(), serdes.aggregate().deserializer(), "aggregates");
        t.addProcessor("forecast", () -> new ForecastDetector(fs, SubjectExpiry.DEFAULTS, 60_000), "aggregates");
        t.addStateStore(ForecastDetector.storeBuilder(), "forecast");
        t.addSink("alerts", "alerts", Serdes.String().serializer(), serdes.alert().serializer(), "forecast");
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "forecast-it");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "test:9092");
        try (TopologyTestDriver driver = new TopologyTestDriver(t, props)) {
            TestInputTopic<String, Aggregate> in = driver.createInputTopic("aggregates", Serdes.String().serializer(),
                    serdes.aggregate().serializer());
            TestOutputTopic<String, Alert> out = driver.createOutputTopic("alerts", Serdes.String().deserializer(),
                    serdes.alert().deserializer());
            for (Aggregate a : aggregates) {
                in.pipeInput(HOST, a, a.getWindowEnd());
            }
            return out.readValuesToList();
        }
    }

    @AfterAll
    static void stop() {
        if (influx != null) {
            influx.close();
        }
    }

    /** Where the truth's mean member util of {@code array}, a line through its first and last samples, reaches {@code util}; days after the history's end. */
    private static double trueCrossing(String array, double util) {
        StepTruth first = steps.get(0);
        StepTruth last = steps.get(steps.size() - 1);
        double u0 = mean(first, array);
        double u1 = mean(last, array);
        double days = (last.time().toEpochMilli() - first.time().toEpochMilli()) / DAY_MS;
        // the line is one: its middle sample lies on it
        StepTruth middle = steps.get(steps.size() / 2);
        double atMiddle = u0 + (u1 - u0) * (middle.time().toEpochMilli() - first.time().toEpochMilli()) / DAY_MS / days;
        assertThat(mean(middle, array)).as("the truth's util grows linearly").isCloseTo(atMiddle, within(0.1));
        return (util - u1) / ((u1 - u0) / days);
    }

    private static double mean(StepTruth step, String array) {
        return step.array(array).memberUtil().values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    private static double daysAfterEnd(JsonNode crossing) {
        return daysAfterEnd(crossing, "date");
    }

    /** The crossing's {@code field} (date, earliest, latest), days after the history's end. */
    private static double daysAfterEnd(JsonNode crossing, String field) {
        assertThat(crossing.get(field).isNull()).as("%s of %s", field, crossing).isFalse();
        return (Instant.parse(crossing.get(field).asText()).toEpochMilli() - end.toEpochMilli()) / DAY_MS;
    }

    /**
     * The UTC days of plan's range ({@code --since days --until end}) that hold hourly windows in
     * enough of their hours to have a peak hour: the full days, and a partial first or last one
     * only when it still has enough of them: 61 when the history ends at 12:00 UTC, 60 otherwise.
     */
    private static long daysWithAPeakHour() {
        Instant since = end.minus(Duration.ofDays(days));
        Map<java.time.LocalDate, Long> hours = steps.stream().map(s -> s.time().plus(shift).minusSeconds(3600))
                .filter(start -> !start.isBefore(since) && start.isBefore(end))
                .collect(java.util.stream.Collectors.groupingBy(start -> start.atZone(java.time.ZoneOffset.UTC).toLocalDate(),
                        java.util.stream.Collectors.counting()));
        return hours.values().stream().filter(n -> n >= PeakHours.MIN_HOURS_A_DAY).count();
    }

    /** {@code raidpulse plan} for md0 over the whole history, against RAID10 near-2, in {@code format}; its standard output. */
    private static String plan(String format) {
        CommandRun run = CommandRun.of("plan", "--host", HOST, "--array", "md0", "--influx-url", influx.url(), "--influx-database", DB,
                "--window", "1h", "--since", days + "d", "--until", end.toString(), "--target", "raid10", "--format", format,
                "--time-zone", "UTC");
        assertThat(run.exit()).as(run.err()).isZero();
        return run.out();
    }

    @Test
    void thePredictedCrossingsAreWithinTenPercentOfTheTrueOnes() throws Exception {
        String json = plan("json");
        JsonNode report = new ObjectMapper().readTree(json);
        assertThat(report.has("forecast")).as(json).isTrue();
        JsonNode forecast = report.get("forecast");
        assertThat(forecast.get("status").asText()).as(forecast.toString()).isEqualTo("trend");
        assertThat(forecast.get("lower_bound").asBoolean()).isFalse();
        assertThat(forecast.get("days").asInt()).as("a peak hour a day, on each UTC day with windows in %d of its hours",
                PeakHours.MIN_HOURS_A_DAY).isEqualTo(daysWithAPeakHour());

        JsonNode raid5 = forecast.get("layouts").get(0);
        JsonNode raid10 = forecast.get("layouts").get(1);
        assertThat(raid10.get("key").asText()).isEqualTo("raid10-near2-4");
        double[][] cases = {{70, trueCrossing("md0", 70)}, {100, trueCrossing("md0", 100)}};
        for (int i = 0; i < cases.length; i++) {
            double truth = cases[i][1];
            JsonNode c = raid5.get("crossings").get(i);
            assertThat(c.get("threshold").asDouble()).isEqualTo(cases[i][0]);
            assertThat(daysAfterEnd(c)).as("md0 reaches %.0f%%: the truth %.1f days after the end", cases[i][0], truth)
                    .isCloseTo(truth, within(0.1 * truth));
            // the ramp is a line: the fit's interval is narrow, and the truth (through the end instants of the first and last
            // hourly samples, the fit through the middles of the peak hours) within half a day of it
            assertThat(truth).as("the truth within the 95% interval").isBetween(daysAfterEnd(c, "earliest") - 0.5,
                    daysAfterEnd(c, "latest") + 0.5);
        }
        // md1, the same load on RAID10 near-2: the truth for md0's projection there
        double raid10Truth = trueCrossing("md1", 70);
        assertThat(daysAfterEnd(raid10.get("crossings").get(0))).as("RAID10 reaches 70%%: md1's truth %.1f days after the end", raid10Truth)
                .isCloseTo(raid10Truth, within(0.1 * raid10Truth));

        // what a planner reads: how long RAID10 would last against RAID5 at this growth, in months
        double bought = (Instant.parse(raid10.get("crossings").get(0).get("date").asText()).toEpochMilli()
                - Instant.parse(raid5.get("crossings").get(0).get("date").asText()).toEpochMilli()) / DAY_MS / (365.25 / 12);
        String text = plan("text");
        System.out.println(text);
        assertThat(text).contains("forecast: the peak hour of " + forecast.get("days").asInt() + " days grows ")
                .contains("  RAID10 near-2 on the same 4 disks buys " + Math.round(bought) + " months at this growth")
                .doesNotContain("lower bound");
        assertThat(plan("html")).contains("<h2>When will it saturate?</h2>")
                .contains("RAID10 near-2 on the same 4 disks buys " + Math.round(bought) + " months at this growth");
    }

    /**
     * The stream processor's CAPACITY_FORECAST over the same history: one episode, md0 at 70% (md0's
     * 100% and md1's crossings stay further than the warning), fired when its crossing came within
     * the warning, and predicting the truth's crossing within 10% of the lead time it gave.
     */
    @Test
    void theStreamProcessorsForecastFiresForMd0WithinTenPercentOfTheTrueCrossing() {
        assertThat(forecasts).as("CAPACITY_FORECAST alerts").singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSubject()).isEqualTo("md0");
            assertThat(a.getDetails()).containsEntry("threshold_pct", "70").containsEntry("already", "false");
            Instant truth = end.plusMillis(Math.round(trueCrossing("md0", 70) * DAY_MS));
            Instant predicted = Instant.parse(a.getDetails().get("crossing"));
            double lead = (truth.toEpochMilli() - a.getEventTime().toEpochMilli()) / DAY_MS;
            assertThat((predicted.toEpochMilli() - truth.toEpochMilli()) / DAY_MS)
                    .as("predicted %s, the truth %s, %.1f days after it fired", predicted, truth, lead).isCloseTo(0, within(0.1 * lead));
            assertThat(Double.parseDouble(a.getDetails().get("in_days"))).as("fired when the crossing came within the warning")
                    .isBetween(WARN_DAYS - 2.0, (double) WARN_DAYS);
            assertThat(a.getEventTime()).as("fired within the history").isBefore(end);
        });
    }

    /** The checkout's root: the directory with METRICS.md and grafana/ (tests run in the module's directory). */
    private static Path repoRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !(Files.isRegularFile(dir.resolve("METRICS.md")) && Files.isDirectory(dir.resolve("grafana")))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("a directory with METRICS.md and grafana/ above %s", Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }

    /** The planning dashboard's forecast table, its query as Grafana sends it for md0 over the history, lists that forecast. */
    @Test
    void thePlanningDashboardListsTheForecast() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(repoRoot().resolve("grafana/dashboards/raid-migration-planning.json").toFile());
        String query = null;
        for (JsonNode panel : dashboard.get("panels")) {
            if (panel.path("title").asText().equals("Capacity forecasts")) {
                query = panel.get("targets").get(0).get("query").asText();
            }
        }
        assertThat(query).as("the panel Capacity forecasts").isNotNull();
        String sent = query.replace("$host", HOST).replace("$array", "md0")
                .replace("$timeFilter", "time >= " + end.minus(Duration.ofDays(days)).toEpochMilli() + "ms and time <= " + end.toEpochMilli() + "ms");
        // the names the panel's overrides format (DashboardQueriesIT leaves this panel's to this test: it has no data there)
        List<String> overridden = new ArrayList<>();
        for (JsonNode panel : dashboard.get("panels")) {
            if (panel.path("title").asText().equals("Capacity forecasts")) {
                panel.path("fieldConfig").path("overrides").forEach(o -> overridden.add(o.path("matcher").path("options").asText()));
            }
        }
        Alert fired = forecasts.get(0);
        try (InfluxConnection c = InfluxConnections.open(Settings.of(Map.of("influx.url", influx.url(), "influx.database", DB)))) {
            InfluxQlResult result = c.query(sent);
            assertThat(result.rows()).as(sent).singleElement().satisfies(r -> {
                assertThat(r.text("state")).isEqualTo("firing");
                assertThat(r.number("threshold")).isEqualTo(70.0);
                assertThat(r.number("crossing")).isEqualTo((double) Instant.parse(fired.getDetails().get("crossing")).toEpochMilli());
                assertThat(r.text("summary")).isEqualTo(fired.getSummary());
                assertThat(r.columns().keySet()).as("columns the overrides name").containsAll(overridden);
            });
        }
    }
}
