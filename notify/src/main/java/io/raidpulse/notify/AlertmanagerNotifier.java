package io.raidpulse.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.md.SyncAction;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.topics.alert.Alerts;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Posts alerts to a Prometheus Alertmanager ({@code POST /api/v2/alerts}), so its routing,
 * grouping, silences and inhibition apply to raidpulse's alerts as to Prometheus's.
 *
 * <p>Each episode (an incident, as the notifiers read them) is one Alertmanager alert. Its labels
 * come from the episode's FIRING only (kind, host, subject, severity, cause), never from progress
 * figures, so the FIRING, its PROGRESS re-posts and its RESOLVED carry identical labels and
 * Alertmanager sees one alert; only an escalation (a PROGRESS with {@code details.update=escalated})
 * changes the severity label: the alert with the old labels ends then and one with the new fires.
 * The labels:
 * {@code alertname} (one per kind, see {@link #alertname}), {@code host}, {@code array} (array
 * alerts, and a faulty member's array) or {@code device}, {@code severity} (lower case),
 * {@code cause} when known, {@code threshold} (a CAPACITY_FORECAST's member util threshold, so
 * that an array's two forecasts are two alerts), {@code source="raidpulse"}. Annotations: {@code summary},
 * {@code description} (evidence, cause, busiest member, %util and details, one per line),
 * {@code alert_id}, a saturation's consumers ({@link #CONSUMER_ANNOTATIONS}: {@code consumers},
 * {@code top_consumer}, {@code top_consumer_pct}, {@code top_consumer_kind}, {@code consumer_started},
 * {@code consumer_started_at}) when the stream processor knew them, and {@code dashboard} with
 * {@code generatorURL} when {@code dashboard-url} is set. {@code startsAt} is the episode's start. A FIRING or PROGRESS is posted without
 * {@code endsAt}: Alertmanager then keeps the alert for its {@code resolve_timeout} (default
 * 5 min) from the last post, by its own clock. A RESOLVED is posted with {@code endsAt} = the
 * episode's end time, but not later than this process's clock (a host clock ahead would keep the
 * alert firing until then) nor before {@code startsAt} (which Alertmanager refuses).
 *
 * <p>Alertmanager forgets an alert that is not posted again within {@code resolve_timeout}, as
 * its API asks clients to re-send active alerts; so every firing alert is re-posted, all in one
 * POST, every {@code resend-interval} (default 1 min; keep it well under {@code resolve_timeout})
 * until its RESOLVED was accepted. An Alertmanager restart or a lost POST thereby heals within
 * one interval. A {@link #send} that Alertmanager does not accept throws a retriable exception,
 * so the runner retries it with backoff and nothing is lost. The episodes that fired before this
 * run (a restart of raidpulse, a partition taken over from another instance) and are still open
 * come from the runner ({@link #resumed}), which learns them from the alerts topic: they are
 * posted again at once and then re-posted like the others.
 *
 * <p>Settings under {@code notify.NAME.}: {@code url} (base URL, required, e.g.
 * {@code http://alertmanager:9093}), {@code basic-auth.user} and {@code basic-auth.password}, or
 * {@code bearer-token}; {@code tls.ca-file} (PEM certificates to trust) or
 * {@code tls.insecure-skip-verify}; {@code resend-interval}, {@code dashboard-url} (with
 * {@code {host}} and {@code {subject}} filled in), {@code timeout} (10 s). The password and the
 * token are never logged or shown.
 */
public final class AlertmanagerNotifier implements Notifier {
    static final Key<Duration> RESEND_INTERVAL = Keys.duration(Notifiers.CHANNEL_KEYS + "resend-interval", Duration.ofMinutes(1), Duration.ofSeconds(1),
            Duration.ofHours(1), "alertmanager: firing alerts are posted again this often");
    static final Key<String> DASHBOARD_URL = Keys.string(Notifiers.CHANNEL_KEYS + "dashboard-url", null, "alertmanager: link in the dashboard annotation");
    static final Key<String> BASIC_AUTH_USER = Keys.string(Notifiers.CHANNEL_KEYS + "basic-auth.user", null, "alertmanager: basic auth user");
    static final Key<String> BASIC_AUTH_PASSWORD = Keys.string(Notifiers.CHANNEL_KEYS + "basic-auth.password", null, "alertmanager: basic auth password");
    static final Key<String> BEARER_TOKEN = Keys.string(Notifiers.CHANNEL_KEYS + "bearer-token", null, "alertmanager: bearer token (instead of basic auth)");
    static final Key<String> TLS_CA_FILE = Keys.string(Notifiers.CHANNEL_KEYS + "tls.ca-file", null, "alertmanager: PEM certificates to trust for an https URL");
    static final Key<Boolean> TLS_INSECURE_SKIP_VERIFY = Keys.bool(Notifiers.CHANNEL_KEYS + "tls.insecure-skip-verify", false,
            "alertmanager: accept any certificate (test set-ups only)");

    /** A key's name as this channel's own settings ({@code notify.NAME.} removed) write it. */
    private static String key(Key<?> key) {
        return Notifiers.own(key).name();
    }
    private static final Logger log = LoggerFactory.getLogger(AlertmanagerNotifier.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI alertsUrl;
    private final Map<String, String> headers;
    private final JsonPost post;
    private final Duration resendInterval;
    private final String dashboardUrl;

    /** One POST at a time: a re-post of an alert must not land after the RESOLVED that ended it. */
    private final Object posting = new Object();
    /** What is re-posted, by alert_id, while the episode fires; guarded by {@link #posting}. */
    private final Map<String, Firing> firing = new LinkedHashMap<>();
    private boolean resendFailing;
    private ScheduledExecutorService resender;
    private boolean closed;

    /** A firing episode: the labels of its FIRING and the alert last posted for it. */
    private record Firing(ObjectNode labels, ObjectNode posted) {
    }

    public AlertmanagerNotifier(Settings settings) {
        URI base = JsonPost.url(settings, "http://alertmanager:9093");
        if (base.getRawQuery() != null || base.getRawFragment() != null) {
            throw new ConfigException(key(JsonPost.URL), "expected Alertmanager's base URL, without a query or fragment, like http://alertmanager:9093");
        }
        String path = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
        alertsUrl = URI.create(base.getScheme() + "://" + base.getRawAuthority() + path + "/api/v2/alerts");
        headers = authorization(settings, alertsUrl);
        Duration timeout = settings.get(Notifiers.own(JsonPost.TIMEOUT));
        resendInterval = settings.get(Notifiers.own(RESEND_INTERVAL));
        dashboardUrl = settings.get(Notifiers.own(DASHBOARD_URL));
        if (dashboardUrl != null) {
            try {
                URI u = URI.create(dashboardUrl.replace("{host}", "h").replace("{subject}", "s"));
                if (u.getHost() == null || !("http".equals(u.getScheme()) || "https".equals(u.getScheme()))) {
                    throw new IllegalArgumentException();
                }
            } catch (IllegalArgumentException e) {
                throw new ConfigException(key(DASHBOARD_URL), "expected an http(s) URL, where {host} and {subject} are filled in, like "
                        + "https://grafana.example.com/d/raidpulse-array?var-host={host}&var-array={subject}, got "
                        + settings.shown(key(DASHBOARD_URL)));
            }
        }
        HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(timeout);
        SSLContext tls = tls(settings, alertsUrl);
        if (tls != null) {
            http.sslContext(tls);
        }
        post = new JsonPost("alertmanager", http.build(), timeout);
    }

    /** The Authorization header: basic auth or a bearer token, or none. */
    private static Map<String, String> authorization(Settings s, URI url) {
        boolean basic = s.has(key(BASIC_AUTH_USER)) || s.has(key(BASIC_AUTH_PASSWORD));
        if (basic && s.has(key(BEARER_TOKEN))) {
            throw new ConfigException(key(BEARER_TOKEN), "set either bearer-token or basic-auth.user and basic-auth.password: "
                    + "a request carries one Authorization header");
        }
        String value;
        String key;
        if (basic) {
            String user = s.requiredString(key(BASIC_AUTH_USER));
            String password = s.requiredString(key(BASIC_AUTH_PASSWORD));
            if (user.contains(":")) {
                throw new ConfigException(key(BASIC_AUTH_USER), "cannot contain ':' (basic auth separates user and password with it)");
            }
            value = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
            key = key(BASIC_AUTH_PASSWORD);
        } else if (s.has(key(BEARER_TOKEN))) {
            value = "Bearer " + s.requiredString(key(BEARER_TOKEN));
            key = key(BEARER_TOKEN);
        } else {
            return Map.of();
        }
        try {
            HttpRequest.newBuilder(url).header("Authorization", value);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, "holds characters an HTTP header cannot carry (the value is not shown)");
        }
        return Map.of("Authorization", value);
    }

    /** The TLS context for {@code tls.ca-file} or {@code tls.insecure-skip-verify}; null for the JVM's default trust. */
    private static SSLContext tls(Settings s, URI url) {
        boolean insecure = s.get(Notifiers.own(TLS_INSECURE_SKIP_VERIFY));
        String caFile = s.get(Notifiers.own(TLS_CA_FILE));
        if (caFile != null && insecure) {
            throw new ConfigException(key(TLS_INSECURE_SKIP_VERIFY), "set either tls.ca-file (verify against it) or "
                    + "tls.insecure-skip-verify=true (verify nothing), not both");
        }
        if ((caFile != null || insecure) && !"https".equals(url.getScheme())) {
            throw new ConfigException(caFile != null ? key(TLS_CA_FILE) : key(TLS_INSECURE_SKIP_VERIFY),
                    "applies to an https:// url only, and url is http://");
        }
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            if (insecure) {
                ctx.init(null, new TrustManager[] {new TrustingAnything()}, null);
                return ctx;
            }
            if (caFile == null) {
                return null;
            }
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int i = 0;
            for (Certificate c : certificates(Path.of(caFile))) {
                trusted.setCertificateEntry("ca-" + i++, c);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trusted);
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot set up TLS for Alertmanager: " + e.getMessage(), e);
        }
    }

    /** The certificates of a PEM file; an unreadable file or one without a certificate names the key. */
    private static Collection<? extends Certificate> certificates(Path file) {
        Collection<? extends Certificate> certs;
        try (InputStream in = Files.newInputStream(file)) {
            certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (NoSuchFileException e) {
            throw new ConfigException(key(TLS_CA_FILE), "file " + file + " does not exist");
        } catch (IOException e) {
            throw new ConfigException(key(TLS_CA_FILE), "cannot read " + file + ": " + e.getMessage());
        } catch (CertificateException e) {
            certs = List.of();
        }
        if (certs.isEmpty()) {
            throw new ConfigException(key(TLS_CA_FILE), file + " holds no certificate: expected PEM (-----BEGIN CERTIFICATE-----)");
        }
        return certs;
    }

    /** For {@code tls.insecure-skip-verify}: accepts any certificate for any name (an extended manager is also asked about the name). */
    private static final class TrustingAnything extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /** Prometheus-style alert names, one per kind; SATURATION and SYNC by what they are about. */
    static String alertname(Alert a) {
        return switch (a.getKind()) {
            case SATURATION -> switch (a.getSubjectKind()) {
                case ARRAY -> "MdArraySaturated";
                case HARDWARE -> "HardwareVolumeSaturated";
                default -> "DiskSaturated";
            };
            case ARRAY_DEGRADED -> "MdArrayDegraded";
            case MEMBER_FAULTY -> "MdMemberFaulty";
            case SYNC -> {
                SyncAction action = SyncAction.of(a.getDetails().getOrDefault("sync_action", ""));
                yield action != null && action.scrub() ? "MdArrayChecking" : "MdArrayRebuilding";
            }
            case MISMATCH -> "MdMismatchesFound";
            case CAPACITY -> "ArrayOverCapacity";
            case NO_SPARE -> "MdArrayNoSpare";
            case ARRAY_INACTIVE -> "MdArrayInactive";
            case CAPACITY_FORECAST -> "ArrayCapacityForecast";
            case VOLUME_OFFLINE -> "HardwareVolumeOffline";
            case VOLUME_ERRORS -> "HardwareVolumeErrors";
            case OTHER -> "RaidpulseAlert";
        };
    }

    /**
     * A saturation's details about who loaded the subject, passed on as annotations of the same name (never
     * labels: they change between the FIRING and the RESOLVED): the consumers with their shares, the heaviest, its
     * share (whole %) and kind, and the consumer that started the episode and when.
     */
    static final List<String> CONSUMER_ANNOTATIONS = List.of("consumers", "top_consumer", "top_consumer_pct", "top_consumer_kind",
            "consumer_started", "consumer_started_at");

    /** The labels of an episode, from the fields its FIRING fixes. */
    static ObjectNode labels(Alert a) {
        ObjectNode l = JSON.createObjectNode();
        l.put("alertname", alertname(a));
        l.put("host", a.getHost());
        if (a.getSubjectKind() == SubjectKind.ARRAY) {
            l.put("array", a.getSubject());
        } else if (a.getSubjectKind() == SubjectKind.HARDWARE) {
            // an array to routes and inhibitions, and the disk the kernel sees
            l.put("array", a.getSubject());
            l.put("device", a.getSubject());
        } else if (a.getSubjectKind() == SubjectKind.DEVICE) {
            l.put("device", a.getSubject());
            // a faulty member's array, for routes and inhibitions by array
            String array = a.getDetails().get("array");
            if (array != null) {
                l.put("array", array);
            }
        }
        l.put("severity", a.getSeverity().name().toLowerCase(Locale.ROOT));
        // one alert per array and threshold: the threshold tells the forecast's two alerts apart
        String threshold = a.getKind() == AlertKind.CAPACITY_FORECAST ? a.getDetails().get("threshold_pct") : null;
        if (threshold != null) {
            l.put("threshold", threshold);
        }
        if (a.getCause() != null) {
            l.put("cause", a.getCause());
        }
        l.put("source", "raidpulse");
        return l;
    }

    /** The alert posted for one state change, with {@code labels} (the episode's). */
    ObjectNode alert(Alert a, ObjectNode labels, Instant now) {
        ObjectNode n = JSON.createObjectNode();
        n.set("labels", labels);
        ObjectNode annotations = n.putObject("annotations");
        annotations.put("summary", a.getSummary());
        String description = description(a);
        if (!description.isEmpty()) {
            annotations.put("description", description);
        }
        annotations.put("alert_id", a.getAlertId());
        // who loaded the subject: a template can say it without parsing the description
        for (String key : CONSUMER_ANNOTATIONS) {
            String v = a.getDetails().get(key);
            if (v != null) {
                annotations.put(key, v);
            }
        }
        String dashboard = dashboard(a);
        if (dashboard != null) {
            annotations.put("dashboard", dashboard);
            n.put("generatorURL", dashboard);
        }
        n.put("startsAt", a.getStartTime().toString());
        if (a.getState() == AlertState.RESOLVED) {
            Instant end = a.getEndTime() != null ? a.getEndTime() : a.getEventTime();
            if (end.isAfter(now)) {
                end = now;
            }
            if (end.isBefore(a.getStartTime())) {
                end = a.getStartTime();
            }
            n.put("endsAt", end.toString());
        }
        return n;
    }

    /** Evidence, cause, busiest member, %util and the kind's details, one per line. */
    static String description(Alert a) {
        List<String> lines = new ArrayList<>(a.getEvidence());
        if (a.getCause() != null) {
            lines.add("cause: " + a.getCause());
        }
        if (a.getBusiestMember() != null) {
            lines.add("busiest member: " + a.getBusiestMember());
        }
        if (a.getPeakUtil() != null) {
            lines.add("peak util: " + Alerts.oneDecimal(a.getPeakUtil()) + "%");
        }
        if (a.getMeanUtil() != null) {
            lines.add("mean util: " + Alerts.oneDecimal(a.getMeanUtil()) + "%");
        }
        new TreeMap<>(a.getDetails()).forEach((k, v) -> lines.add(k + ": " + v));
        return String.join("\n", lines);
    }

    private String dashboard(Alert a) {
        if (dashboardUrl == null) {
            return null;
        }
        return dashboardUrl.replace("{host}", URLEncoder.encode(a.getHost(), StandardCharsets.UTF_8))
                .replace("{subject}", URLEncoder.encode(a.getSubject(), StandardCharsets.UTF_8));
    }

    @Override
    public void send(Alert a) throws NotificationException {
        String id = a.getAlertId();
        synchronized (posting) {
            Firing known = firing.get(id);
            ObjectNode labels = known != null ? known.labels() : labels(a);
            ObjectNode alert = alert(a, labels, Instant.now());
            if (a.getState() == AlertState.RESOLVED) {
                try {
                    postAll(List.of(alert));
                } catch (NotificationException e) {
                    if (!e.retriable()) {
                        // refused for good: re-posting it as firing would keep it firing for ever
                        firing.remove(id);
                    }
                    throw e;
                }
                firing.remove(id);
            } else if (known != null && ChannelRoute.escalation(a)
                    && !known.labels().path("severity").asText().equals(a.getSeverity().name().toLowerCase(Locale.ROOT))) {
                // a raised severity is a new label set (the others stay the FIRING's): the old alert
                // ends now, the new one fires, so that routes by severity see it
                ObjectNode raised = known.labels().deepCopy();
                raised.put("severity", a.getSeverity().name().toLowerCase(Locale.ROOT));
                ObjectNode ended = alert(a, known.labels(), Instant.now());
                ended.put("endsAt", Instant.now().toString());
                ObjectNode now = alert(a, raised, Instant.now());
                postAll(List.of(ended, now));
                firing.put(id, new Firing(raised, now));
            } else {
                postAll(List.of(alert));
                firing.put(id, new Firing(labels, alert));
                startResending();
            }
        }
    }

    private void postAll(List<ObjectNode> alerts) throws NotificationException {
        ArrayNode body = JSON.createArrayNode();
        body.addAll(alerts);
        post.post(alertsUrl, body.toString(), headers);
    }

    /** Called with {@link #posting} held. */
    private void startResending() {
        if (resender != null || closed) {
            return;
        }
        resender = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "alertmanager-resend-" + alertsUrl.getHost());
            t.setDaemon(true);
            return t;
        });
        long ms = resendInterval.toMillis();
        resender.scheduleWithFixedDelay(this::resend, ms, ms, TimeUnit.MILLISECONDS);
    }

    /** Posts every firing alert again, so Alertmanager keeps them (and learns them again after a restart). */
    void resend() {
        synchronized (posting) {
            if (firing.isEmpty()) {
                return;
            }
            try {
                postAll(firing.values().stream().map(Firing::posted).toList());
                if (resendFailing) {
                    log.info("alertmanager {} takes the {} firing alerts again", alertsUrl.getHost(), firing.size());
                }
                resendFailing = false;
            } catch (NotificationException e) {
                if (!resendFailing) {
                    log.warn("re-posting {} firing alerts: {}; trying again every {}", firing.size(), e.getMessage(),
                            Settings.formatDuration(resendInterval));
                }
                resendFailing = true;
            } catch (RuntimeException e) {
                // the schedule ends at the first exception it sees: log and keep it
                log.error("re-posting firing alerts to alertmanager {} failed", alertsUrl.getHost(), e);
            }
        }
    }

    /**
     * Re-posts the open episodes this channel was sent before this run: at once (the last post is
     * of unknown age, perhaps near {@code resolve_timeout}; an alert Alertmanager resolved meanwhile
     * fires again), then every {@code resend-interval}. On the resender's thread, so the runner
     * does not wait for Alertmanager.
     */
    @Override
    public void resumed(Collection<OpenEpisode> episodes) {
        synchronized (posting) {
            Instant now = Instant.now();
            for (OpenEpisode e : episodes) {
                ObjectNode labels = labels(e.firing());
                firing.put(e.alertId(), new Firing(labels, alert(e.last(), labels, now)));
            }
            startResending();
            if (resender != null) {
                resender.execute(this::resend);
            }
        }
    }

    @Override
    public void released(Set<String> alertIds) {
        synchronized (posting) {
            firing.keySet().removeAll(alertIds);
        }
    }

    /** How many alerts are being re-posted. */
    int firing() {
        synchronized (posting) {
            return firing.size();
        }
    }

    @Override
    public void close() {
        ScheduledExecutorService r;
        synchronized (posting) {
            closed = true;
            r = resender;
        }
        if (r != null) {
            r.shutdownNow();
            try {
                r.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
