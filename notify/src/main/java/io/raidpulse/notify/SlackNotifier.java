package io.raidpulse.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.topics.alert.Alerts;
import java.net.URI;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * POSTs each alert state change to a Slack incoming webhook, in Slack's message format: a
 * top-level {@code text} (the one line a notification or a client without attachments shows)
 * and one attachment, whose {@code color} is the bar beside it: {@code danger} for a CRITICAL
 * FIRING, {@code warning} for a WARNING one, {@code #439FE0} for INFO alerts and PROGRESS
 * updates, {@code good} for RESOLVED. The attachment's {@code title} says what and where, its
 * {@code text} the summary and the evidence lines, its {@code fields} host, array or device,
 * kind, severity, cause, busiest member, peak and mean %util, start and end time (UTC) and the
 * kind's details. Attachments rather than Block Kit blocks: blocks have no coloured bar, and
 * Slack keeps attachments for incoming webhooks.
 *
 * <p>Settings under {@code notify.NAME.}: {@code url} (required; the webhook URL is its own
 * secret and is never logged or shown), {@code channel}, {@code username}, {@code icon-emoji}
 * (honoured by legacy webhooks; a Slack app's webhook posts to the channel chosen when it was
 * installed, as the app), {@code timeout} (10 s). Failures are retried as the webhook's are
 * ({@link JsonPost}).
 */
public final class SlackNotifier implements Notifier {
    static final Key<String> CHANNEL = Keys.string(Notifiers.CHANNEL_KEYS + "channel", null, "slack: channel to post in (legacy webhooks)");
    static final Key<String> USERNAME = Keys.string(Notifiers.CHANNEL_KEYS + "username", null, "slack: name to post as (legacy webhooks)");
    static final Key<String> ICON_EMOJI = Keys.string(Notifiers.CHANNEL_KEYS + "icon-emoji", null,
            "slack: emoji to post with (legacy webhooks)");

    /** A key's name as this channel's own settings ({@code notify.NAME.} removed) write it. */
    private static String key(Key<?> key) {
        return Notifiers.own(key).name();
    }
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Slack's own colour names, and the blue its documentation shows for neutral messages. */
    static final String DANGER = "danger";
    static final String WARNING = "warning";
    static final String GOOD = "good";
    static final String NEUTRAL = "#439FE0";
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final URI url;
    private final Identity identity;
    private final JsonPost post;

    /** Who the message claims to come from and where it goes; null fields are left to the webhook's own. */
    record Identity(String channel, String username, String iconEmoji) {
    }

    public SlackNotifier(Settings settings) {
        url = JsonPost.url(settings, "https://hooks.slack.com/services/T000/B000/XXXX");
        String emoji = settings.get(Notifiers.own(ICON_EMOJI));
        if (emoji != null && !emoji.matches(":[a-z0-9_+\\-']+:")) {
            throw new ConfigException(key(ICON_EMOJI), "expected an emoji code like :rotating_light:, got " + settings.shown(key(ICON_EMOJI)));
        }
        identity = new Identity(settings.get(Notifiers.own(CHANNEL)), settings.get(Notifiers.own(USERNAME)), emoji);
        Duration timeout = settings.get(Notifiers.own(JsonPost.TIMEOUT));
        post = new JsonPost("slack", JsonPost.client(timeout), timeout);
    }

    @Override
    public void send(Alert alert) throws NotificationException {
        post.post(url, body(alert, identity), Map.of());
    }

    /** The bar's colour: by state, then severity. */
    static String color(Alert a) {
        if (a.getState() == AlertState.RESOLVED) {
            return GOOD;
        }
        if (a.getState() == AlertState.PROGRESS || a.getSeverity() == Severity.INFO) {
            return NEUTRAL;
        }
        return a.getSeverity() == Severity.CRITICAL ? DANGER : WARNING;
    }

    /** The message for one state change. */
    static String body(Alert a, Identity identity) {
        ObjectNode n = JSON.createObjectNode();
        String line = "[" + a.getState() + " " + a.getSeverity() + "] " + a.getSummary();
        n.put("text", escape(line));
        if (identity.channel() != null) {
            n.put("channel", identity.channel());
        }
        if (identity.username() != null) {
            n.put("username", identity.username());
        }
        if (identity.iconEmoji() != null) {
            n.put("icon_emoji", identity.iconEmoji());
        }
        ObjectNode att = n.putArray("attachments").addObject();
        att.put("fallback", escape(line));
        att.put("color", color(a));
        att.put("title", escape(a.getState() + ": " + a.getKind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " on "
                + a.getHost() + (a.getSubject().equals(a.getHost()) ? "" : " " + a.getSubject())));
        StringBuilder text = new StringBuilder(a.getSummary());
        a.getEvidence().forEach(e -> text.append("\n• ").append(e));
        att.put("text", escape(text.toString()));
        ArrayNode fields = att.putArray("fields");
        field(fields, "Host", a.getHost(), true);
        switch (a.getSubjectKind()) {
            case ARRAY -> field(fields, "Array", a.getSubject(), true);
            case DEVICE -> field(fields, "Device", a.getSubject(), true);
            case HOST -> {
                // the host is the subject: said once above
            }
        }
        field(fields, "Kind", a.getKind().name(), true);
        field(fields, "Severity", a.getSeverity().name(), true);
        if (a.getCause() != null) {
            field(fields, "Cause", a.getCause(), false);
        }
        if (a.getBusiestMember() != null) {
            field(fields, "Busiest member", a.getBusiestMember(), true);
        }
        if (a.getPeakUtil() != null) {
            field(fields, "Peak util", Alerts.oneDecimal(a.getPeakUtil()) + "%", true);
        }
        if (a.getMeanUtil() != null) {
            field(fields, "Mean util", Alerts.oneDecimal(a.getMeanUtil()) + "%", true);
        }
        field(fields, "Started", UTC.format(a.getStartTime()), true);
        if (a.getEndTime() != null) {
            field(fields, "Ended", UTC.format(a.getEndTime()) + " (after " + Alerts.duration(
                    a.getEndTime().toEpochMilli() - a.getStartTime().toEpochMilli()) + ")", true);
        }
        if (!a.getDetails().isEmpty()) {
            StringBuilder details = new StringBuilder();
            new TreeMap<>(a.getDetails()).forEach((k, v) -> details.append(details.length() == 0 ? "" : "\n")
                    .append(k).append(": ").append(v));
            field(fields, "Details", details.toString(), false);
        }
        att.put("footer", escape("raidpulse " + a.getAlertId()));
        att.put("ts", a.getEventTime().getEpochSecond());
        return n.toString();
    }

    private static void field(ArrayNode fields, String title, String value, boolean isShort) {
        fields.addObject().put("title", title).put("value", escape(value)).put("short", isShort);
    }

    /** Slack reads {@code &}, {@code <} and {@code >} as markup (links, mentions): they are sent as entities. */
    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
