package io.raidpulse.collector.cgroup;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How the collector attributes device I/O to consumers from cgroup v2's io.stat
 * ({@code collector.attribution.*}). Declared here, documented in collector/README.md's settings
 * table (SettingsDocTest holds the two together).
 *
 * @param include globs: when any, only consumers whose cgroup path or name matches one are kept apart
 * @param exclude  globs: cgroups never read as consumers; their I/O stays in their parent's
 * @param interval how far apart io.stat is read (AttributionSchedule); null: auto, by how many files a reading reads
 */
public record AttributionSettings(boolean enabled, int top, List<Glob> include, List<Glob> exclude, int depth,
                                  ConsumerRules.Sessions sessions, ConsumerRules.Pods pods, Duration interval) {

    public static final Key<Boolean> ENABLED = Keys.bool("collector.attribution.enabled", true,
            "read cgroup v2 io.stat and attribute each device's I/O to its consumers");
    /** Bounds each device's consumers list: the sample's size and the stream's cardinality grow with it. */
    public static final Key<Integer> TOP = Keys.integer("collector.attribution.top", 5, 1, 50,
            "consumers kept per device and sample, largest first; the rest are summed as other");
    public static final Key<List<Glob>> INCLUDE = globs("collector.attribution.include",
            "comma-separated globs on cgroup paths (with '/') or unit and consumer names: only matching consumers are kept apart");
    public static final Key<List<Glob>> EXCLUDE = globs("collector.attribution.exclude",
            "comma-separated globs on cgroup paths or names: never read; their I/O stays with their parent");
    /** Bounds how many directories a cycle lists: a unit deeper than this is folded into its ancestor at this depth. */
    public static final Key<Integer> DEPTH = Keys.integer("collector.attribution.depth", 4, 1, 16,
            "cgroup levels below the root that are walked");
    public static final Key<ConsumerRules.Sessions> SESSIONS = Keys.choice("collector.attribution.sessions",
            ConsumerRules.Sessions.FOLDED, ConsumerRules.Sessions.class,
            "user sessions: folded (one 'user sessions' consumer) or separate (one per user-UID.slice)");
    public static final Key<ConsumerRules.Pods> PODS = Keys.choice("collector.attribution.pods",
            ConsumerRules.Pods.CONTAINER, ConsumerRules.Pods.class,
            "Kubernetes pods: container (kubepods/POD/CONTAINER) or pod (one consumer per pod)");

    /** The longest interval that can be set: a saturation episode's 30 s hold a reading. */
    static final Duration MAX_INTERVAL = Duration.ofSeconds(30);
    /**
     * Bounds the agent's cost on a host of many cgroups: 450 io.stat files read every second cost
     * more than everything else it reads (collector/README.md, Footprint).
     */
    public static final Key<Duration> INTERVAL = Keys.of("collector.attribution.interval", null, "auto",
            "how far apart io.stat is read: auto (1 s per " + AttributionSchedule.AUTO_FILES_PER_S
                    + " cgroups a reading reads, at most " + Settings.formatDuration(AttributionSchedule.AUTO_MAX)
                    + ") or a duration up to " + Settings.formatDuration(MAX_INTERVAL) + "; rounded to whole cycles, 0 or one cycle: every cycle",
            (s, key, d) -> {
                if (!s.has(key) || s.string(key, "").trim().equals("auto")) {
                    return d;
                }
                Duration set = Settings.parseDuration(s.string(key, ""));
                if (set == null || set.isNegative() || set.compareTo(MAX_INTERVAL) > 0) {
                    throw new ConfigException(key, "expected auto or a duration from 0s to " + Settings.formatDuration(MAX_INTERVAL)
                            + " (like 5s), got " + s.shown(key));
                }
                return set;
            });

    public static final AttributionSettings DEFAULTS = from(Settings.empty());

    public static AttributionSettings from(Settings s) {
        return new AttributionSettings(s.get(ENABLED), s.get(TOP), globs(s.get(INCLUDE)), globs(s.get(EXCLUDE)), s.get(DEPTH),
                s.get(SESSIONS), s.get(PODS), s.get(INTERVAL));
    }

    private static List<Glob> globs(List<Glob> set) {
        return set == null ? List.of() : set;
    }

    /** Unset: null, no globs. */
    private static Key<List<Glob>> globs(String name, String doc) {
        return Keys.of(name, null, null, doc, (s, key, d) -> {
            if (!s.has(key)) {
                return d;
            }
            List<Glob> out = new ArrayList<>();
            for (String g : s.string(key, "").split(",")) {
                String t = g.trim();
                if (t.isEmpty()) {
                    continue;
                }
                out.add(Glob.of(t));
            }
            return List.copyOf(out);
        });
    }
}
