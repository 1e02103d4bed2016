package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.IncidentState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.HostLoad;
import io.raidpulse.stream.load.MdSync;
import io.raidpulse.topics.alert.Alerts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One incident: everything going wrong with one array (its members and their partitions folded
 * in) or one standalone device, from the first detector episode that opens to the last that
 * closes. It tells its channels three things: a FIRING when it opens, a RESOLVED when its last
 * episode closes, and in between PROGRESS updates (a kind of trouble joined, a sync's progress or
 * end, a raised severity: {@code details.update} says which). Mutable; the processor's thread only.
 */
final class Incident {
    /** {@code details.update} of a PROGRESS: the severity rose, every channel that takes it should hear. */
    static final String ESCALATED = "escalated";
    /** {@code details.update}: another kind of trouble joined the incident. */
    static final String JOINED = "joined";
    /** {@code details.update}: a sync's progress or end, an array whole again. */
    static final String PROGRESS = "progress";

    final String subject;
    final SubjectKind subjectKind;
    /** Start of its first episode; with the lead kind, its id. Set when it opens. */
    long startMs = -1;
    AlertKind lead;
    /** The severity its channels were told; null until it opened. */
    Severity notified;
    final Map<String, Part> parts = new LinkedHashMap<>();
    /** The sync part whose progress came in since the last notification, or null. */
    String pendingProgress;
    /** Episodes worth a word that closed since the last notification (a sync finished, the array whole again). */
    final List<String> pendingNotes = new ArrayList<>();
    long lastEventMs;

    Incident(String subject, SubjectKind subjectKind) {
        this.subject = subject;
        this.subjectKind = subjectKind;
    }

    /**
     * Closed episodes kept for the closing story; past it the oldest are dropped, so an incident
     * held open for weeks (mismatches nobody repaired, and every saturation since) stays small.
     */
    static final int CLOSED_PARTS_KEPT = 64;

    void add(Part p) {
        parts.put(p.alertId, p);
        long closed = parts.values().stream().filter(x -> !x.open()).count();
        for (var it = parts.values().iterator(); closed > CLOSED_PARTS_KEPT && it.hasNext(); ) {
            Part x = it.next();
            if (!x.open() && x.announced) {
                it.remove();
                closed--;
            }
        }
    }

    boolean opened() {
        return notified != null;
    }

    boolean anyOpen() {
        return parts.values().stream().anyMatch(Part::open);
    }

    /** Whether a notification is due: it opens, closes, or has news. */
    boolean pending() {
        return !opened() || !anyOpen() || pendingProgress != null || !pendingNotes.isEmpty()
                || parts.values().stream().anyMatch(p -> !p.announced);
    }

    /**
     * The notification its changes since the last one call for, or null when none is due.
     * {@code load}: the host's latest sample (for the application load a sync competes with), or null.
     */
    Alert notification(String host, HostLoad load) {
        if (!opened()) {
            return anyOpen() ? open(host, load) : null;
        }
        if (!anyOpen()) {
            return close(host);
        }
        return update(host, load);
    }

    private Alert open(String host, HostLoad load) {
        List<Part> open = parts.values().stream().filter(Part::open).sorted(LEAD).toList();
        Part first = open.get(0);
        lead = first.kind;
        startMs = open.stream().mapToLong(p -> p.startMs).min().orElseThrow();
        notified = highest(open);
        StringBuilder summary = new StringBuilder(first.summary);
        List<String> also = new ArrayList<>();
        Set<AlertKind> told = new LinkedHashSet<>();
        told.add(first.kind);
        for (Part p : open) {
            if (p != first && told.add(p.kind)) {
                also.add(describe(p, host, load));
            }
        }
        if (first.syncDriven()) {
            summary.setLength(0);
            summary.append(host).append(' ').append(subject).append(": ").append(syncDriven(first, load));
        }
        if (!also.isEmpty()) {
            summary.append("; also ").append(String.join("; ", also));
        }
        open.forEach(p -> p.announced = true);
        pendingProgress = null;
        pendingNotes.clear();
        Map<String, String> details = new LinkedHashMap<>(first.details);
        details.put("incident", "opened");
        return notice(host, AlertState.FIRING, summary.toString(), details, -1).build();
    }

    private Alert update(String host, HostLoad load) {
        List<String> news = new ArrayList<>();
        String update = null;
        Severity now = highest(parts.values().stream().filter(Part::open).toList());
        if (now.compareTo(notified) < 0) {
            news.add("now " + now + ": " + parts.values().stream().filter(p -> p.open() && p.severity == now)
                    .sorted(LEAD).findFirst().map(p -> describe(p, host, load)).orElseThrow());
            notified = now;
            update = ESCALATED;
        }
        // a kind is news unless an episode of it already told is still open (a member's saturation
        // beside its array's); a second recovery after the first ended is news again
        Set<AlertKind> told = new LinkedHashSet<>();
        parts.values().stream().filter(p -> p.announced && p.open()).forEach(p -> told.add(p.kind));
        for (Part p : parts.values().stream().filter(p -> !p.announced).sorted(LEAD).toList()) {
            p.announced = true;
            if (p.open() && told.add(p.kind)) {
                String d = describe(p, host, load);
                if (news.isEmpty() || !news.get(0).endsWith(d)) {
                    news.add(d);
                    update = update == null ? JOINED : update;
                }
            }
        }
        if (pendingProgress != null) {
            Part sync = parts.get(pendingProgress);
            if (sync != null && sync.open()) {
                news.add(strip(sync.summary, host));
                update = update == null ? PROGRESS : update;
            }
            pendingProgress = null;
        }
        if (!pendingNotes.isEmpty()) {
            pendingNotes.forEach(n -> news.add(strip(n, host)));
            pendingNotes.clear();
            update = update == null ? PROGRESS : update;
        }
        if (news.isEmpty()) {
            return null;
        }
        Map<String, String> details = new LinkedHashMap<>();
        Part sync = parts.values().stream().filter(p -> p.kind == AlertKind.SYNC && p.open()).findFirst().orElse(null);
        if (sync != null) {
            details.putAll(sync.details);
        }
        details.put("update", update);
        return notice(host, AlertState.PROGRESS, host + " " + subject + ": " + String.join("; ", news), details, -1).build();
    }

    private Alert close(String host) {
        long end = parts.values().stream().mapToLong(p -> p.endMs).max().orElse(lastEventMs);
        Map<AlertKind, long[]> spans = new TreeMap<>(Comparator.comparingInt(Incident::rank));
        for (Part p : parts.values()) {
            spans.merge(p.kind, new long[] {p.startMs, p.endMs}, (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        }
        List<String> story = new ArrayList<>();
        String action = parts.values().stream().filter(p -> p.kind == AlertKind.SYNC && p.details.get("sync_action") != null)
                .map(p -> MdSync.noun(p.details.get("sync_action"))).findFirst().orElse("sync");
        spans.forEach((kind, span) -> story.add((kind == AlertKind.SYNC ? action : word(kind)) + " " + Alerts.duration(span[1] - span[0])
                + (kind == AlertKind.SATURATION ? saturationPeaks() : "")));
        String reason = parts.values().stream().map(p -> p.details.get("reason")).filter(r -> r != null).findFirst().orElse(null);
        String summary = host + " " + subject + " incident over after " + Alerts.duration(end - startMs) + ": " + String.join(", ", story)
                + (reason != null ? " (closed: " + reason + ")" : "") + memberLoadFrom(consumersTold());
        Map<String, String> details = new LinkedHashMap<>();
        details.put("duration_s", Long.toString(Math.max(0, end - startMs) / 1000));
        if (reason != null) {
            details.put("reason", reason);
        }
        return notice(host, AlertState.RESOLVED, summary, details, end).build();
    }

    private Alert.Builder notice(String host, AlertState state, String summary, Map<String, String> extra, long endMs) {
        Map<String, String> details = new LinkedHashMap<>(extra);
        Set<String> kinds = new LinkedHashSet<>();
        Set<String> subjects = new LinkedHashSet<>();
        parts.values().stream().sorted(LEAD).forEach(p -> {
            kinds.add(p.kind.name());
            subjects.add(p.subject);
        });
        // the sync's own word (check, recover...) names an incident led by it, on every change alike
        parts.values().stream().filter(p -> p.kind == AlertKind.SYNC && p.details.get("sync_action") != null)
                .map(p -> p.details.get("sync_action")).findFirst().ifPresent(a -> details.putIfAbsent("sync_action", a));
        details.put("kinds", String.join(",", kinds));
        details.put("subjects", String.join(",", subjects));
        String peaks = memberPeaks();
        if (!peaks.isEmpty()) {
            details.put("member_peaks", peaks);
        }
        Part told = consumersTold();
        if (told != null) {
            for (String key : CONSUMER_DETAILS) {
                String v = told.details.get(key);
                if (v != null) {
                    details.putIfAbsent(key, v);
                }
            }
        }
        List<String> evidence = new ArrayList<>();
        for (Part p : parts.values()) {
            if (state == AlertState.RESOLVED || p.open()) {
                evidence.add(strip(p.summary, host));
            }
        }
        Part saturation = busiest();
        String cause = parts.values().stream().filter(p -> p.open() && p.cause != null).map(p -> p.cause).findFirst()
                .orElse(parts.values().stream().map(p -> p.cause).filter(c -> c != null).findFirst().orElse(null));
        Alert.Builder b = Alerts.alert(host, subject, subjectKind, lead, state, notified, startMs,
                        state == AlertState.RESOLVED ? Math.max(lastEventMs, endMs) : lastEventMs, summary)
                .setCause(cause)
                .setEvidence(evidence)
                .setDetails(details);
        if (state == AlertState.RESOLVED) {
            b.setEndTime(Instant.ofEpochMilli(endMs));
        }
        if (saturation != null) {
            b.setPeakUtil(saturation.peakUtil)
                    .setMeanUtil(Double.isNaN(saturation.meanUtil) ? null : saturation.meanUtil)
                    .setBusiestMember(saturation.busiestMember != null ? saturation.busiestMember
                            : saturation.subjectKind == SubjectKind.DEVICE && !saturation.subject.equals(subject) ? saturation.subject : null);
        }
        return b;
    }

    /** What one episode adds, in a few words, without the host. */
    private String describe(Part p, String host, HostLoad load) {
        return p.syncDriven() ? syncDriven(p, load) : strip(p.summary, host);
    }

    /**
     * Saturation a sync drove: "members at 100.0% from the recovery, application load 380 IOPS
     * (300 reads/s, 80 writes/s)", and whether the application alone saturated the array too.
     */
    private String syncDriven(Part p, HostLoad load) {
        String[] words = p.cause.split(" ");
        String action = words.length > 1 ? MdSync.noun(words[1]) : p.cause;
        double peak = Double.isNaN(p.peakUtil) ? memberPeak() : Math.max(p.peakUtil, memberPeak());
        StringBuilder s = new StringBuilder("members at ").append(Alerts.percent(peak)).append(" from the ").append(action);
        ArrayLoad array = load == null ? null : load.arrays().stream().filter(a -> a.subject().equals(subject)).findFirst().orElse(null);
        if (array != null) {
            s.append(", application load ").append(Math.round(array.md().readIops() + array.md().writeIops())).append(" IOPS (")
                    .append(Math.round(array.md().readIops())).append(" reads/s, ").append(Math.round(array.md().writeIops()))
                    .append(" writes/s)");
        }
        boolean alone = parts.values().stream().anyMatch(o -> o.kind == AlertKind.SATURATION && !o.syncDriven() && o.startMs <= p.startMs
                && (o.open() || o.endMs >= p.startMs));
        boolean overCapacity = parts.values().stream().anyMatch(o -> o.kind == AlertKind.CAPACITY && o.open());
        if (alone) {
            s.append("; the application load alone saturated it before the ").append(action);
        } else if (overCapacity) {
            s.append("; the application load alone is above the array's benchmarked capacity");
        } else {
            s.append("; before the ").append(action).append(" it was not saturated");
        }
        s.append(memberLoadFrom(p));
        return s.toString();
    }

    /**
     * Who loaded the members over a saturation, as its alert told them (the {@code consumers} detail: "; member load
     * from md check 75%, postgresql@15-main.service 25% (mostly writes)"); empty when the samples did not say.
     */
    private static String memberLoadFrom(Part p) {
        String consumers = p == null ? null : p.details.get("consumers");
        return consumers == null || consumers.isEmpty() ? "" : "; member load from " + consumers;
    }

    private String saturationPeaks() {
        Part b = busiest();
        if (b == null || Double.isNaN(b.peakUtil)) {
            return "";
        }
        String busiest = b.busiestMember != null ? b.busiestMember : b.subject.equals(subject) ? null : b.subject;
        return " (peak " + Alerts.percent(b.peakUtil) + (busiest != null ? ", busiest " + busiest : "") + ")";
    }

    /** The saturation episode with the highest peak, the array's own first on a tie. */
    /** A saturation's details about who loaded its subject, passed on to the incident the notifiers read. */
    static final List<String> CONSUMER_DETAILS = List.of("consumers", "top_consumer", "top_consumer_pct", "top_consumer_kind",
            "consumer_started", "consumer_started_at", "consumer_util_before");

    /** The saturation that told who loaded its subject: the incident's own subject's first, else any part's; null when none did. */
    private Part consumersTold() {
        Part any = null;
        for (Part p : parts.values()) {
            if (p.kind != AlertKind.SATURATION || p.details.get("top_consumer") == null) {
                continue;
            }
            if (p.subject.equals(subject)) {
                return p;
            }
            any = any == null ? p : any;
        }
        return any;
    }

    private Part busiest() {
        Part best = null;
        for (Part p : parts.values()) {
            if (p.kind != AlertKind.SATURATION || Double.isNaN(p.peakUtil)) {
                continue;
            }
            if (best == null || p.peakUtil > best.peakUtil || (p.peakUtil == best.peakUtil && p.subject.equals(subject))) {
                best = p;
            }
        }
        return best;
    }

    private double memberPeak() {
        return parts.values().stream().filter(p -> p.kind == AlertKind.SATURATION && !Double.isNaN(p.peakUtil))
                .mapToDouble(p -> p.peakUtil).max().orElse(Double.NaN);
    }

    /** "sda1 100.0%, sdc1 99.8%": each member's saturation peak, for the record. */
    private String memberPeaks() {
        Map<String, Double> peaks = new TreeMap<>();
        for (Part p : parts.values()) {
            if (p.kind == AlertKind.SATURATION && p.subjectKind == SubjectKind.DEVICE && !Double.isNaN(p.peakUtil)) {
                peaks.merge(p.subject, p.peakUtil, Math::max);
            }
        }
        List<String> out = new ArrayList<>();
        peaks.forEach((s, v) -> out.add(s + " " + Alerts.percent(v)));
        return String.join(", ", out);
    }

    private static Severity highest(List<Part> parts) {
        return parts.stream().map(p -> p.severity).min(Comparator.naturalOrder()).orElse(Severity.INFO);
    }

    /** Which episode names the incident: the most severe, then the kind that explains the others. */
    static final Comparator<Part> LEAD = Comparator.<Part, Severity>comparing(p -> p.severity)
            .thenComparingInt(p -> p.syncDriven() ? rank(AlertKind.SYNC) * 2 + 1 : rank(p.kind) * 2)
            .thenComparing(p -> p.subjectKind == SubjectKind.DEVICE)
            .thenComparingLong(p -> p.startMs);

    private static int rank(AlertKind k) {
        return switch (k) {
            // a volume the kernel sends no I/O explains its errors and its saturation, as an inactive array does
            case ARRAY_INACTIVE, VOLUME_OFFLINE -> 0;
            case ARRAY_DEGRADED -> 1;
            case MEMBER_FAULTY, VOLUME_ERRORS -> 2;
            case SATURATION -> 3;
            case SYNC -> 4;
            case CAPACITY -> 5;
            case NO_SPARE -> 6;
            case MISMATCH -> 7;
            // never part of an incident (IncidentProcessor passes it through); ranked after the detectors' kinds
            case CAPACITY_FORECAST -> 8;
            case OTHER -> 9;
        };
    }

    private static String word(AlertKind k) {
        return switch (k) {
            case ARRAY_INACTIVE -> "inactive";
            case ARRAY_DEGRADED -> "degraded";
            case MEMBER_FAULTY -> "faulty member";
            case SATURATION -> "saturated";
            case SYNC -> "sync";
            case CAPACITY -> "over capacity";
            case NO_SPARE -> "no spare";
            case MISMATCH -> "mismatches";
            case CAPACITY_FORECAST -> "capacity forecast";
            case VOLUME_OFFLINE -> "offline";
            case VOLUME_ERRORS -> "I/O errors";
            case OTHER -> "other";
        };
    }

    /** A detector's summary without the host name it starts with. */
    static String strip(String summary, String host) {
        return summary.startsWith(host + " ") ? summary.substring(host.length() + 1) : summary;
    }

    IncidentState toRecord() {
        return new IncidentState(subject, subjectKind, startMs, lead, notified, pendingProgress, lastEventMs, List.copyOf(pendingNotes),
                parts.values().stream().map(Part::toRecord).toList());
    }

    static Incident fromRecord(IncidentState r) {
        Incident i = new Incident(r.getSubject(), r.getSubjectKind());
        i.startMs = r.getStartMs();
        i.lead = r.getLead();
        i.notified = r.getNotified();
        i.pendingProgress = r.getPendingProgress();
        i.lastEventMs = r.getLastEventMs();
        i.pendingNotes.addAll(r.getPendingNotes());
        r.getParts().forEach(p -> i.add(Part.fromRecord(p)));
        return i;
    }
}
