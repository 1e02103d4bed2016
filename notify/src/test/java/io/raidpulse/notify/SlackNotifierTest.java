package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.alert.Alerts;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SlackNotifierTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The secret part of a Slack webhook URL: its path. */
    private static final String HOOK_PATH = "/services/T0001/B0002/s3cr3tXYZ";

    private HttpServer server;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> contentTypes = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(200);
    private final AtomicReference<String> answer = new AtomicReference<>("ok");

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(HOOK_PATH, exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
            byte[] a = answer.get().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status.get(), a.length);
            exchange.getResponseBody().write(a);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private SlackNotifier notifier(Map<String, String> extra) {
        Map<String, String> s = new java.util.HashMap<>(extra);
        s.put("url", "http://127.0.0.1:" + server.getAddress().getPort() + HOOK_PATH);
        return new SlackNotifier(Settings.of(s));
    }

    private static Alert degraded(AlertState state) {
        return Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.ARRAY_DEGRADED, state, Severity.CRITICAL, 1_000, 7_201_000,
                "db1 md0 (raid5) degraded: 1 of 4 members missing").setDetails(Map.of("degraded", "1", "raid_disks", "4")).build();
    }

    private static Alert withSeverity(AlertState state, Severity severity) {
        return Alerts.alert("db1", "sdb", SubjectKind.DEVICE, AlertKind.SATURATION, state, severity, 1_000, 31_000, "db1 sdb saturated").build();
    }

    private static List<String> fieldTitles(JsonNode attachment) {
        List<String> titles = new ArrayList<>();
        attachment.get("fields").forEach(f -> titles.add(f.get("title").asText()));
        return titles;
    }

    private static String field(JsonNode attachment, String title) {
        for (JsonNode f : attachment.get("fields")) {
            if (f.get("title").asText().equals(title)) {
                return f.get("value").asText();
            }
        }
        return null;
    }

    @Test
    void aFiringIsASlackMessageWithAColouredAttachmentHoldingTheAlert() throws Exception {
        JsonNode body = JSON.readTree(SlackNotifier.body(WebhookNotifierTest.alert(), new SlackNotifier.Identity("#storage", "raidpulse",
                ":rotating_light:")));
        assertThat(body.get("text").asText())
                .isEqualTo("[FIRING INFO] db1 md0 saturated: util 99.0% for 30 s, busiest member sdc (md check running on md0)");
        assertThat(body.get("channel").asText()).isEqualTo("#storage");
        assertThat(body.get("username").asText()).isEqualTo("raidpulse");
        assertThat(body.get("icon_emoji").asText()).isEqualTo(":rotating_light:");
        JsonNode att = body.get("attachments").get(0);
        assertThat(att.get("fallback").asText()).isEqualTo(body.get("text").asText());
        assertThat(att.get("color").asText()).as("INFO").isEqualTo("#439FE0");
        assertThat(att.get("title").asText()).isEqualTo("FIRING: saturation on db1 md0");
        assertThat(att.get("text").asText()).isEqualTo("db1 md0 saturated: util 99.0% for 30 s, busiest member sdc (md check running on md0)"
                + "\n• util 99.0% mean &gt;= 95.0% for 30 s (3 samples)");
        assertThat(fieldTitles(att)).containsExactly("Host", "Array", "Kind", "Severity", "Cause", "Busiest member", "Peak util",
                "Mean util", "Started", "Details");
        assertThat(field(att, "Cause")).isEqualTo("md check running on md0");
        assertThat(field(att, "Peak util")).isEqualTo("100.0%");
        assertThat(field(att, "Started")).isEqualTo("1970-01-01 00:00:01 UTC");
        assertThat(field(att, "Details")).isEqualTo("samples: 3");
        assertThat(att.get("footer").asText()).isEqualTo("raidpulse db1/md0/SATURATION/1000");
        assertThat(att.get("ts").asLong()).isEqualTo(31);
    }

    @Test
    void theColourSaysStateAndSeverity() throws Exception {
        assertThat(SlackNotifier.color(withSeverity(AlertState.FIRING, Severity.CRITICAL))).isEqualTo("danger");
        assertThat(SlackNotifier.color(withSeverity(AlertState.FIRING, Severity.WARNING))).isEqualTo("warning");
        assertThat(SlackNotifier.color(withSeverity(AlertState.FIRING, Severity.INFO))).isEqualTo("#439FE0");
        assertThat(SlackNotifier.color(withSeverity(AlertState.PROGRESS, Severity.WARNING))).isEqualTo("#439FE0");
        assertThat(SlackNotifier.color(withSeverity(AlertState.RESOLVED, Severity.CRITICAL))).isEqualTo("good");
        JsonNode resolved = JSON.readTree(SlackNotifier.body(degraded(AlertState.RESOLVED), new SlackNotifier.Identity(null, null, null)))
                .get("attachments").get(0);
        assertThat(resolved.get("color").asText()).isEqualTo("good");
        assertThat(field(resolved, "Ended")).isEqualTo("1970-01-01 02:00:01 UTC (after 2 h)");
        JsonNode device = JSON.readTree(SlackNotifier.body(withSeverity(AlertState.FIRING, Severity.CRITICAL),
                new SlackNotifier.Identity(null, null, null)));
        assertThat(device.has("channel")).as("the webhook's own channel").isFalse();
        assertThat(field(device.get("attachments").get(0), "Device")).isEqualTo("sdb");
    }

    @Test
    void slackMarkupCharactersAreSentAsEntities() throws Exception {
        Alert odd = Alerts.alert("db<1>", "md0", SubjectKind.ARRAY, AlertKind.OTHER, AlertState.FIRING, Severity.WARNING, 0, 0,
                "a & b <!channel>").build();
        JsonNode body = JSON.readTree(SlackNotifier.body(odd, new SlackNotifier.Identity(null, null, null)));
        assertThat(body.get("text").asText()).isEqualTo("[FIRING WARNING] a &amp; b &lt;!channel&gt;");
        assertThat(field(body.get("attachments").get(0), "Host")).isEqualTo("db&lt;1&gt;");
    }

    @Test
    void postsToTheWebhookAndClassifiesItsAnswersAsTheWebhookChannelDoes() throws Exception {
        notifier(Map.of("channel", "#ops")).send(degraded(AlertState.FIRING));
        assertThat(bodies).hasSize(1);
        assertThat(contentTypes).containsExactly("application/json");
        JsonNode body = JSON.readTree(bodies.get(0));
        assertThat(body.get("channel").asText()).isEqualTo("#ops");
        assertThat(body.get("attachments").get(0).get("color").asText()).isEqualTo("danger");

        status.set(404);
        answer.set("channel_not_found");
        assertThatThrownBy(() -> notifier(Map.of()).send(degraded(AlertState.FIRING))).isInstanceOfSatisfying(NotificationException.class, e -> {
            assertThat(e.retriable()).isFalse();
            assertThat(e.getMessage()).isEqualTo("slack 127.0.0.1 answered HTTP 404: channel_not_found").doesNotContain("s3cr3t");
        });
        status.set(500);
        answer.set("rollup_error");
        assertThatThrownBy(() -> notifier(Map.of()).send(degraded(AlertState.FIRING))).isInstanceOfSatisfying(NotificationException.class,
                e -> assertThat(e.retriable()).isTrue());
        server.stop(0);
        assertThatThrownBy(() -> notifier(Map.of()).send(degraded(AlertState.FIRING))).isInstanceOfSatisfying(NotificationException.class, e -> {
            assertThat(e.retriable()).isTrue();
            assertThat(e.getMessage()).startsWith("slack 127.0.0.1 not reachable").doesNotContain("s3cr3t");
        });
    }

    @Test
    void mistakesNameTheKeyAndNeverShowTheUrl() {
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "chat:slack"))))
                .isInstanceOf(ConfigException.class).hasMessage("config notify.chat.url: is required and not set");
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "chat:slack", "notify.chat.url", "hooks.slack.com/s3cr3t"))))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("config notify.chat.url: expected an http(s) URL like "
                        + "https://hooks.slack.com/services/T000/B000/XXXX").hasMessageNotContaining("s3cr3t");
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "chat:slack", "notify.chat.url", "https://hooks.slack.com/x",
                "notify.chat.icon-emoji", "siren"))))
                .isInstanceOf(ConfigException.class)
                .hasMessage("config notify.chat.icon-emoji: expected an emoji code like :rotating_light:, got 'siren'");
        assertThat(Notifiers.from(Settings.of(Map.of("notify.channels", "chat:slack", "notify.chat.url", "https://hooks.slack.com/x")))
                .get(0).notifier()).isInstanceOf(SlackNotifier.class);
    }
}
