package io.raidpulse.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import java.net.URI;
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
    static final Key<String> HEADER = Keys.string(Notifiers.CHANNEL_KEYS + "header.HEADER", null, "webhook: extra request header");
    /** The prefix of the header keys, each followed by its header's name. */
    private static final String HEADERS = Notifiers.own(HEADER).name().replace("HEADER", "");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI url;
    private final Map<String, String> headers;
    private final JsonPost post;

    public WebhookNotifier(Settings settings) {
        url = JsonPost.url(settings, "https://hooks.example.com/...");
        Duration timeout = settings.get(Notifiers.own(JsonPost.TIMEOUT));
        headers = settings.withPrefix(HEADERS);
        JsonPost.checkHeaders(url, headers, HEADERS);
        post = new JsonPost("webhook", JsonPost.client(timeout), timeout);
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
        post.post(url, body(alert), headers);
    }
}
