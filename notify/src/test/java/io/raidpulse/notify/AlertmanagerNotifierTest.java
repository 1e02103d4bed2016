package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.services.kafka.SelfSignedTls;
import io.raidpulse.topics.alert.Alerts;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Alertmanager channel's payload, headers, re-posting and settings, against a plain HTTP server; AlertmanagerIT runs the real one. */
class AlertmanagerNotifierTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private HttpServer server;
    /** Every request: path, Authorization header, body. */
    private final List<String[]> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(200);

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            requests.add(new String[] {exchange.getRequestURI().getPath(), String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)});
            byte[] answer = (status.get() == 200 ? "" : "{\"code\":400,\"message\":\"bad alert\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status.get(), answer.length == 0 ? -1 : answer.length);
            if (answer.length > 0) {
                exchange.getResponseBody().write(answer);
            }
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private AlertmanagerNotifier notifier(String... keyValues) {
        Map<String, String> s = new HashMap<>();
        s.put("url", base());
        for (int i = 0; i < keyValues.length; i += 2) {
            s.put(keyValues[i], keyValues[i + 1]);
        }
        return new AlertmanagerNotifier(Settings.of(s));
    }

    static Alert alert(AlertKind kind, SubjectKind subjectKind, String subject, AlertState state, Severity severity, Map<String, String> details) {
        return Alerts.alert("db1", subject, subjectKind, kind, state, severity, 1_000, 61_000, "db1 " + subject + " " + kind)
                .setDetails(details).build();
    }

    private static Alert saturated(AlertState state, Severity severity, String cause) {
        return Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.SATURATION, state, severity, 1_000, 61_000,
                        "db1 md0 saturated: util 99.0% for 30 s, busiest member sdc")
                .setCause(cause).setBusiestMember("sdc").setPeakUtil(100.0).setMeanUtil(99.0)
                .setEvidence(List.of("util 99.0% mean >= 95.0% for 30 s (3 samples)")).setDetails(Map.of("samples", "3")).build();
    }

    /** The alerts of each POST. */
    private List<JsonNode> posts() throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String[] r : requests) {
            out.add(JSON.readTree(r[2]));
        }
        return out;
    }

    @Test
    void everyKindHasTheAlertNamePrometheusUsersExpect() {
        Map<String, String> none = Map.of();
        assertThat(AlertmanagerNotifier.alertname(alert(AlertKind.SATURATION, SubjectKind.ARRAY, "md0", AlertState.FIRING, Severity.CRITICAL, none)))
                .isEqualTo("MdArraySaturated");
        assertThat(AlertmanagerNotifier.alertname(alert(AlertKind.SATURATION, SubjectKind.DEVICE, "sda", AlertState.FIRING, Severity.CRITICAL, none)))
                .isEqualTo("DiskSaturated");
        for (String rebuild : List.of("recover", "resync", "reshape")) {
            assertThat(AlertmanagerNotifier.alertname(alert(AlertKind.SYNC, SubjectKind.ARRAY, "md0", AlertState.FIRING, Severity.WARNING,
                    Map.of("sync_action", rebuild)))).as(rebuild).isEqualTo("MdArrayRebuilding");
        }
        for (String check : List.of("check", "repair")) {
            assertThat(AlertmanagerNotifier.alertname(alert(AlertKind.SYNC, SubjectKind.ARRAY, "md0", AlertState.FIRING, Severity.INFO,
                    Map.of("sync_action", check)))).as(check).isEqualTo("MdArrayChecking");
        }
        Map<AlertKind, String> names = Map.of(AlertKind.ARRAY_DEGRADED, "MdArrayDegraded", AlertKind.MEMBER_FAULTY, "MdMemberFaulty",
                AlertKind.MISMATCH, "MdMismatchesFound", AlertKind.CAPACITY, "ArrayOverCapacity", AlertKind.NO_SPARE, "MdArrayNoSpare",
                AlertKind.ARRAY_INACTIVE, "MdArrayInactive", AlertKind.CAPACITY_FORECAST, "ArrayCapacityForecast", AlertKind.OTHER, "RaidpulseAlert");
        names.forEach((kind, name) -> assertThat(AlertmanagerNotifier.alertname(alert(kind, SubjectKind.ARRAY, "md0", AlertState.FIRING,
                Severity.WARNING, none))).as(kind.name()).isEqualTo(name));
    }

    @Test
    void aSaturationsConsumersAreAnnotationsAndNeverLabels() throws Exception {
        Map<String, String> details = Map.of("samples", "3", "consumers", "backup.service 60% (mostly reads), postgresql@15-main.service 40% "
                + "(mostly writes)", "top_consumer", "backup.service", "top_consumer_pct", "60", "top_consumer_kind", "service",
                "consumer_started", "backup.service", "consumer_started_at", "2026-01-01T02:00:00Z", "consumer_util_before", "45");
        Alert firing = Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.SATURATION, AlertState.FIRING, Severity.CRITICAL, 1_000, 61_000,
                "db1 md0 saturated: util 100.0% for 30 s, busiest member sda; 60% of its member load from backup.service (mostly reads), 40% "
                        + "from postgresql@15-main.service (mostly writes); backup.service started 02:00 UTC and brought md0 from 45% to 100%")
                .setDetails(details).build();
        try (AlertmanagerNotifier n = notifier()) {
            n.send(firing);
        }
        JsonNode a = posts().get(0).get(0);
        assertThat(JSON.convertValue(a.get("annotations"), Map.class)).containsEntry("top_consumer", "backup.service")
                .containsEntry("top_consumer_pct", "60").containsEntry("top_consumer_kind", "service")
                .containsEntry("consumers", details.get("consumers")).containsEntry("consumer_started", "backup.service")
                .containsEntry("consumer_started_at", "2026-01-01T02:00:00Z").containsEntry("summary", firing.getSummary());
        assertThat(a.get("annotations").get("description").asText()).contains("consumer_util_before: 45");
        assertThat(JSON.convertValue(a.get("labels"), Map.class)).doesNotContainKeys("consumers", "top_consumer", "consumer_started");
    }

    @Test
    void labelsNameTheHostTheArrayOrDeviceTheSeverityAndTheCause() {
        JsonNode array = AlertmanagerNotifier.labels(saturated(AlertState.FIRING, Severity.WARNING, "md resync running on md0"));
        assertThat(JSON.convertValue(array, Map.class)).isEqualTo(Map.of("alertname", "MdArraySaturated", "host", "db1", "array", "md0",
                "severity", "warning", "cause", "md resync running on md0", "source", "raidpulse"));
        JsonNode member = AlertmanagerNotifier.labels(alert(AlertKind.MEMBER_FAULTY, SubjectKind.DEVICE, "sdb", AlertState.FIRING,
                Severity.WARNING, Map.of("array", "md0")));
        assertThat(JSON.convertValue(member, Map.class)).isEqualTo(Map.of("alertname", "MdMemberFaulty", "host", "db1", "device", "sdb",
                "array", "md0", "severity", "warning", "source", "raidpulse"));
        // an array's two forecasts (70% and 100%) are two Alertmanager alerts
        JsonNode forecast = AlertmanagerNotifier.labels(alert(AlertKind.CAPACITY_FORECAST, SubjectKind.ARRAY, "md0", AlertState.FIRING,
                Severity.INFO, Map.of("threshold_pct", "70", "crossing", "2027-03-01T00:00:00Z")));
        assertThat(JSON.convertValue(forecast, Map.class)).isEqualTo(Map.of("alertname", "ArrayCapacityForecast", "host", "db1",
                "array", "md0", "severity", "info", "threshold", "70", "source", "raidpulse"));
    }

    @Test
    void aFiringIsPostedWithoutAnEndToTheV2ApiUnderTheBasePath() throws Exception {
        try (AlertmanagerNotifier n = notifier("url", base() + "/am/",
                "dashboard-url", "https://grafana.example.com/d/x?var-host={host}&var-array={subject}")) {
            n.send(saturated(AlertState.FIRING, Severity.CRITICAL, null));
        }
        assertThat(requests).hasSize(1);
        assertThat(requests.get(0)[0]).isEqualTo("/am/api/v2/alerts");
        assertThat(requests.get(0)[1]).as("no credentials configured").isEqualTo("null");
        JsonNode a = posts().get(0).get(0);
        assertThat(a.get("startsAt").asText()).isEqualTo("1970-01-01T00:00:01Z");
        assertThat(a.has("endsAt")).as("Alertmanager keeps it for resolve_timeout from each post").isFalse();
        assertThat(a.get("labels").get("severity").asText()).isEqualTo("critical");
        assertThat(a.get("labels").has("cause")).isFalse();
        assertThat(a.get("annotations").get("summary").asText()).isEqualTo("db1 md0 saturated: util 99.0% for 30 s, busiest member sdc");
        assertThat(a.get("annotations").get("description").asText()).isEqualTo("util 99.0% mean >= 95.0% for 30 s (3 samples)\n"
                + "busiest member: sdc\npeak util: 100.0%\nmean util: 99.0%\nsamples: 3");
        assertThat(a.get("annotations").get("alert_id").asText()).isEqualTo("db1/md0/SATURATION/1000");
        assertThat(a.get("annotations").get("dashboard").asText()).isEqualTo("https://grafana.example.com/d/x?var-host=db1&var-array=md0");
        assertThat(a.get("generatorURL").asText()).isEqualTo("https://grafana.example.com/d/x?var-host=db1&var-array=md0");
    }

    @Test
    void progressAndResolvedCarryTheLabelsOfTheirFiring() throws Exception {
        try (AlertmanagerNotifier n = notifier()) {
            n.send(saturated(AlertState.FIRING, Severity.WARNING, "md resync running on md0"));
            // the cause went away and the severity rose meanwhile: still the same Alertmanager alert
            n.send(saturated(AlertState.PROGRESS, Severity.CRITICAL, null));
            n.send(saturated(AlertState.RESOLVED, Severity.CRITICAL, null));
        }
        List<JsonNode> posts = posts();
        assertThat(posts).hasSize(3);
        assertThat(posts.get(1).get(0).get("labels")).isEqualTo(posts.get(0).get(0).get("labels"));
        assertThat(posts.get(2).get(0).get("labels")).isEqualTo(posts.get(0).get(0).get("labels"));
        assertThat(posts.get(2).get(0).get("labels").get("severity").asText()).isEqualTo("warning");
        assertThat(posts.get(2).get(0).get("endsAt").asText()).isEqualTo("1970-01-01T00:01:01Z");
    }

    @Test
    void aResolvedEndsNoLaterThanNowAndNoEarlierThanItsStart() throws Exception {
        long now = System.currentTimeMillis();
        Alert ahead = Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.ARRAY_DEGRADED, AlertState.RESOLVED, Severity.CRITICAL,
                now - 60_000, now + 3_600_000, "db1 md0 no longer degraded").build();
        Alert startsAhead = Alerts.alert("db1", "md1", SubjectKind.ARRAY, AlertKind.ARRAY_DEGRADED, AlertState.RESOLVED, Severity.CRITICAL,
                now + 3_600_000, now + 3_700_000, "db1 md1 no longer degraded").build();
        try (AlertmanagerNotifier n = notifier()) {
            n.send(ahead);
            n.send(startsAhead);
        }
        Instant end = Instant.parse(posts().get(0).get(0).get("endsAt").asText());
        assertThat(end).isBetween(Instant.ofEpochMilli(now), Instant.now());
        JsonNode second = posts().get(1).get(0);
        assertThat(second.get("endsAt").asText()).isEqualTo(second.get("startsAt").asText());
    }

    @Test
    void firingAlertsAreRepostedTogetherUntilResolvedOrReleased() throws Exception {
        Alert md0 = alert(AlertKind.ARRAY_DEGRADED, SubjectKind.ARRAY, "md0", AlertState.FIRING, Severity.CRITICAL, Map.of());
        Alert md1 = alert(AlertKind.ARRAY_DEGRADED, SubjectKind.ARRAY, "md1", AlertState.FIRING, Severity.CRITICAL, Map.of());
        try (AlertmanagerNotifier n = notifier("resend-interval", "1s")) {
            n.send(md0);
            n.send(md1);
            await().atMost(Duration.ofSeconds(10)).until(() -> requests.size() >= 3);
            JsonNode repost = posts().get(2);
            assertThat(repost).hasSize(2);
            assertThat(repost.get(0).get("labels").get("array").asText()).isEqualTo("md0");
            assertThat(repost.get(1).get("labels").get("array").asText()).isEqualTo("md1");
            assertThat(repost.get(0).has("endsAt")).isFalse();

            n.send(alert(AlertKind.ARRAY_DEGRADED, SubjectKind.ARRAY, "md0", AlertState.RESOLVED, Severity.CRITICAL, Map.of()));
            int afterResolved = requests.size();
            await().atMost(Duration.ofSeconds(10)).until(() -> requests.size() > afterResolved);
            JsonNode later = posts().get(afterResolved);
            assertThat(later).hasSize(1);
            assertThat(later.get(0).get("labels").get("array").asText()).isEqualTo("md1");

            n.released(Set.of(md1.getAlertId()));
            assertThat(n.firing()).isZero();
            Thread.sleep(1_500);
            int settled = requests.size();
            Thread.sleep(2_500);
            assertThat(requests).as("nothing left to re-post").hasSize(settled);
        }
    }

    @Test
    void resumedEpisodesArePostedAtOnceWithTheirFiringsLabelsThenRepostedUntilResolved() throws Exception {
        Alert firing = saturated(AlertState.FIRING, Severity.WARNING, "md resync running on md0");
        Alert progress = Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.SATURATION, AlertState.PROGRESS, Severity.CRITICAL,
                1_000, 91_000, "db1 md0 saturated for 90 s").build();
        try (AlertmanagerNotifier n = notifier("resend-interval", "1h")) {
            n.resumed(List.of(new OpenEpisode(firing, progress)));
            // not after an interval: the last post before the restart may be nearly resolve_timeout old
            await().atMost(Duration.ofSeconds(10)).until(() -> requests.size() == 1);
            JsonNode posted = posts().get(0).get(0);
            assertThat(posted.get("labels").get("severity").asText()).as("the FIRING's").isEqualTo("warning");
            assertThat(posted.get("labels").get("cause").asText()).isEqualTo("md resync running on md0");
            assertThat(posted.get("annotations").get("summary").asText()).as("the last change's").isEqualTo("db1 md0 saturated for 90 s");
            assertThat(posted.has("endsAt")).isFalse();
            assertThat(n.firing()).isOne();

            n.send(saturated(AlertState.RESOLVED, Severity.CRITICAL, null));
            assertThat(posts().get(1).get(0).get("labels")).isEqualTo(posted.get("labels"));
            assertThat(n.firing()).isZero();
        }
    }

    @Test
    void aDownAlertmanagerIsRetriableAndARefusedResolvedStopsTheReposting() throws Exception {
        Alert firing = alert(AlertKind.ARRAY_DEGRADED, SubjectKind.ARRAY, "md0", AlertState.FIRING, Severity.CRITICAL, Map.of());
        try (AlertmanagerNotifier n = notifier()) {
            n.send(firing);
            status.set(400);
            assertThatThrownBy(() -> n.send(alert(AlertKind.ARRAY_DEGRADED, SubjectKind.ARRAY, "md0", AlertState.RESOLVED, Severity.CRITICAL,
                    Map.of()))).isInstanceOfSatisfying(NotificationException.class, e -> {
                        assertThat(e.retriable()).isFalse();
                        assertThat(e.getMessage()).isEqualTo("alertmanager 127.0.0.1 answered HTTP 400: {\"code\":400,\"message\":\"bad alert\"}");
                    });
            assertThat(n.firing()).as("a RESOLVED refused for good is not re-posted as firing").isZero();
            status.set(503);
            assertThatThrownBy(() -> n.send(firing)).isInstanceOfSatisfying(NotificationException.class, e -> assertThat(e.retriable()).isTrue());
            assertThat(n.firing()).as("only what Alertmanager accepted is re-posted").isZero();
            server.stop(0);
            assertThatThrownBy(() -> n.send(firing)).isInstanceOfSatisfying(NotificationException.class, e -> {
                assertThat(e.retriable()).isTrue();
                assertThat(e.getMessage()).startsWith("alertmanager 127.0.0.1 not reachable");
            });
        }
    }

    @Test
    void basicAuthAndBearerTokensReachTheServerAndAreNeverShown() throws Exception {
        try (AlertmanagerNotifier n = notifier("basic-auth.user", "raidpulse", "basic-auth.password", "pa55word")) {
            n.send(saturated(AlertState.FIRING, Severity.CRITICAL, null));
        }
        try (AlertmanagerNotifier n = notifier("bearer-token", "t0ken-abc")) {
            n.send(saturated(AlertState.FIRING, Severity.CRITICAL, null));
            status.set(401);
            assertThatThrownBy(() -> n.send(saturated(AlertState.FIRING, Severity.CRITICAL, null)))
                    .isInstanceOfSatisfying(NotificationException.class, e -> {
                        assertThat(e.retriable()).as("a rotated secret delays, it does not drop").isTrue();
                        assertThat(e.getMessage()).doesNotContain("t0ken-abc");
                    });
        }
        assertThat(requests.get(0)[1]).isEqualTo("Basic " + Base64.getEncoder().encodeToString("raidpulse:pa55word".getBytes(StandardCharsets.UTF_8)));
        assertThat(requests.get(1)[1]).isEqualTo("Bearer t0ken-abc");

        assertThatThrownBy(() -> notifier("basic-auth.user", "raidpulse")).isInstanceOf(ConfigException.class)
                .hasMessage("config basic-auth.password: is required and not set");
        assertThatThrownBy(() -> notifier("basic-auth.user", "u", "basic-auth.password", "pa55word", "bearer-token", "t0ken-abc"))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("config bearer-token: set either bearer-token or basic-auth.user")
                .hasMessageNotContaining("pa55word").hasMessageNotContaining("t0ken-abc");
        assertThatThrownBy(() -> notifier("bearer-token", "t0ken\nabc")).isInstanceOf(ConfigException.class)
                .hasMessage("config bearer-token: holds characters an HTTP header cannot carry (the value is not shown)");
    }

    @Test
    void tlsSettingsMistakesAreOneLineNamingTheKey() throws Exception {
        Path notPem = Files.writeString(dir.resolve("ca.txt"), "not a certificate\n");
        String https = "https://127.0.0.1:9093";
        assertThatThrownBy(() -> notifier("url", https, "tls.ca-file", dir.resolve("missing.pem").toString()))
                .isInstanceOf(ConfigException.class).hasMessage("config tls.ca-file: file " + dir.resolve("missing.pem") + " does not exist");
        assertThatThrownBy(() -> notifier("url", https, "tls.ca-file", notPem.toString()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("config tls.ca-file: " + notPem + " holds no certificate: expected PEM (-----BEGIN CERTIFICATE-----)");
        assertThatThrownBy(() -> notifier("tls.ca-file", notPem.toString()))
                .isInstanceOf(ConfigException.class).hasMessage("config tls.ca-file: applies to an https:// url only, and url is http://");
        assertThatThrownBy(() -> notifier("url", https, "tls.ca-file", notPem.toString(), "tls.insecure-skip-verify", "true"))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("config tls.insecure-skip-verify: set either tls.ca-file");
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "pager:alertmanager", "notify.pager.url", https,
                "notify.pager.tls.ca-file", notPem.toString()))))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("config notify.pager.tls.ca-file: ");
    }

    @Test
    void otherSettingsMistakesNameTheKey() {
        assertThatThrownBy(() -> notifier("url", base() + "/?x=1")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("config url: expected Alertmanager's base URL, without a query");
        assertThatThrownBy(() -> notifier("resend-interval", "0s")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("config resend-interval: expected a duration from 1s to 1h");
        assertThatThrownBy(() -> notifier("dashboard-url", "grafana/{host}")).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("config dashboard-url: expected an http(s) URL, where {host} and {subject} are filled in");
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "pager:alertmanager"))))
                .isInstanceOf(ConfigException.class).hasMessage("config notify.pager.url: is required and not set");
    }

    /** An HTTPS server with the throw-away localhost certificate, its PEM beside it. */
    private HttpsServer httpsServer(SelfSignedTls tls) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(tls.keyStore())) {
            ks.load(in, tls.password().toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, tls.password().toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        HttpsServer s = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        s.setHttpsConfigurator(new HttpsConfigurator(ctx));
        s.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            requests.add(new String[] {exchange.getRequestURI().getPath(), "", ""});
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        s.start();
        return s;
    }

    @Test
    void httpsIsVerifiedAgainstTheCaFileOrNotAtAllWhenToldTo() throws Exception {
        SelfSignedTls tls = SelfSignedTls.generate(dir.resolve("tls"));
        HttpsServer https = httpsServer(tls);
        try {
            String url = "https://127.0.0.1:" + https.getAddress().getPort();
            Alert a = saturated(AlertState.FIRING, Severity.CRITICAL, null);
            try (AlertmanagerNotifier trusting = notifier("url", url, "tls.ca-file", tls.keyStore().resolveSibling("broker.crt").toString())) {
                trusting.send(a);
            }
            try (AlertmanagerNotifier unverified = notifier("url", url, "tls.insecure-skip-verify", "true")) {
                unverified.send(a);
            }
            try (AlertmanagerNotifier jvmDefault = notifier("url", url)) {
                assertThatThrownBy(() -> jvmDefault.send(a)).as("a certificate the JVM does not trust")
                        .isInstanceOfSatisfying(NotificationException.class, e -> assertThat(e.retriable()).isTrue());
            }
            assertThat(requests).extracting(r -> r[0]).containsExactly("/api/v2/alerts", "/api/v2/alerts");
        } finally {
            https.stop(0);
        }
    }
}
