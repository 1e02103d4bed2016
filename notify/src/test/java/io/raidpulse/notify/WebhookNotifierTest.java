package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.alert.Alerts;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WebhookNotifierTest {
    private HttpServer server;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> auth = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(200);

    static Alert alert() {
        return Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.SATURATION, AlertState.FIRING, Severity.INFO, 1000, 31_000,
                        "db1 md0 saturated: util 99.0% for 30 s, busiest member sdc (md check running on md0)")
                .setCause("md check running on md0").setBusiestMember("sdc").setPeakUtil(100.0).setMeanUtil(99.0)
                .setEvidence(List.of("util 99.0% mean >= 95.0% for 30 s (3 samples)")).setDetails(Map.of("samples", "3")).build();
    }

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hook", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            auth.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] answer = (status.get() == 200 ? "ok" : "nope").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status.get(), answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private WebhookNotifier notifier() {
        return new WebhookNotifier(Settings.of(Map.of("url", "http://127.0.0.1:" + server.getAddress().getPort() + "/hook",
                "header.Authorization", "Bearer abc")));
    }

    @Test
    void postsSlackCompatibleJsonWithTheAlert() throws Exception {
        notifier().send(alert());
        JsonNode body = new ObjectMapper().readTree(bodies.get(0));
        assertThat(body.get("text").asText())
                .isEqualTo("[FIRING INFO] db1 md0 saturated: util 99.0% for 30 s, busiest member sdc (md check running on md0)");
        assertThat(body.get("dedupe_key").asText()).isEqualTo("db1/md0/SATURATION/1000/FIRING");
        assertThat(body.get("cause").asText()).isEqualTo("md check running on md0");
        assertThat(body.get("state").asText()).isEqualTo("firing");
        assertThat(body.get("evidence").get(0).asText()).startsWith("util 99.0%");
        assertThat(body.get("details").get("samples").asText()).isEqualTo("3");
        assertThat(auth).containsExactly("Bearer abc");
    }

    @Test
    void serverErrorsAndThrottlingAreRetriableOtherRefusalsAreNot() {
        status.set(503);
        assertThatThrownBy(() -> notifier().send(alert())).isInstanceOfSatisfying(NotificationException.class,
                e -> assertThat(e.retriable()).isTrue());
        status.set(429);
        assertThatThrownBy(() -> notifier().send(alert())).isInstanceOfSatisfying(NotificationException.class,
                e -> assertThat(e.retriable()).isTrue());
        status.set(400);
        assertThatThrownBy(() -> notifier().send(alert())).isInstanceOfSatisfying(NotificationException.class, e -> {
            assertThat(e.retriable()).isFalse();
            assertThat(e.getMessage()).contains("HTTP 400: nope");
        });
    }

    @Test
    void aRefusedCredentialIsRetriedNotSkippedAndNeverShown() {
        for (int refused : new int[] {401, 403}) {
            status.set(refused);
            assertThatThrownBy(() -> notifier().send(alert())).isInstanceOfSatisfying(NotificationException.class, e -> {
                assertThat(e.retriable()).as("HTTP %d", refused).isTrue();
                assertThat(e.getMessage()).contains("HTTP " + refused).doesNotContain("Bearer abc").doesNotContain("/hook");
            });
        }
    }

    @Test
    void anUnreachableReceiverIsRetriable() {
        server.stop(0);
        assertThatThrownBy(() -> notifier().send(alert())).isInstanceOfSatisfying(NotificationException.class,
                e -> assertThat(e.retriable()).isTrue());
    }
}
