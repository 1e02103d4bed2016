package io.raidpulse.collector.cgroup;

import io.raidpulse.collector.sample.ConsumerKind;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names a cgroup as operators know it, the way systemd-cgtop and cAdvisor do: a systemd service by
 * its unit ({@code postgresql@15-main.service}), a container by its runtime and short id
 * ({@code docker/3f2a9c1b7e4d}, {@code podman/...}, {@code containerd/...}, {@code cri-o/...}), a
 * Kubernetes pod by its uid (and its containers beside it), a machine by its name
 * ({@code machine/qemu-1-vm}), and user sessions folded into one consumer. A cgroup is either a
 * consumer (read once: io.stat is hierarchical, so its children are in it and are not read), a
 * grouping to walk into (a slice: read too, so what its children do not explain is its own), or
 * excluded. Pure: a function of the path, the depth and the settings; tested over real paths.
 */
public final class ConsumerRules {
    public static final String USER_SESSIONS = "user sessions";

    public enum Sessions { FOLDED, SEPARATE }

    public enum Pods { CONTAINER, POD }

    public enum Action {
        /** a consumer: read its io.stat, do not walk into it */
        CONSUMER,
        /** a grouping: read its io.stat and walk into it; what its children do not explain is named by the decision */
        WALK,
        /** excluded: not read; its I/O stays in its parent's */
        SKIP
    }

    /** What to do with one cgroup, and the consumer it is (for WALK: the consumer its own remainder is). */
    public record Decision(Action action, String name, ConsumerKind kind) {
        static final Decision SKIP = new Decision(Action.SKIP, null, null);

        /** The same consumer, read whole without walking into it (the depth or the io controller stops there). */
        public Decision whole() {
            return action == Action.WALK ? new Decision(Action.CONSUMER, name, kind) : this;
        }
    }

    private static final String HEX64 = "([0-9a-f]{64})";
    private static final Pattern DOCKER_SCOPE = Pattern.compile("docker-" + HEX64 + "\\.scope");
    private static final Pattern LIBPOD_SCOPE = Pattern.compile("libpod-(?:conmon-)?" + HEX64 + "\\.scope");
    private static final Pattern CONTAINERD_SCOPE = Pattern.compile("cri-containerd-" + HEX64 + "\\.scope");
    private static final Pattern CRIO_SCOPE = Pattern.compile("crio-(?:conmon-)?" + HEX64 + "\\.scope");
    private static final Pattern BARE_ID = Pattern.compile(HEX64);
    /** systemd driver: kubepods-burstable-pod0f3c1a2b_4d5e_....slice (the uid's '-' escaped as '_'); cgroupfs: pod0f3c1a2b-4d5e-... */
    private static final Pattern POD = Pattern.compile("(?:kubepods-(?:[a-z]+-)?)?pod([0-9a-fA-F_-]{8,})(?:\\.slice)?");
    private static final Pattern USER_SLICE = Pattern.compile("user-(\\d+)\\.slice");
    private static final Pattern MACHINE_SCOPE = Pattern.compile("machine-(.+)\\.scope");

    private final AttributionSettings settings;

    public ConsumerRules(AttributionSettings settings) {
        this.settings = settings;
    }

    public int depth() {
        return settings.depth();
    }

    /**
     * The decision for the cgroup at {@code path} (under the root, '/'-separated, starting with
     * '/'), whose directory is {@code name}, {@code depth} levels below the root (1 for
     * /system.slice). {@code parent} is the decision its parent got (null for the root's children).
     */
    public Decision decide(String path, String name, int depth, Decision parent) {
        for (Glob g : settings.exclude()) {
            if (g.matches(path, name, null)) {
                return Decision.SKIP;
            }
        }
        Decision d = classify(path, name, parent);
        if (d.action() == Action.CONSUMER && !included(path, name, d.name())) {
            return Decision.SKIP;
        }
        return depth >= settings.depth() ? d.whole() : d;
    }

    private boolean included(String path, String name, String consumer) {
        List<Glob> include = settings.include();
        if (include.isEmpty()) {
            return true;
        }
        for (Glob g : include) {
            if (g.matches(path, name, consumer)) {
                return true;
            }
        }
        return false;
    }

    private Decision classify(String path, String name, Decision parent) {
        // inside a pod: its containers, whatever the runtime names them
        if (parent != null && parent.kind() == ConsumerKind.POD) {
            String id = containerId(name);
            return new Decision(Action.CONSUMER, parent.name() + "/" + (id == null ? name : id), ConsumerKind.POD);
        }
        if (path.startsWith("/kubepods")) {
            Matcher pod = POD.matcher(name);
            if (pod.matches()) {
                String podName = "kubepods/pod" + pod.group(1).replace('_', '-');
                return new Decision(settings.pods() == Pods.POD ? Action.CONSUMER : Action.WALK, podName, ConsumerKind.POD);
            }
            return new Decision(Action.WALK, name, ConsumerKind.SLICE);
        }
        Matcher m;
        if ((m = DOCKER_SCOPE.matcher(name)).matches()) {
            return container("docker", m.group(1));
        }
        if ((m = LIBPOD_SCOPE.matcher(name)).matches()) {
            return container("podman", m.group(1));
        }
        if ((m = CONTAINERD_SCOPE.matcher(name)).matches()) {
            return container("containerd", m.group(1));
        }
        if ((m = CRIO_SCOPE.matcher(name)).matches()) {
            return container("cri-o", m.group(1));
        }
        if (BARE_ID.matcher(name).matches() && parent != null) {
            // docker's and containerd's cgroupfs driver: /docker/ID, /system.slice/containerd/ID...
            String runtime = parentName(path);
            return container(runtime.endsWith(".service") ? runtime.substring(0, runtime.length() - ".service".length()) : runtime, name);
        }
        if (path.equals("/user.slice")) {
            return settings.sessions() == Sessions.FOLDED
                    ? new Decision(Action.CONSUMER, USER_SESSIONS, ConsumerKind.SESSIONS)
                    : new Decision(Action.WALK, name, ConsumerKind.SLICE);
        }
        if (path.startsWith("/user.slice/") && (m = USER_SLICE.matcher(name)).matches()) {
            return new Decision(Action.CONSUMER, name, ConsumerKind.SESSIONS);
        }
        if (path.startsWith("/machine.slice/")) {
            m = MACHINE_SCOPE.matcher(name);
            String machine = m.matches() ? unescape(m.group(1)) : unit(name);
            return new Decision(Action.CONSUMER, "machine/" + machine, ConsumerKind.MACHINE);
        }
        if (name.endsWith(".service")) {
            return new Decision(Action.CONSUMER, unescape(name), ConsumerKind.SERVICE);
        }
        if (name.endsWith(".slice")) {
            return new Decision(Action.WALK, unescape(name), ConsumerKind.SLICE);
        }
        if (name.endsWith(".scope") || name.endsWith(".mount") || name.endsWith(".socket") || name.endsWith(".swap")) {
            return new Decision(Action.CONSUMER, unescape(name), ConsumerKind.CGROUP);
        }
        // a cgroup some tool made (docker's cgroupfs /docker, a manager's own tree): walked, its remainder named by path
        return new Decision(Action.WALK, path, ConsumerKind.CGROUP);
    }

    private static Decision container(String runtime, String id) {
        return new Decision(Action.CONSUMER, runtime + "/" + id.substring(0, 12), ConsumerKind.CONTAINER);
    }

    /** The 12-hex short id of a container cgroup in any runtime's naming, or null. */
    static String containerId(String name) {
        for (Pattern p : List.of(CONTAINERD_SCOPE, CRIO_SCOPE, DOCKER_SCOPE, LIBPOD_SCOPE, BARE_ID)) {
            Matcher m = p.matcher(name);
            if (m.matches()) {
                return m.group(1).substring(0, 12);
            }
        }
        return null;
    }

    private static String parentName(String path) {
        int end = path.lastIndexOf('/');
        int start = path.lastIndexOf('/', end - 1);
        return path.substring(start + 1, end);
    }

    private static String unit(String name) {
        String n = unescape(name);
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    /** systemd's unit name escaping undone: {@code \x2d} is '-' (systemd.unit(5), "String Escaping"). */
    static String unescape(String name) {
        if (name.indexOf('\\') < 0) {
            return name;
        }
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '\\' && i + 3 < name.length() && name.charAt(i + 1) == 'x') {
                int v = Character.digit(name.charAt(i + 2), 16) * 16 + Character.digit(name.charAt(i + 3), 16);
                if (v >= 0 && Character.digit(name.charAt(i + 2), 16) >= 0 && Character.digit(name.charAt(i + 3), 16) >= 0) {
                    b.append((char) v);
                    i += 3;
                    continue;
                }
            }
            b.append(c);
        }
        return b.toString();
    }
}
