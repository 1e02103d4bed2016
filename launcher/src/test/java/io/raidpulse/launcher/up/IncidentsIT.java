package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.alertmanager.AlertmanagerServer;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.truth.IncidentTruth;
import io.raidpulse.simulator.truth.SaturationRule;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What an operator's channels hear, for every shipped scenario through the whole pipeline
 * (simulator, collector, Kafka, stream processor, notifiers) with {@code --fast}: the incidents
 * its ground truth names ({@code expect incident} lines), each opened once and closed once, at
 * the times the truth gives; no member disk or partition heard on its own.
 *
 * <p>Three channels at once: {@code all} (a webhook taking everything, progress included),
 * {@code pages} (a webhook with {@code min-severity=warning} and no progress updates) and
 * {@code am} (the Alertmanager channel posting to Debian's real Alertmanager, whose webhook
 * receiver is this test's). Per incident and channel: at most two notifications that are not
 * updates (one FIRING, one RESOLVED, the RESOLVED after its FIRING); sync progress updates at
 * most one per {@code health.progress-step-pct} and sync; in Alertmanager one firing and one
 * resolved per alert, an incident being one alert, or two when it escalated (its severity label
 * changed: the first alert resolved then and the second fired). What each channel heard goes to
 * target/incident-notifications.txt.
 *
 * <p>The same runs write to a real influxd, where each scenario's array windows are held to their
 * members' util ({@link CapacityAgreement}); those windows go to target/capacity-windows.txt.
 */
class IncidentsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, String>> STRINGS = new TypeReference<>() { };
    /**
     * The Alertmanager alertname of each scenario's incidents, as Prometheus users name alerts (from the alert that opens
     * the incident); a list where a scenario's incidents open differently, one per incident in the truth's order.
     */
    private static final Map<String, List<String>> ALERTNAME = Map.of("raid5-saturation", List.of("MdArraySaturated"),
            "raid5-vs-raid10", List.of("MdArraySaturated"), "member-failure", List.of("MdArrayDegraded"),
            "scheduled-check", List.of("MdArrayChecking"), "raid10-over-raid1-pairs", List.of("MdArraySaturated"),
            "nvme-busy-then-overload", List.of("MdArraySaturated"), "hardware-raid-saturation", List.of("HardwareVolumeSaturated"),
            "backup-saturation", List.of("MdArraySaturated", "MdArrayChecking"));
    /**
     * Consumers the notifications of each incident must name, in the truth's order (the first incidents of the scenario),
     * for the scenarios whose loads belong to cgroups: the one that drives the saturation first, in the FIRING when a
     * saturation opens the incident, and in the RESOLVED. backup-saturation's second incident, which its check opens,
     * tells the saturation the check drives with who loaded the members ("members at 100.0% from the check, ...; member
     * load from md check 61%, postgresql@15-main.service 30% (mostly writes), ...").
     */
    private static final Map<String, List<List<String>>> NAMED = Map.of("backup-saturation",
            List.of(List.of("backup.service", "postgresql@15-main.service", "docker/3f2a9c1b7e4d"),
                    List.of("md check", "postgresql@15-main.service")));
    /** The default {@code health.progress-step-pct}. */
    private static final double PROGRESS_STEP_PCT = 10;

    @TempDir
    static Path dir;
    static HttpServer receiver;
    static AlertmanagerServer am;
    /** What each channel's receiver got, by path ("/all", "/pages", "/am"), in arrival order. */
    static final Map<String, List<JsonNode>> received = new LinkedHashMap<>();
    static InfluxServer influx;
    static InfluxConnection influxQuery;
    /** Every scenario's 1-minute array windows as {@link CapacityAgreement#describe} tells them. */
    static final List<String> capacityWindows = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        influx = InfluxServer.obtain(dir.resolve("influxdb"));
        influxQuery = InfluxConnections.open(Settings.of(Map.of("influx.url", influx.url())));
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        for (String path : List.of("/all", "/pages", "/am")) {
            List<JsonNode> got = new CopyOnWriteArrayList<>();
            received.put(path, got);
            receiver.createContext(path, exchange -> {
                JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
                if (path.equals("/am")) {
                    body.get("alerts").forEach(got::add);
                } else {
                    got.add(body);
                }
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
        }
        receiver.start();
        am = AlertmanagerServer.start(dir.resolve("alertmanager"),
                AlertmanagerServer.webhookConfig("http://127.0.0.1:" + receiver.getAddress().getPort() + "/am", Duration.ofMinutes(5)));
    }

    @AfterAll
    static void stop() throws java.io.IOException {
        // what each channel heard, for a person to read: target/incident-notifications.txt
        List<String> lines = new ArrayList<>();
        received.forEach((path, got) -> got.forEach(n -> lines.add(path + " " + (path.equals("/am")
                ? n.get("status").asText() + " " + n.get("labels") + " " + n.path("annotations").path("summary").asText()
                : n.get("text").asText()))));
        java.nio.file.Files.createDirectories(Path.of("target"));
        java.nio.file.Files.write(Path.of("target", "incident-notifications.txt"), lines);
        java.nio.file.Files.write(Path.of("target", "capacity-windows.txt"), capacityWindows);
        if (influxQuery != null) {
            influxQuery.close();
        }
        if (influx != null) {
            influx.close();
        }
        if (am != null) {
            am.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    static List<String> scenarios() {
        return ShippedScenarios.names();
    }

    private static Settings channels() {
        String base = "http://127.0.0.1:" + receiver.getAddress().getPort();
        Map<String, String> s = new LinkedHashMap<>();
        s.put("notify.channels", "all:webhook,pages:webhook,am:alertmanager");
        s.put("notify.all.url", base + "/all");
        s.put("notify.pages.url", base + "/pages");
        s.put("notify.pages.min-severity", "warning");
        s.put("notify.pages.progress", "false");
        s.put("notify.am.url", am.url());
        s.put("notify.am.resend-interval", "30s");
        return Settings.of(s);
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void eachIncidentIsOpenedOnceAndClosedOnceOnEveryChannel(String scenario) throws Exception {
        List<IncidentTruth> truth;
        long interval;
        String host;
        List<Alert> incidents;
        List<InfluxQlResult.Row> windows;
        try (Pipeline p = Pipeline.start(new Pipeline.Options(dir.resolve(scenario), 0, influx.url(), false, channels(), scenario, true));
             OpenAlerts topic = new OpenAlerts(p.kafka().bootstrapServers(), Topics.INCIDENTS)) {
            topic.start();
            p.runSimulation(sim -> { });
            assertThat(p.awaitSpoolDrained(Duration.ofSeconds(60))).as("every sample reached Kafka").isTrue();
            truth = p.simulation().truth().incidents(SaturationRule.DEFAULTS);
            interval = p.simulation().scenario().intervalSeconds();
            host = p.simulation().scenario().host();
            long closed = truth.stream().filter(t -> t.resolved() != null).count();
            await(() -> topic.seen().stream().filter(a -> a.getState() == AlertState.RESOLVED).count() >= closed
                    && topic.seen().stream().filter(a -> a.getState() == AlertState.FIRING).count() >= truth.size());
            incidents = topic.seen();
            // the channels have read all of it: each has every FIRING and RESOLVED of this host it takes
            await(() -> ofHost("/all", host).stream().filter(n -> !n.get("state").asText().equals("progress")).count()
                    >= incidents.stream().filter(a -> a.getState() != AlertState.PROGRESS).count());
            // Alertmanager: group_wait and group_interval are 1 s
            await(() -> amOfHost(host).stream().filter(n -> n.get("status").asText().equals("resolved")).count() >= closed);
            Thread.sleep(3_000); // anything more now would be a repeat
            windows = CapacityAgreement.settledWindows(influxQuery, host);
            windows.forEach(w -> capacityWindows.add(scenario + " " + CapacityAgreement.describe(w)));
        }

        // the incidents on the topic are the truth's, at its times
        List<Alert> firings = incidents.stream().filter(a -> a.getState() == AlertState.FIRING).toList();
        assertThat(firings).as("incidents of %s", scenario).extracting(Alert::getSubject)
                .containsExactlyElementsOf(truth.stream().map(IncidentTruth::subject).toList());
        for (int i = 0; i < truth.size(); i++) {
            IncidentTruth t = truth.get(i);
            Alert fired = firings.get(i);
            assertThat(fired.getEventTime()).as("FIRING of the %s incident", t.subject())
                    .isBetween(t.firing(), t.firing().plusSeconds(interval));
            List<Alert> resolved = incidents.stream().filter(a -> a.getAlertId().equals(fired.getAlertId())
                    && a.getState() == AlertState.RESOLVED).toList();
            if (t.resolved() == null) {
                assertThat(resolved).as("the %s incident is open at the end", t.subject()).isEmpty();
            } else {
                assertThat(resolved).singleElement().satisfies(r -> assertThat(r.getEventTime())
                        .as("RESOLVED of the %s incident", t.subject()).isBetween(t.resolved(), t.resolved().plusSeconds(interval)));
            }
        }

        // the incidents' texts name who loads the array, on the channel that takes everything: an incident a saturation
        // opens in its FIRING; one a sync opens (the check's) once its saturation is told
        List<List<String>> named = NAMED.getOrDefault(scenario, List.of());
        for (int i = 0; i < named.size(); i++) {
            String id = firings.get(i).getAlertId();
            List<String> texts = ofHost("/all", host).stream().filter(n -> n.get("alert_id").asText().equals(id))
                    .map(n -> n.get("state").asText() + ": " + n.get("text").asText()).toList();
            for (String consumer : named.get(i)) {
                assertThat(texts).as("%s incident %d", scenario, i).anyMatch(t -> t.contains(consumer));
            }
            if (firings.get(i).getKind() == io.raidpulse.schema.AlertKind.SATURATION) {
                assertThat(texts.get(0)).as("%s incident %d FIRING", scenario, i).startsWith("firing").contains(named.get(i).get(0));
            }
            String first = named.get(i).get(0);
            assertThat(texts).as("%s incident %d RESOLVED", scenario, i).anyMatch(t -> t.startsWith("resolved") && t.contains(first));
        }

        int syncs = (int) truth.stream().flatMap(t -> t.episodes().stream()).filter(e -> e.kind().equals("SYNC")).count();
        for (String channel : List.of("/all", "/pages")) {
            List<JsonNode> got = ofHost(channel, host);
            Map<String, List<JsonNode>> byIncident = new LinkedHashMap<>();
            got.forEach(n -> byIncident.computeIfAbsent(n.get("alert_id").asText(), k -> new ArrayList<>()).add(n));
            assertThat(byIncident.keySet()).as("%s of %s: notifications only of the incidents", channel, scenario)
                    .isSubsetOf(firings.stream().map(Alert::getAlertId).toList());
            assertThat(got).as("%s: no member speaks for itself", channel)
                    .allSatisfy(n -> assertThat(truth.stream().map(IncidentTruth::subject)).contains(n.get("subject").asText()));
            byIncident.forEach((id, list) -> {
                List<String> states = list.stream().map(n -> n.get("state").asText()).toList();
                List<String> openClose = states.stream().filter(s -> !s.equals("progress")).toList();
                assertThat(openClose).as("%s %s: opened once, closed once, in that order: %s", channel, id, states)
                        .isSubsetOf("firing", "resolved").doesNotHaveDuplicates().hasSizeLessThanOrEqualTo(2);
                if (openClose.size() == 2) {
                    assertThat(openClose).containsExactly("firing", "resolved");
                }
                if (openClose.isEmpty() || !openClose.get(0).equals("firing")) {
                    // a channel the FIRING was too mild for: an escalation opened the incident here
                    assertThat(list.get(0).get("details").get("update").asText()).as("%s %s opened by", channel, id).isEqualTo("escalated");
                }
                long progress = list.stream().filter(n -> n.get("state").asText().equals("progress")
                        && "progress".equals(n.path("details").path("update").asText())).count();
                assertThat(progress).as("%s %s: sync progress updates", channel, id)
                        .isLessThanOrEqualTo((long) Math.ceil(100 / PROGRESS_STEP_PCT) * Math.max(1, syncs) + 2);
                if (channel.equals("/pages")) {
                    assertThat(list).as("pages take no progress").allSatisfy(n -> assertThat(n.path("details").path("update").asText())
                            .isIn("", "escalated"));
                    assertThat(list).as("pages take warning and up").allSatisfy(n -> assertThat(n.get("severity").asText()).isNotEqualTo("info"));
                }
            });
            if (channel.equals("/all")) {
                assertThat(byIncident).as("%s hears every incident", channel).hasSize(truth.size());
            }
        }

        // Alertmanager: one firing and one resolved per alert, with the incident's labels
        Map<Map<String, String>, List<String>> byLabels = new LinkedHashMap<>();
        for (JsonNode n : amOfHost(host)) {
            byLabels.computeIfAbsent(JSON.convertValue(n.get("labels"), STRINGS), k -> new ArrayList<>()).add(n.get("status").asText());
        }
        List<String> names = ALERTNAME.get(scenario);
        for (int f = 0; f < firings.size(); f++) {
            Alert fired = firings.get(f);
            String alertname = names.get(Math.min(f, names.size() - 1));
            List<Map<String, String>> alerts = byLabels.keySet().stream()
                    .filter(l -> fired.getSubject().equals(l.get("array")) || fired.getSubject().equals(l.get("device")))
                    .filter(l -> alertname.equals(l.get("alertname"))).toList();
            long escalations = incidents.stream().filter(a -> a.getAlertId().equals(fired.getAlertId())
                    && "escalated".equals(a.getDetails().get("update"))).count();
            assertThat(alerts).as("Alertmanager alerts of the %s incident: %s", fired.getSubject(), byLabels).hasSize(1 + (int) escalations);
            assertThat(alerts).as("an escalation changes the severity label only")
                    .allSatisfy(l -> assertThat(l).containsEntry("alertname", alertname));
            assertThat(alerts.get(0)).containsEntry("host", host).containsEntry("source", "raidpulse")
                    .containsEntry("severity", fired.getSeverity().name().toLowerCase(java.util.Locale.ROOT))
                    .containsKey("alertname");
            boolean closed = incidents.stream().anyMatch(a -> a.getAlertId().equals(fired.getAlertId()) && a.getState() == AlertState.RESOLVED);
            for (int i = 0; i < alerts.size(); i++) {
                boolean last = i == alerts.size() - 1;
                assertThat(byLabels.get(alerts.get(i))).as("Alertmanager notifications of %s", alerts.get(i))
                        .containsExactlyElementsOf(last && !closed ? List.of("firing") : List.of("firing", "resolved"));
            }
        }

        // the same run's capacity figures in InfluxDB agree with its members' util
        CapacityAgreement.check(scenario, windows);
    }

    private static List<JsonNode> ofHost(String channel, String host) {
        return received.get(channel).stream().filter(n -> n.get("host").asText().equals(host)).toList();
    }

    private static List<JsonNode> amOfHost(String host) {
        return received.get("/am").stream().filter(n -> host.equals(n.path("labels").path("host").asText())).toList();
    }

    private static void await(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
    }
}
