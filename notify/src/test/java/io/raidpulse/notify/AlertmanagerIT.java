package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.services.alertmanager.AlertmanagerServer;
import io.raidpulse.topics.alert.Alerts;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Alertmanager channel against Debian's real Alertmanager (0.25), whose webhook receiver is a
 * server in this test: what reaches the receiver is what a pager would get. Each test uses its
 * own hosts; the server keeps running between tests (a test that stops it starts it again).
 */
class AlertmanagerIT {
    /** Short, so a lost re-post would show within a test: Alertmanager resolves what is not posted again this soon. */
    private static final Duration RESOLVE_TIMEOUT = Duration.ofSeconds(6);
    private static final String RESEND_INTERVAL = "2s";
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final TypeReference<Map<String, String>> STRINGS = new TypeReference<>() { };

    @TempDir
    static Path dir;
    static AlertmanagerServer am;
    static HttpServer receiver;
    /** One per alert of each webhook notification Alertmanager sent. */
    static final List<Notification> notifications = new CopyOnWriteArrayList<>();

    record Notification(String status, Map<String, String> labels, Map<String, String> annotations) {
    }

    @BeforeAll
    static void start() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            JsonNode payload = JSON.readTree(exchange.getRequestBody().readAllBytes());
            for (JsonNode a : payload.get("alerts")) {
                notifications.add(new Notification(a.get("status").asText(), JSON.convertValue(a.get("labels"), STRINGS),
                        JSON.convertValue(a.get("annotations"), STRINGS)));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        am = AlertmanagerServer.start(dir.resolve("alertmanager"),
                AlertmanagerServer.webhookConfig("http://127.0.0.1:" + receiver.getAddress().getPort() + "/", RESOLVE_TIMEOUT));
    }

    @AfterAll
    static void stop() {
        if (am != null) {
            am.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    private static AlertmanagerNotifier notifier() {
        return new AlertmanagerNotifier(Settings.of(Map.of("url", am.url(), "resend-interval", RESEND_INTERVAL,
                "dashboard-url", "https://grafana.example.com/d/raidpulse-array?var-host={host}&var-array={subject}")));
    }

    /** md0 on {@code host} saturated by a resync since {@code start} (ms). */
    private static Alert saturated(String host, AlertState state, long start) {
        long event = state == AlertState.RESOLVED ? System.currentTimeMillis() : start + 30_000;
        return Alerts.alert(host, "md0", SubjectKind.ARRAY, AlertKind.SATURATION, state, Severity.WARNING, start, event,
                        host + " md0 saturated: util 99.0% for 30 s, busiest member sdc (md resync running on md0)")
                .setCause("md resync running on md0").setBusiestMember("sdc").setPeakUtil(100.0).setMeanUtil(99.0)
                .setEvidence(List.of("util 99.0% mean >= 95.0% for 30 s (3 samples)"))
                .setDetails(Map.of("consumers", "md resync 70%, postgresql@15-main.service 30% (mostly writes)", "top_consumer", "md resync",
                        "top_consumer_pct", "70", "top_consumer_kind", "sync"))
                .build();
    }

    /** md0 on {@code host} degraded since {@code start} (ms). */
    private static Alert degraded(String host, AlertState state, long start) {
        return Alerts.alert(host, "md0", SubjectKind.ARRAY, AlertKind.ARRAY_DEGRADED, state, Severity.CRITICAL, start,
                state == AlertState.RESOLVED ? System.currentTimeMillis() : start, host + " md0 (raid5) degraded: 1 of 4 members missing").build();
    }

    /** An episode's start a minute ago: its changes share it, and so their alert_id. */
    private static long aMinuteAgo() {
        return System.currentTimeMillis() - 60_000;
    }

    private static List<Notification> of(String host) {
        List<Notification> out = new ArrayList<>();
        notifications.stream().filter(n -> host.equals(n.labels().get("host"))).forEach(out::add);
        return out;
    }

    private static List<String> statuses(String host) {
        return of(host).stream().map(Notification::status).toList();
    }

    /** The alerts Alertmanager holds for {@code host} (active, silenced or inhibited; resolved ones are not listed). */
    private static List<JsonNode> held(String host) throws Exception {
        String filter = URLEncoder.encode("host=\"" + host + "\"", StandardCharsets.UTF_8);
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(am.url() + "/api/v2/alerts?filter=" + filter)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        List<JsonNode> out = new ArrayList<>();
        JSON.readTree(r.body()).forEach(out::add);
        return out;
    }

    @Test
    void aFiringAndItsResolvedReachTheReceiverOnceEachWithTheEpisodesLabels() throws Exception {
        String host = "db-a";
        long start = aMinuteAgo();
        try (AlertmanagerNotifier n = notifier()) {
            n.send(saturated(host, AlertState.FIRING, start));
            await().atMost(WAIT).until(() -> statuses(host).contains("firing"));
            Notification firing = of(host).get(0);
            assertThat(firing.labels()).containsEntry("alertname", "MdArraySaturated").containsEntry("host", host)
                    .containsEntry("array", "md0").containsEntry("severity", "warning").containsEntry("cause", "md resync running on md0")
                    .containsEntry("source", "raidpulse");
            assertThat(firing.annotations()).containsEntry("summary", host + " md0 saturated: util 99.0% for 30 s, busiest member sdc "
                    + "(md resync running on md0)").containsEntry("dashboard", "https://grafana.example.com/d/raidpulse-array?var-host=db-a&var-array=md0")
                    .containsEntry("top_consumer", "md resync").containsEntry("top_consumer_pct", "70").containsEntry("top_consumer_kind", "sync")
                    .containsEntry("consumers", "md resync 70%, postgresql@15-main.service 30% (mostly writes)");

            // longer than resolve_timeout without a state change: the re-posts keep it firing
            Thread.sleep(RESOLVE_TIMEOUT.toMillis() + 3_000);
            assertThat(statuses(host)).as("no resolve by timeout while the episode is open").containsExactly("firing");
            assertThat(held(host)).hasSize(1);
            assertThat(held(host).get(0).get("status").get("state").asText()).isEqualTo("active");

            n.send(saturated(host, AlertState.RESOLVED, start));
            await().atMost(WAIT).until(() -> statuses(host).contains("resolved"));
            Thread.sleep(2_000); // group_interval twice: a repeat would have come
            assertThat(statuses(host)).containsExactly("firing", "resolved");
            assertThat(of(host).get(1).labels()).isEqualTo(firing.labels());
            assertThat(n.firing()).isZero();
        }
    }

    @Test
    void anAlertmanagerRestartedMidIncidentLearnsTheAlertFromTheRepostsAndTheResolvedArrives() throws Exception {
        String host = "db-b";
        long start = aMinuteAgo();
        try (AlertmanagerNotifier n = notifier()) {
            n.send(degraded(host, AlertState.FIRING, start));
            await().atMost(WAIT).until(() -> statuses(host).contains("firing"));
            am.stop();
            am.restart();
            // Alertmanager keeps alerts in memory only (silences and its notification log are on disk): only a re-post brings it back
            await().atMost(WAIT).until(() -> held(host).size() == 1);
            assertThat(held(host).get(0).get("labels").get("alertname").asText()).isEqualTo("MdArrayDegraded");
            n.send(degraded(host, AlertState.RESOLVED, start));
            await().atMost(WAIT).until(() -> statuses(host).contains("resolved"));
            assertThat(of(host)).allSatisfy(x -> assertThat(x.labels()).containsEntry("alertname", "MdArrayDegraded")
                    .containsEntry("severity", "critical").containsEntry("array", "md0"));
        } finally {
            am.restart();
        }
    }

    @Test
    void aSilenceMadeInAlertmanagerKeepsTheNotificationFromTheReceiver() throws Exception {
        String silenced = "db-c";
        String control = "db-c2";
        long start = aMinuteAgo();
        Instant now = Instant.now();
        String silence = JSON.createObjectNode()
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("matchers", JSON.createArrayNode()
                        .add(JSON.createObjectNode().put("name", "alertname").put("value", "MdArrayDegraded").put("isRegex", false).put("isEqual", true))
                        .add(JSON.createObjectNode().put("name", "host").put("value", silenced).put("isRegex", false).put("isEqual", true)))
                .put("startsAt", now.minusSeconds(60).toString()).put("endsAt", now.plusSeconds(3600).toString())
                .put("createdBy", "AlertmanagerIT").put("comment", "disk swap on " + silenced).toString();
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(am.url() + "/api/v2/silences"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(silence)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        String silenceId = JSON.readTree(created.body()).get("silenceID").asText();

        try (AlertmanagerNotifier n = notifier()) {
            n.send(degraded(silenced, AlertState.FIRING, start));
            n.send(degraded(control, AlertState.FIRING, start));
            await().atMost(WAIT).until(() -> statuses(control).contains("firing"));
            Thread.sleep(2_000); // group_wait and group_interval have passed for both
            assertThat(of(silenced)).as("silenced").isEmpty();
            List<JsonNode> held = held(silenced);
            assertThat(held).as("it reached Alertmanager").hasSize(1);
            assertThat(held.get(0).get("status").get("state").asText()).isEqualTo("suppressed");
            assertThat(held.get(0).get("status").get("silencedBy").get(0).asText()).isEqualTo(silenceId);

            n.send(degraded(silenced, AlertState.RESOLVED, start));
            n.send(degraded(control, AlertState.RESOLVED, start));
            await().atMost(WAIT).until(() -> statuses(control).contains("resolved"));
            assertThat(of(silenced)).isEmpty();
        }
    }

    @Test
    void anAlertmanagerDownWhenTheFiringIsSentLosesNothingOnceItIsBack() throws Exception {
        String host = "db-d";
        long start = aMinuteAgo();
        Alert firing = degraded(host, AlertState.FIRING, start);
        try (AlertmanagerNotifier n = notifier()) {
            am.stop();
            assertThatThrownBy(() -> n.send(firing)).isInstanceOfSatisfying(NotificationException.class, e -> {
                assertThat(e.retriable()).as("the runner retries it with backoff").isTrue();
                assertThat(e.getMessage()).startsWith("alertmanager 127.0.0.1 not reachable");
            });
            assertThat(n.firing()).isZero();
            am.restart();
            n.send(firing); // the runner's retry
            await().atMost(WAIT).until(() -> statuses(host).contains("firing"));
            n.send(degraded(host, AlertState.RESOLVED, start));
            await().atMost(WAIT).until(() -> statuses(host).contains("resolved"));
            assertThat(statuses(host)).containsExactly("firing", "resolved");
        } finally {
            am.restart();
        }
    }
}
