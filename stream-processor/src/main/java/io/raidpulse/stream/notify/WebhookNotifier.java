package io.raidpulse.stream.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * POSTs each alert state change as JSON to a URL. The body's {@code text} field is a one-line
 * message, so a Slack (or Mattermost, Rocket.Chat) incoming webhook shows it as is; the other
 * fields carry the alert for any other receiver, and {@code dedupe_key} lets a receiver drop the
 * one repeat possible when raidpulse stops between a delivery and its commit.
 *
 * <p>Settings under {@code notify.NAME.}: {@code url} (required), {@code timeout} (default 10 s),
 * {@code header.NAME} extra request headers (e.g. {@code header.Authorization}).
 */
public final class WebhookNotifier implements Notifier {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI url;
    private final Duration timeout;
    private final Map<String, String> headers;
    private final HttpClient http;

    public WebhookNotifier(Settings settings) {
        String u = settings.requiredString("url");
        try {
            url = URI.create(u);
            if (url.getHost() == null || !(url.getScheme().equals("http") || url.getScheme().equals("https"))) {
                throw new IllegalArgumentException();
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException("url", "expected an http(s) URL like https://hooks.example.com/... "
                    + "(the value is not shown: a webhook URL can hold a secret, as Slack's do)");
        }
        timeout = settings.duration("timeout", Duration.ofSeconds(10), Duration.ofMillis(100), Duration.ofMinutes(5));
        headers = settings.withPrefix("header.");
        headers.forEach((name, value) -> {
            try {
                HttpRequest.newBuilder(url).header(name, value);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("header." + name, "is not a header a request may carry (a restricted name such as Host, "
                        + "or characters a header cannot hold)");
            }
        });
        http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The JSON body for one alert. */
    static String body(Alert a) {
        ObjectNode n = JSON.createObjectNode();
        n.put("text", "[" + a.getState() + " " + a.getSeverity() + "] " + a.getSummary());
        n.put("dedupe_key", NotifierRunner.dedupeKey(a));
        n.put("alert_id", a.getAlertId());
        n.put("state", a.getState().name().toLowerCase(Locale.ROOT));
        n.put("severity", a.getSeverity().name().toLowerCase(Locale.ROOT));
        n.put("kind", a.getKind().name().toLowerCase(Locale.ROOT));
        n.put("host", a.getHost());
        n.put("subject", a.getSubject());
        n.put("subject_kind", a.getSubjectKind().name().toLowerCase(Locale.ROOT));
        n.put("summary", a.getSummary());
        n.put("start_time", a.getStartTime().toString());
        n.put("event_time", a.getEventTime().toString());
        if (a.getEndTime() != null) {
            n.put("end_time", a.getEndTime().toString());
        }
        if (a.getPeakUtil() != null) {
            n.put("peak_util", a.getPeakUtil());
        }
        if (a.getMeanUtil() != null) {
            n.put("mean_util", a.getMeanUtil());
        }
        if (a.getBusiestMember() != null) {
            n.put("busiest_member", a.getBusiestMember());
        }
        if (a.getCause() != null) {
            n.put("cause", a.getCause());
        }
        a.getEvidence().forEach(n.putArray("evidence")::add);
        ObjectNode details = n.putObject("details");
        a.getDetails().forEach(details::put);
        return n.toString();
    }

    @Override
    public void send(Alert alert) throws NotificationException {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body(alert)));
        headers.forEach(request::header);
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new NotificationException("webhook " + url.getHost() + " not reachable: " + e, true, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotificationException("interrupted", true, e);
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            return;
        }
        // 401/403: credentials the operator will fix (a rotated secret): retried, as an outage is, so no alert is dropped
        boolean retriable = status >= 500 || status == 408 || status == 429 || status == 401 || status == 403;
        String body = response.body() == null ? "" : response.body().strip();
        throw new NotificationException("webhook " + url.getHost() + " answered HTTP " + status
                + (body.isEmpty() ? "" : ": " + body.substring(0, Math.min(200, body.length()))), retriable, null);
    }
}
