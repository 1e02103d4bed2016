package io.raidpulse.notify;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * Which episodes a channel is told about, from its settings ({@code notify.NAME.*}, read by
 * {@link #from}): {@code min-severity} (critical, warning or info; default info, i.e. all;
 * CRITICAL > WARNING > INFO), {@code kinds} (comma list of AlertKind names, any case; default
 * all), {@code hosts} and {@code subjects} (Java regular expressions over the whole host or
 * device/array name; default all) and {@code progress} (whether PROGRESS updates are sent;
 * default true).
 *
 * <p>A route judges an episode by its FIRING; {@link EpisodeRouter} applies that to the FIRING's
 * RESOLVED and PROGRESS updates.
 *
 * @param minSeverity the least urgent severity sent
 * @param kinds       the alert kinds sent
 * @param hosts       matched against the whole host name
 * @param subjects    matched against the whole subject (sdb, md0; the host name for host-wide alerts)
 * @param progress    whether PROGRESS updates of an episode sent here are sent too
 */
public record ChannelRoute(Severity minSeverity, Set<AlertKind> kinds, Pattern hosts, Pattern subjects, boolean progress) {
    private static final Pattern ANY = Pattern.compile(".*", Pattern.DOTALL);

    public static final Key<Severity> MIN_SEVERITY = Keys.choice(Notifiers.CHANNEL_KEYS + "min-severity", Severity.INFO, Severity.class,
            "every channel: least urgent severity sent (critical, warning, info)");
    public static final Key<String> KINDS = Keys.string(Notifiers.CHANNEL_KEYS + "kinds", null,
            "every channel: alert kinds sent, comma list");
    public static final Key<Pattern> HOSTS = Keys.of(Notifiers.CHANNEL_KEYS + "hosts", ANY, ".*",
            "every channel: regex over whole host names sent", ChannelRoute::regex);
    public static final Key<Pattern> SUBJECTS = Keys.of(Notifiers.CHANNEL_KEYS + "subjects", ANY, ".*",
            "every channel: regex over whole device or array names sent", ChannelRoute::regex);
    public static final Key<Boolean> PROGRESS = Keys.bool(Notifiers.CHANNEL_KEYS + "progress", true, "every channel: send PROGRESS updates");

    /** A key's name as this channel's own settings ({@code notify.NAME.} removed) write it. */
    private static String key(Key<?> key) {
        return Notifiers.own(key).name();
    }

    /** Every state change of every episode: a channel without routing settings. */
    public static final ChannelRoute ALL = new ChannelRoute(Severity.INFO, EnumSet.allOf(AlertKind.class), ANY, ANY, true);

    public ChannelRoute {
        kinds = kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
    }

    /** The route of a channel from its own settings (the {@code notify.NAME.} prefix removed). */
    public static ChannelRoute from(Settings s) {
        Severity min = s.get(Notifiers.own(MIN_SEVERITY));
        Set<AlertKind> kinds = EnumSet.allOf(AlertKind.class);
        String kindList = s.get(Notifiers.own(KINDS));
        if (kindList != null) {
            kinds = EnumSet.noneOf(AlertKind.class);
            for (String name : kindList.split(",")) {
                String n = name.trim().toUpperCase(Locale.ROOT);
                if (n.isEmpty()) {
                    continue;
                }
                try {
                    kinds.add(AlertKind.valueOf(n));
                } catch (IllegalArgumentException e) {
                    throw new ConfigException(key(KINDS), "unknown alert kind '" + name.trim() + "'; the kinds are "
                            + Arrays.stream(AlertKind.values()).map(k -> k.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
                }
            }
            if (kinds.isEmpty()) {
                throw new ConfigException(key(KINDS), "names no alert kind; leave it unset for all");
            }
        }
        return new ChannelRoute(min, kinds, s.get(Notifiers.own(HOSTS)), s.get(Notifiers.own(SUBJECTS)), s.get(Notifiers.own(PROGRESS)));
    }

    /** The whole-name pattern under {@code key}; an invalid one names the key and the pattern's error, on one line. */
    private static Pattern regex(Settings s, String key, Pattern defaultValue) {
        if (!s.has(key)) {
            return defaultValue;
        }
        try {
            return Pattern.compile(s.string(key, ".*"));
        } catch (PatternSyntaxException e) {
            throw new ConfigException(key, "is not a Java regular expression: " + e.getDescription()
                    + (e.getIndex() >= 0 ? " at index " + e.getIndex() : "") + " in " + s.shown(key));
        }
    }

    /**
     * Whether an episode with these fields is sent here (its FIRING, its RESOLVED, and its PROGRESS
     * updates when {@link #progress}).
     */
    public boolean accepts(AlertKind kind, String host, String subject, Severity severity) {
        return severity.compareTo(minSeverity) <= 0 // Severity's order is CRITICAL, WARNING, INFO
                && kinds.contains(kind)
                && hosts.matcher(host).matches()
                && subjects.matcher(subject).matches();
    }

    /**
     * Whether this state change is sent here, judged by its own fields (no FIRING known for it). An
     * incident's kinds are its lead kind and those its {@code details.kinds} lists: a channel
     * taking any of them takes the incident. An escalation is no mere progress update: it is
     * judged like a FIRING.
     */
    public boolean accepts(Alert a) {
        if (a.getState() == AlertState.PROGRESS && !progress && !escalation(a)) {
            return false;
        }
        if (!accepts(a.getKind(), a.getHost(), a.getSubject(), a.getSeverity())) {
            String listed = a.getDetails().get("kinds");
            if (listed == null || !accepts(a.getKind(), a.getHost(), a.getSubject(), a.getSeverity(), listed)) {
                return false;
            }
        }
        return true;
    }

    private boolean accepts(AlertKind lead, String host, String subject, Severity severity, String listed) {
        for (String k : listed.split(",")) {
            try {
                AlertKind kind = AlertKind.valueOf(k.trim());
                if (kind != lead && accepts(kind, host, subject, severity)) {
                    return true;
                }
            } catch (IllegalArgumentException unknown) {
                // a kind from a newer writer: judged by the others
            }
        }
        return false;
    }

    /** An incident update that raised its severity ({@code details.update=escalated}). */
    public static boolean escalation(Alert a) {
        return a.getState() == AlertState.PROGRESS && "escalated".equals(a.getDetails().get("update"));
    }

    /** Whether it takes everything: no routing settings. */
    public boolean all() {
        return minSeverity == Severity.INFO && kinds.size() == AlertKind.values().length && hosts == ANY && subjects == ANY && progress;
    }

    @Override
    public String toString() {
        if (all()) {
            return "everything";
        }
        return "severity >= " + minSeverity.name().toLowerCase(Locale.ROOT)
                + (kinds.size() == AlertKind.values().length ? "" : ", kinds " + kinds.stream().map(k -> k.name().toLowerCase(Locale.ROOT))
                        .sorted().collect(Collectors.joining(",")))
                + (hosts == ANY ? "" : ", hosts " + hosts.pattern())
                + (subjects == ANY ? "" : ", subjects " + subjects.pattern())
                + (progress ? "" : ", no progress updates");
    }
}
