package io.raidpulse.notify;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * One JSON POST of an HTTP channel (webhook, slack, alertmanager) and what its answer means:
 * returns when the receiver accepted it (HTTP 2xx), else throws a {@link NotificationException}
 * that is retriable for an unreachable receiver, HTTP 5xx, 408, 429, 401 and 403 (credentials an
 * operator fixes: a rotated secret delays alerts, it does not drop them), and a refusal for any
 * other answer. Messages name the channel type and the receiver's host only: a URL's path can
 * be its secret (Slack's are), and header values are never shown.
 */
final class JsonPost {

    /** webhook, slack: URL to POST to (secret); alertmanager: base URL. */
    static final Key<String> URL = Keys.required(Notifiers.CHANNEL_KEYS + "url", "webhook, slack: URL to POST to (secret); alertmanager: base URL");
    static final Key<Duration> TIMEOUT = Keys.duration(Notifiers.CHANNEL_KEYS + "timeout", Duration.ofSeconds(10), Duration.ofMillis(100),
            Duration.ofMinutes(5), "webhook, slack, alertmanager: per request");
    /** How much of a refusing receiver's answer a message quotes, in characters. */
    private static final int QUOTED = 200;

    private final String channel;
    private final HttpClient http;
    private final Duration timeout;

    /** {@code channel}: the type named in messages ("webhook"); {@code http} carries the connect timeout and any TLS settings. */
    JsonPost(String channel, HttpClient http, Duration timeout) {
        this.channel = channel;
        this.http = http;
        this.timeout = timeout;
    }

    /** A client that gives up connecting after {@code timeout}. */
    static HttpClient client(Duration timeout) {
        return HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /**
     * The channel's http(s) URL ({@code notify.NAME.url}), required; a malformed one is a {@link ConfigException}
     * that does not show it ({@code example} shows the form expected).
     */
    static URI url(Settings settings, String example) {
        String key = Notifiers.own(URL).name();
        String u = settings.get(Notifiers.own(URL));
        try {
            URI url = URI.create(u);
            if (url.getHost() == null || url.getScheme() == null
                    || !(url.getScheme().equals("http") || url.getScheme().equals("https"))) {
                throw new IllegalArgumentException();
            }
            return url;
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, "expected an http(s) URL like " + example
                    + " (the value is not shown: a webhook URL can hold a secret, as Slack's do)");
        }
    }

    /** Checks that each header can be sent to {@code url}; a restricted name (Host) or a broken value names its key. */
    static void checkHeaders(URI url, Map<String, String> headers, String keyPrefix) {
        headers.forEach((name, value) -> {
            try {
                HttpRequest.newBuilder(url).header(name, value);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(keyPrefix + name, "is not a header a request may carry (a restricted name such as Host, "
                        + "or characters a header cannot hold)");
            }
        });
    }

    /** POSTs {@code json} with {@code headers}; returns once the receiver answered 2xx. */
    void post(URI url, String json, Map<String, String> headers) throws NotificationException {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(request::header);
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new NotificationException(channel + " " + url.getHost() + " not reachable: " + e, true, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotificationException("interrupted", true, e);
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            return;
        }
        boolean retriable = status >= 500 || status == 408 || status == 429 || status == 401 || status == 403;
        // one line: a receiver's error page can span many
        String body = response.body() == null ? "" : response.body().strip().replaceAll("\\s+", " ");
        throw new NotificationException(channel + " " + url.getHost() + " answered HTTP " + status
                + (body.isEmpty() ? "" : ": " + body.substring(0, Math.min(QUOTED, body.length()))), retriable, null);
    }
}
