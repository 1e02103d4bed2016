package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.lab.LabDisk;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.matching.Layouts;
import io.raidpulse.planner.PlanCommand;
import io.raidpulse.topics.testing.CommandRun;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.services.influx.InfluxServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every committed recording's samples through one real pipeline ({@link RecordingPipeline}: a
 * broker, the stream processor, its sink into a real influxd), as offline hosts delivering their
 * spools later (each recording is its own host, lab-SCENARIO); each host's alerts held against
 * what happened in its guest ({@link AlertChecks}), and its aggregates and alerts found in
 * InfluxDB.
 */
class RecordingPipelineIT {
    @TempDir
    static Path work;
    static InfluxServer influxServer;
    static RecordingPipeline pipeline;
    static List<Alert> alerts;
    static List<Alert> incidents;

    @BeforeAll
    static void deliverEveryRecording() throws Exception {
        influxServer = InfluxServer.obtain(work.resolve("influx"));
        // the samples keep the times they were taken at: kept whatever the recording's age
        pipeline = RecordingPipeline.start(work, influxServer.url(), Map.of("influx.retention.agg_1m", "0",
                "influx.retention.agg_1h", "0", "influx.retention.alerts", "0"));
        // in the order they were recorded: a window counts only samples that come before stream
        // time (the newest sample time on the partition) passes its end plus aggregate.grace
        for (Recording r : Recordings.committed().sorted(java.util.Comparator.comparing(x -> x.manifest().path("started").asText())).toList()) {
            assertThat(pipeline.deliver(r, work)).as("%s: samples delivered", r.name()).isGreaterThan(60);
        }
        alerts = pipeline.alerts(Duration.ofSeconds(20), Duration.ofMinutes(5));
        incidents = pipeline.incidents(Duration.ofSeconds(5), Duration.ofMinutes(2));
    }

    @AfterAll
    static void stop() {
        try {
            if (pipeline != null) {
                pipeline.close();
            }
        } finally {
            if (influxServer != null) {
                influxServer.close();
            }
        }
    }

    static Stream<Recording> recordings() {
        return Recordings.committed();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void alertsMatchWhatHappened(Recording r) throws IOException {
        String host = Recordings.host(r);
        List<Alert> mine = alerts.stream().filter(a -> a.getHost().equals(host)).toList();
        check(r, mine);
    }

    /**
     * The host's 1-minute aggregates in InfluxDB count every sample of each of its disks (but those
     * of the last windows, which close only when later samples come), its arrays have windows (a
     * hardware RAID volume's with array_kind hardware, md arrays' with md), and every alert of the
     * host is a point.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void aggregatesAndAlertsReachInfluxDb(Recording r) throws Exception {
        String host = Recordings.host(r);
        Map<String, Long> samples = new java.util.TreeMap<>();
        Map<String, String> arrays = new java.util.TreeMap<>();
        for (HostSample s : SpoolSamples.of(r)) {
            // md devices and hardware RAID volumes are aggregated as arrays (raidpulse_array), the rest as devices
            java.util.Set<String> volumes = new java.util.HashSet<>();
            if (s.getHardwareVolumes() != null) {
                s.getHardwareVolumes().forEach(v -> volumes.add(v.getDevice()));
            }
            s.getDevices().stream().filter(d -> d.getMetrics() != null && d.getKind() != io.raidpulse.schema.DeviceKind.MD
                            && !volumes.contains(d.getName()))
                    .forEach(d -> samples.merge(d.getName(), 1L, Long::sum));
            s.getArrays().forEach(a -> arrays.put(a.getName(), "md"));
            volumes.forEach(v -> arrays.put(v, "hardware"));
        }
        long alertsOfHost = alerts.stream().filter(a -> a.getHost().equals(host)).count();
        try (InfluxConnection influx = InfluxConnections.open(Settings.of(Map.of("influx.url", influxServer.url())))) {
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                SoftAssertions soft = new SoftAssertions();
                for (var e : samples.entrySet()) {
                    List<InfluxQlResult.Row> rows = influx.query("SELECT sum(samples) AS n FROM \"agg_1m\".\"raidpulse_device\" WHERE host = '"
                            + host + "' AND device = '" + e.getKey() + "'").rows();
                    double n = rows.isEmpty() ? 0 : rows.get(0).number("n");
                    soft.assertThat(n).as("%s %s: samples in 1-minute windows, of %d", host, e.getKey(), e.getValue())
                            .isBetween(e.getValue() - 180.0, (double) e.getValue());
                }
                for (var a : arrays.entrySet()) {
                    soft.assertThat(influx.query("SELECT count(samples) AS n FROM \"agg_1m\".\"raidpulse_array\" WHERE host = '" + host
                            + "' AND \"array\" = '" + a.getKey() + "' AND array_kind = '" + a.getValue() + "'").rows())
                            .as("%s %s: %s array windows", host, a.getKey(), a.getValue()).isNotEmpty();
                    soft.assertThat(influx.query("SELECT count(samples) AS n FROM \"agg_1m\".\"raidpulse_device\" WHERE host = '" + host
                            + "' AND device = '" + a.getKey() + "'").rows()).as("%s %s: an array, no device windows", host, a.getKey()).isEmpty();
                }
                List<InfluxQlResult.Row> points = influx.query("SELECT count(summary) AS n FROM \"alerts\".\"raidpulse_alert\" WHERE host = '"
                        + host + "'").rows();
                soft.assertThat(points.isEmpty() ? 0 : points.get(0).number("n")).as("%s: alert points", host).isEqualTo((double) alertsOfHost);
                soft.assertAll();
            });
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void incidentsTellWhatHappenedOncePerArray(Recording r) {
        String host = Recordings.host(r);
        List<Alert> mine = incidents.stream().filter(a -> a.getHost().equals(host)).toList();
        mine.forEach(a -> System.out.println(r.name() + " incident: " + a.getEventTime() + " " + a.getState() + " " + a.getSeverity()
                + " " + a.getSubject() + " " + a.getDetails().getOrDefault("update", "") + " | " + a.getSummary()));
        IncidentChecks.check(r, alerts.stream().filter(a -> a.getHost().equals(host)).toList(), mine,
                ScenarioExpectations.incidents(r.manifest().path("scenario").asText()));
    }

    /**
     * The capacity figures of the host's arrays in InfluxDB agree with what its disks did and are
     * ({@link CapacityChecks}): capacity_util with the busiest member's util on every window
     * without a benchmark, the learned member capacity with the lab disk's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void capacityAgreesWithTheMembersAndTheLabDisks(Recording r) throws Exception {
        String scenario = r.manifest().path("scenario").asText();
        String host = Recordings.host(r);
        CapacityChecks.Learned expectation = ScenarioExpectations.learnedCapacity(scenario);
        List<InfluxQlResult.Row> windows;
        try (InfluxConnection influx = InfluxConnections.open(Settings.of(Map.of("influx.url", influxServer.url())))) {
            windows = CapacityChecks.settledWindows(influx, host, Recordings.hasArrays(r));
        }
        windows.forEach(w -> System.out.println(r.name() + " capacity: " + CapacityChecks.describe(w)));
        // md arrays' windows: a hardware RAID volume's have no members to agree with or learn from
        List<InfluxQlResult.Row> md = windows.stream().filter(w -> !"hardware".equals(w.text("array_kind"))).toList();
        SoftAssertions soft = new SoftAssertions();
        int compared = CapacityChecks.agreement(soft, r.name(), md);
        System.out.println(r.name() + " capacity: " + compared + " windows compared with the busiest member's util");
        System.out.println(CapacityChecks.learnedCapacity(soft, r, md, expectation));
        List<InfluxQlResult.Row> volumes = windows.stream().filter(w -> "hardware".equals(w.text("array_kind"))).toList();
        for (JsonNode d : r.manifest().path("disks")) {
            if (d.has("controller")) {
                int n = CapacityChecks.volumeAgreement(soft, r.name(), volumes.stream()
                        .filter(w -> d.path("guest").asText().equals(w.tags().get("array"))).toList(), LabDisk.named(d.path("profile").asText()));
                System.out.println(r.name() + " capacity: " + n + " windows of volume " + d.path("guest").asText()
                        + " compared with the lab volume's rates");
            }
        }
        soft.assertAll();
    }

    static Stream<Recording> withVolumes() {
        return Recordings.committed().filter(r -> !RecordingHardwareVolumesTest.volumes(r).isEmpty());
    }

    /**
     * {@code plan} on the history the pipeline wrote of each hardware RAID volume: the declared layout
     * (collector.properties) with the alternatives on the same disks on the controller and as md, and,
     * since each lab volume is declared with a battery-backed write-back cache and the lab imports no
     * benchmark of its controller, its write figures said to be an upper bound where it was written to
     * (perc-h700-offline only reads: the model's figures, nothing to bound).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("withVolumes")
    void planAnswersForEachVolume(Recording r) throws Exception {
        String host = Recordings.host(r);
        Settings declared = Settings.load(Path.of("scenarios", r.name() + ".collector.properties"));
        for (String volume : RecordingHardwareVolumesTest.volumes(r).keySet()) {
            String level = declared.requiredString("collector.hwraid." + volume + ".level");
            String disks = declared.requiredString("collector.hwraid." + volume + ".disks");
            Instant end = SpoolSamples.of(r).stream().map(HostSample::getSampleTime).max(Instant::compareTo).orElseThrow();
            CommandRun run = CommandRun.of(new PlanCommand(), "--host", host, "--array", volume, "--influx-url", influxServer.url(),
                    "--until", end.plusSeconds(120).toString(), "--since", "2h", "--format", "json");
            System.out.println(r.name() + " plan: " + run.out().replaceAll("\\s+", " "));
            assertThat(run.exit()).as("%s plan %s: %s", r.name(), volume, run.err()).isZero();
            JsonNode plan = new ObjectMapper().readTree(run.out());
            assertThat(plan.path("current").asText()).as(r.name()).startsWith("hardware " + level + " ").endsWith(" x" + disks);
            assertThat(plan.path("windows").asInt()).as("%s: windows of history", r.name()).isPositive();
            List<String> keys = new java.util.ArrayList<>();
            plan.path("layouts").forEach(l -> keys.add(l.path("key").asText()));
            assertThat(keys).as(r.name()).first().isEqualTo("hardware-" + Layouts.key(RaidLayout.of(RaidLevel.parse(level), Integer.parseInt(disks))));
            assertThat(keys).as("%s: the md alternatives on the same disks", r.name()).contains("md-raid10-near2-" + disks);
            boolean written = SpoolSamples.of(r).stream().flatMap(s -> s.getDevices().stream())
                    .anyMatch(d -> d.getName().equals(volume) && d.getMetrics() != null && d.getMetrics().getWS() > 0);
            assertThat(plan.path("layouts").get(0).path("write_figures").asText()).as(r.name()).isEqualTo(written ? "upper_bound" : "model");
            if (written) {
                assertThat(plan.path("volume").path("write_cache").asText()).as(r.name()).contains(" are an upper bound ");
            }
        }
    }

    static Stream<Recording> withCgroupJobs() {
        return AttributionChecks.recordings();
    }

    /**
     * Who saturated the array, as the pipeline tells it: in every recording whose fio jobs ran in cgroups,
     * each saturation episode that opened during a phase of them (its FIRING and its RESOLVED, and the
     * incident's texts that carry it) names the heavier job first, and while md ran a check on the array, the
     * check as the check ("the running md check"), first where it took more of the members' I/O than the
     * heavier job (on 6.12 and 7.2), the jobs after it by weight. The scenario saturates (ScenarioExpectations says where),
     * so at least one such episode is there.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("withCgroupJobs")
    void saturationNamesTheHeavierJobFirstAndTheCheckAsTheCheck(Recording r) {
        String host = Recordings.host(r);
        SoftAssertions soft = new SoftAssertions();
        int told = 0;
        for (AttributionChecks.Phase p : AttributionChecks.phases(r)) {
            String heavy = p.jobs().get(0).consumer();
            String light = p.jobs().get(p.jobs().size() - 1).consumer();
            boolean checked = AlertChecks.syncs(r, p.array()).stream()
                    .anyMatch(w -> "check".equals(w.what()) && w.start().isBefore(p.end()) && w.end().isAfter(p.start()));
            List<String> ids = alerts.stream().filter(a -> a.getHost().equals(host) && a.getKind() == io.raidpulse.schema.AlertKind.SATURATION
                            && a.getState() == io.raidpulse.schema.AlertState.FIRING && a.getSubject().equals(p.array())
                            && !a.getStartTime().isBefore(p.start().minusSeconds(3)) && !a.getStartTime().isAfter(p.end()))
                    .map(Alert::getAlertId).toList();
            for (Alert a : alerts.stream().filter(a -> ids.contains(a.getAlertId())).toList()) {
                told++;
                System.out.println(r.name() + " " + p.name() + " " + a.getState() + ": " + a.getSummary() + " " + a.getDetails());
                if (checked && "md check".equals(a.getDetails().get("top_consumer"))) {
                    // md's check at the scenario's speed cap took more member I/O than /lab-heavy on 6.12 and 7.2 (44-47%
                    // against 41-42%; 27% on 6.1): it is named first, as the check, and the jobs after it by weight
                    soft.assertThat(a.getSummary()).as("%s %s %s: the check first, then the heavier job", r.name(), p.name(), a.getState())
                            .containsSubsequence(" of its member load from the running md check", " from " + heavy, " from " + light);
                } else {
                    soft.assertThat(a.getDetails().get("top_consumer")).as("%s %s %s: the heavier job first", r.name(), p.name(), a.getState())
                            .isEqualTo(heavy);
                    soft.assertThat(a.getSummary()).as("%s %s %s", r.name(), p.name(), a.getState())
                            .containsSubsequence(" of its member load from " + heavy, " from " + light);
                }
                if (checked) {
                    soft.assertThat(a.getSummary()).as("%s %s %s: the check as the check", r.name(), p.name(), a.getState())
                            .contains(" from the running md check");
                }
            }
            for (Alert i : incidents.stream().filter(i -> i.getHost().equals(host) && i.getSubject().equals(p.array())
                    && i.getSummary().contains(" of its member load from ") && !i.getEventTime().isBefore(p.start())
                    && !i.getEventTime().isAfter(p.end().plusSeconds(120))).toList()) {
                System.out.println(r.name() + " " + p.name() + " incident " + i.getState() + ": " + i.getSummary());
                String first = checked && i.getSummary().contains(" of its member load from the running md check")
                        ? "the running md check, [0-9]+% from " : "";
                soft.assertThat(i.getSummary()).as("%s %s incident %s: the heavier job first", r.name(), p.name(), i.getState())
                        .containsPattern(" of its member load from " + first + java.util.regex.Pattern.quote(heavy) + "\\b");
            }
        }
        soft.assertThat(told).as("%s: saturation episodes during the cgroups' jobs", r.name()).isPositive();
        soft.assertAll();
    }

    /** The checks of one recording's alerts (LabIT runs them on a fresh run too). */
    static void check(Recording r, List<Alert> alerts) throws IOException {
        alerts.forEach(a -> System.out.println(r.name() + ": " + a.getEventTime() + " " + a.getState() + " " + a.getKind() + " "
                + a.getSubject() + " " + a.getSeverity() + " | " + a.getSummary()));
        SoftAssertions soft = new SoftAssertions();
        AlertChecks.common(soft, r, alerts);
        List<HostSample> samples = SpoolSamples.of(r);
        List<Instant> sampleTimes = samples.stream().map(HostSample::getSampleTime).toList();
        AlertChecks.saturation(soft, r, alerts, sampleTimes, ScenarioExpectations.saturation(r.manifest().path("scenario").asText()));
        AlertChecks.hardwareVolumes(soft, r, alerts, samples);
        soft.assertAll();
    }
}
