package io.raidpulse.collector.cgroup;

import io.raidpulse.collector.procfs.KeptFiles;
import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.collector.sample.AttributionStatus;
import io.raidpulse.collector.sample.IoAttribution;
import io.raidpulse.collector.sample.IoConsumer;
import io.raidpulse.md.IoStat;
import io.raidpulse.md.IoStatEntry;
import io.raidpulse.md.IoStatFile;
import io.raidpulse.md.ParseException;
import java.io.File;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads io.stat under the cgroup v2 hierarchy once per reading (each cycle, or as
 * {@link AttributionSchedule} spaces them) and gives each device its consumers since the last.
 * io.stat is hierarchical (a cgroup's counters hold its descendants'), so a consumer's cgroup is
 * read once and not walked into; a slice is read and walked into, and
 * what its children do not explain (units that ended, the slice's own tasks) is the slice's own.
 * Counters are cumulative: each cycle's are kept in the cgroup's node and the next cycle's
 * differences are the interval's; a node (its path, its files, what the rules decided for it) is
 * made when its cgroup is first listed and kept while it is listed, so a host's hundreds of
 * cgroups cost one name looked up each a cycle, not paths and files made anew. A cgroup that
 * appeared since the last cycle started at zero, so all its counts are the interval's; one that
 * disappeared between listing and reading is skipped and counted (its I/O stays in its parent's,
 * where the kernel folds a removed cgroup's counters). One that may have been there unseen (its
 * slice read whole or not listable at the last reading, its io.stat unreadable then) has no
 * baseline: that reading's counters become it, and its I/O of the interval stays in its parent's
 * own, rather than its whole life's counts being taken for one interval's.
 */
public final class IoAttributor {
    /** io.stat counters kept per device: rios wios rbytes wbytes dios dbytes (ConsumerTable's order). */
    private static final int F = ConsumerTable.FIELDS;
    private static final String IO_STAT = "/io.stat";
    private static final long[] NONE = new long[0];
    /** Names of cgroupfs control files: never child cgroups (systemd's units end in .service, .slice, ...). */
    private static final String[] CONTROL_PREFIXES = {"cgroup.", "io.", "memory.", "cpu.", "cpuset.", "pids.", "hugetlb.", "rdma.",
        "misc.", "irq."};

    /** The hierarchy each cycle reads: a host's, or (raidpulse top --between) each snapshot's in turn. */
    private final Supplier<CgroupHierarchy> hierarchy;
    private final ConsumerRules rules;
    private final AttributionSettings settings;
    private final ConsumerTable table = new ConsumerTable();
    /** Entry names found not to be directories: control files of a controller this class does not know. */
    private final Set<String> notCgroups = new HashSet<>();

    private long[] deviceKeys = new long[0];
    /** deviceKeys sorted, and each one's index in deviceKeys: looked up for every io.stat line without boxing. */
    private long[] sortedKeys = new long[0];
    private int[] sortedIndex = new int[0];
    /** The hierarchy's root as the walk last found it: each cgroup's node is kept from cycle to cycle. */
    private Cgroup root;
    private final List<Counters> spareCounters = new ArrayList<>();
    /** The cgroups read this cycle, each parent before its children. */
    private final List<Cgroup> nodes = new ArrayList<>();
    private final List<ConsumerTable> tables = new ArrayList<>();
    /** The device keys the tables' carried balances are for (sameDevices makes a new array when they change). */
    private long[] carriedFor;
    private final List<String> problems = new ArrayList<>();
    /** io.stat and cgroup.subtree_control kept open cycle to cycle on a real cgroupfs (null: another filesystem, read as files). */
    private KeptFiles kept;
    private java.nio.file.Path keptRoot;
    private boolean havePrevious;
    /** Cycles counted from 1: a node read in the one before this has its baseline. */
    private long cycle;
    private int read;
    private int vanished;

    /**
     * One cgroup's io.stat counters for the attributed devices it did I/O to, sparse: most cgroups
     * touch one or two of a host's 70 devices, and 500 cgroups are read every cycle.
     */
    private static final class Counters {
        int n;
        /** Room for one device to start with: most cgroups do I/O to one, and a host has hundreds (two Counters each). */
        int[] device = new int[1];
        long[] v = new long[F];

        void clear() {
            n = 0;
        }

        /** Room for one more device; returns its offset in {@link #v}. */
        int add(int deviceIndex) {
            if (n == device.length) {
                device = Arrays.copyOf(device, n * 2);
                v = Arrays.copyOf(v, n * 2 * F);
            }
            device[n] = deviceIndex;
            return n++ * F;
        }

        /** The offset of {@code deviceIndex}'s counters, or -1. */
        int find(int deviceIndex) {
            for (int i = 0; i < n; i++) {
                if (device[i] == deviceIndex) {
                    return i * F;
                }
            }
            return -1;
        }
    }

    /**
     * One cgroup as the walk found it, kept while it is listed: its name, path and files are made
     * once, not every cycle for each of a host's hundreds of cgroups, and its last counters are the
     * next cycle's baseline.
     */
    private static final class Cgroup {
        /** Its directory's io.stat; the directory is this less "/io.stat" ({@link #dir}), which only a slice is listed by. */
        final String ioStat;
        /** From the hierarchy's root: "/system.slice/db.service". */
        final String path;
        String subtreeControl;
        /** What the rules decided for it (a function of its path, and its parent's decision), made when first listed. */
        ConsumerRules.Decision decided;
        /** This cycle's: decided, or read whole when its children cannot be. */
        ConsumerRules.Decision decision;
        /** Child cgroups by name, for one that is walked into. */
        Map<String, Cgroup> children;
        long listed;
        long readIn;
        /** The reading its children were last listed in. */
        long walkedIn;
        /**
         * The reading it was made in when its cgroup was not there at the one before (its parent
         * was listed then without it, or is new itself): all its counters are since then. 0 for a
         * node made for a cgroup that may have been there unseen (its parent read whole, or not
         * listed, at the last reading; or its own io.stat unreadable then): its counters before this
         * reading are not known, so this reading's are its baseline, not its I/O.
         */
        long newIn;
        int parent;
        /** This cycle's counters, and the last cycle's when it was read then (null otherwise). */
        Counters counters;
        Counters before;
        /** The interval's differences, aligned with counters (sized when first needed, to the devices it did I/O to). */
        long[] delta = NONE;
        /** The differences less its children's: what is its own (a consumer's is all of it). */
        long[] own = NONE;

        Cgroup(String dir, String path, ConsumerRules.Decision decided) {
            this.ioStat = dir + IO_STAT;
            this.path = path;
            this.decided = decided;
        }

        /** Its directory, made when asked: a host's hundreds of leaf cgroups are read, not listed. */
        File dir() {
            return new File(ioStat.substring(0, ioStat.length() - IO_STAT.length()));
        }
    }

    public IoAttributor(CgroupHierarchy hierarchy, AttributionSettings settings) {
        this(() -> hierarchy, settings);
    }

    public IoAttributor(Supplier<CgroupHierarchy> hierarchy, AttributionSettings settings) {
        this.hierarchy = hierarchy;
        this.settings = settings;
        this.rules = new ConsumerRules(settings);
    }

    /**
     * One cycle's attribution.
     *
     * @param status    what the hierarchy allowed (CgroupHierarchy's state, or DISABLED)
     * @param consumers each device's consumers by device name (only when ATTRIBUTED; a device without an interval has none)
     * @param problems  io.stat lines that did not parse and files that could not be read, each naming the file
     */
    public record Result(IoAttribution attribution, Map<String, List<IoConsumer>> consumers, List<String> problems,
                         CgroupHierarchy.State state) {
    }

    public AttributionSettings settings() {
        return settings;
    }

    /** Reads the hierarchy for {@code devices} and attributes their I/O since the last reading. */
    public Result attribute(List<DeviceIo> devices) {
        problems.clear();
        if (!settings.enabled()) {
            return result(AttributionStatus.DISABLED, Map.of(), new CgroupHierarchy.State(AttributionStatus.DISABLED, null));
        }
        CgroupHierarchy cgroups = hierarchy.get();
        CgroupHierarchy.State state = cgroups.state();
        if (state.status() != AttributionStatus.ATTRIBUTED) {
            keep(null);
            forget();
            return result(state.status(), Map.of(), state);
        }
        if (!sameDevices(devices)) {
            forget();
        }
        read = 0;
        vanished = 0;
        cycle++;
        nodes.clear();
        keep(cgroups.root());
        String dir = cgroups.root().toString();
        if (root == null || !root.ioStat.equals(dir + IO_STAT)) {
            // another hierarchy (raidpulse top --between reads each snapshot's in turn): the same cgroups, other files
            root = root == null ? new Cgroup(dir, "", null) : rehome(root, dir);
        }
        boolean listed = walk(root, 0, null, -1);
        if (kept != null) {
            kept.endCycle();
        }
        if (!listed) {
            forget();
            return result(AttributionStatus.UNREADABLE, Map.of(),
                    new CgroupHierarchy.State(AttributionStatus.UNREADABLE, dir + ": cannot list its cgroups"));
        }
        boolean first = !havePrevious;
        Map<String, List<IoConsumer>> out = first ? Map.of() : consumers(devices);
        havePrevious = true;
        return result(first ? AttributionStatus.FIRST_SAMPLE : AttributionStatus.ATTRIBUTED, out, state);
    }

    /** The baseline is lost (the hierarchy unreadable, other devices): the next cycle's counters are the first. */
    private void forget() {
        havePrevious = false;
        root = null;
        carriedFor = null;
    }

    /** {@code node}'s tree over the hierarchy at {@code dir}: the same paths, decisions and counters. */
    private static Cgroup rehome(Cgroup node, String dir) {
        Cgroup copy = new Cgroup(dir, node.path, node.decided);
        copy.listed = node.listed;
        copy.readIn = node.readIn;
        copy.walkedIn = node.walkedIn;
        copy.newIn = node.newIn;
        copy.counters = node.counters;
        copy.before = node.before;
        if (node.children != null) {
            copy.children = new HashMap<>();
            for (Map.Entry<String, Cgroup> e : node.children.entrySet()) {
                copy.children.put(e.getKey(), rehome(e.getValue(), dir + "/" + e.getKey()));
            }
        }
        return copy;
    }

    /**
     * Files under {@code root} are kept open from cycle to cycle when it is a cgroup filesystem
     * (KeptFiles): 450 io.stat a cycle on a host of 500 cgroups, each otherwise opened, read and
     * closed. Another root (a snapshot's tree, a test's) is read file by file.
     */
    private void keep(java.nio.file.Path root) {
        if (root != null && root.equals(keptRoot)) {
            return;
        }
        if (kept != null) {
            kept.closeAll();
        }
        kept = root != null && KeptFiles.pseudo(root) ? new KeptFiles() : null;
        keptRoot = root;
    }

    private String readFile(String file) throws IOException {
        return kept != null ? kept.readAttribute(file) : ProcFiles.read(file);
    }

    private Result result(AttributionStatus status, Map<String, List<IoConsumer>> consumers, CgroupHierarchy.State state) {
        IoAttribution a = new IoAttribution();
        a.setStatus(status);
        a.setCgroupsRead(status == AttributionStatus.ATTRIBUTED || status == AttributionStatus.FIRST_SAMPLE ? read : 0);
        a.setCgroupsVanished(status == AttributionStatus.ATTRIBUTED || status == AttributionStatus.FIRST_SAMPLE ? vanished : 0);
        return new Result(a, consumers, List.copyOf(problems), state);
    }

    private boolean sameDevices(List<DeviceIo> devices) {
        boolean same = devices.size() == deviceKeys.length;
        for (int i = 0; same && i < devices.size(); i++) {
            same = devices.get(i).key() == deviceKeys[i];
        }
        if (!same) {
            deviceKeys = new long[devices.size()];
            Integer[] order = new Integer[devices.size()];
            for (int i = 0; i < devices.size(); i++) {
                deviceKeys[i] = devices.get(i).key();
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Long.compare(deviceKeys[a], deviceKeys[b]));
            sortedKeys = new long[order.length];
            sortedIndex = new int[order.length];
            for (int i = 0; i < order.length; i++) {
                sortedKeys[i] = deviceKeys[order[i]];
                sortedIndex[i] = order[i];
            }
        }
        return same;
    }

    /**
     * Lists {@code node}'s child cgroups and reads each; false when it cannot be listed. A child
     * cgroup's node is made when first listed and dropped when no longer listed.
     */
    private boolean walk(Cgroup node, int depth, ConsumerRules.Decision parent, int parentNode) {
        File dir = node.dir();
        String[] names = dir.list();
        if (names == null) {
            return false;
        }
        if (node.children == null) {
            node.children = new HashMap<>();
        }
        // a child not listed at the last reading is new when this node was listed then (or is new itself)
        boolean childrenNew = node.walkedIn == cycle - 1 || node.newIn == cycle;
        node.walkedIn = cycle;
        for (String name : names) {
            if (controlFile(name)) {
                continue;
            }
            Cgroup child = node.children.get(name);
            if (child == null) {
                String path = node.path + "/" + name;
                child = new Cgroup(dir.getPath() + "/" + name, path, rules.decide(path, name, depth + 1, parent));
                child.newIn = childrenNew ? cycle : 0;
                node.children.put(name, child);
            }
            child.listed = cycle;
            ConsumerRules.Decision d = child.decided;
            if (d.action() == ConsumerRules.Action.SKIP) {
                continue;
            }
            int outcome = readCounters(child, name);
            if (outcome == GONE) {
                node.children.remove(name);
                release(child);
                continue;
            }
            if (outcome == UNREAD) {
                // kept, not read this time: made anew next time it would count its whole counter as one interval's
                if (child.children != null) {
                    child.children.values().forEach(this::release);
                    child.children = null;
                }
                continue;
            }
            if (d.action() == ConsumerRules.Action.WALK && !ioInSubtree(child)) {
                d = d.whole(); // its children have no io.stat: it is read whole
            }
            if (d.action() != ConsumerRules.Action.WALK && child.children != null) {
                child.children.values().forEach(this::release);
                child.children = null;
            }
            child.decision = d;
            child.parent = parentNode;
            int index = nodes.size();
            nodes.add(child);
            if (d.action() == ConsumerRules.Action.WALK && !walk(child, depth + 1, d, index)) {
                child.decision = d.whole(); // gone meanwhile, or not listable: what was read of it stands for all of it
                if (child.children != null) { // null when it could not be listed the first time either
                    child.children.values().forEach(this::release);
                    child.children = null;
                }
            }
        }
        // the cgroups no longer listed are gone: their counters' arrays are reused
        node.children.values().removeIf(c -> {
            if (c.listed == cycle) {
                return false;
            }
            release(c);
            return true;
        });
        return true;
    }

    private void release(Cgroup c) {
        if (c.counters != null) {
            spareCounters.add(c.counters);
        }
        if (c.before != null) {
            spareCounters.add(c.before);
        }
        c.counters = null;
        c.before = null;
        if (c.children != null) {
            c.children.values().forEach(this::release);
        }
    }

    private boolean controlFile(String name) {
        if (notCgroups.contains(name)) {
            return true;
        }
        if (name.endsWith(".slice") || name.endsWith(".service") || name.endsWith(".scope")) {
            return false;
        }
        for (String p : CONTROL_PREFIXES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private static final int READ = 0;
    private static final int GONE = 1;
    private static final int UNREAD = 2;

    /**
     * Reads the cgroup's io.stat counters for the devices attributed; its last reading's become
     * the baseline when it was read then. {@link #GONE} when it is not (or no longer) a cgroup,
     * {@link #UNREAD} when it is there but its io.stat could not be read.
     */
    private int readCounters(Cgroup cgroup, String name) {
        String text;
        try {
            text = readFile(cgroup.ioStat);
        } catch (NoSuchFileException e) {
            if (cgroup.dir().isFile()) {
                notCgroups.add(name); // a control file of a controller the prefixes do not name
            } else {
                vanished++;
            }
            return GONE;
        } catch (IOException e) {
            if (cgroup.dir().exists()) {
                problems.add(cgroup.ioStat + ": cannot read (" + e + ")");
                return UNREAD;
            }
            vanished++;
            return GONE;
        }
        read++;
        IoStatFile stat = IoStat.parse(text, cgroup.ioStat);
        for (ParseException e : stat.errors()) {
            problems.add(e.getMessage());
        }
        Counters last = cgroup.counters;
        if (cgroup.before != null) {
            spareCounters.add(cgroup.before);
        }
        cgroup.before = cgroup.readIn == cycle - 1 ? last : null;
        if (cgroup.before == null && last != null) {
            spareCounters.add(last);
        }
        Counters c = spareCounters.isEmpty() ? new Counters() : spareCounters.remove(spareCounters.size() - 1);
        c.clear();
        for (IoStatEntry e : stat.entries()) {
            int at = Arrays.binarySearch(sortedKeys, e.deviceKey());
            if (at >= 0) {
                int i = sortedIndex[at];
                int o = c.add(i);
                c.v[o] = e.readIos();
                c.v[o + 1] = e.writeIos();
                c.v[o + 2] = e.readBytes();
                c.v[o + 3] = e.writeBytes();
                c.v[o + 4] = e.discardIos();
                c.v[o + 5] = e.discardBytes();
            }
        }
        cgroup.counters = c;
        cgroup.readIn = cycle;
        return READ;
    }

    private boolean ioInSubtree(Cgroup cgroup) {
        if (cgroup.subtreeControl == null) {
            cgroup.subtreeControl = cgroup.dir().getPath() + "/cgroup.subtree_control";
        }
        try {
            return CgroupHierarchy.hasController(readFile(cgroup.subtreeControl), "io");
        } catch (IOException e) {
            return false;
        }
    }

    private Map<String, List<IoConsumer>> consumers(List<DeviceIo> devices) {
        for (Cgroup n : nodes) {
            Counters now = n.counters;
            Counters before = n.before;
            if (n.own.length < now.n * F) {
                n.own = new long[now.n * F];
                n.delta = new long[now.n * F];
            }
            // no baseline and not new: the counters' start is not known, and its I/O stays in its parent's own this time
            boolean known = before != null || n.newIn == cycle;
            for (int i = 0; i < now.n; i++) {
                int o = i * F;
                int b = before == null ? -1 : before.find(now.device[i]);
                for (int f = 0; f < F; f++) {
                    long x = now.v[o + f];
                    long was = b < 0 ? 0 : before.v[b + f];
                    // a cgroup new since the last reading started at 0, as did a device's line new in its io.stat;
                    // one removed and made again has counters below the last
                    n.delta[o + f] = x < 0 ? -1 : !known ? 0 : was < 0 || x < was ? x : x - was;
                }
            }
            System.arraycopy(n.delta, 0, n.own, 0, now.n * F);
        }
        // what a walked cgroup's children do not explain is its own
        for (Cgroup child : nodes) {
            if (child.parent < 0) {
                continue;
            }
            Cgroup parent = nodes.get(child.parent);
            long[] d = child.delta;
            for (int i = 0; i < child.counters.n; i++) {
                int p = parent.counters.find(child.counters.device[i]);
                if (p < 0) {
                    continue;
                }
                for (int f = 0; f < F; f++) {
                    long x = d[i * F + f];
                    if (x > 0 && parent.own[p + f] >= 0) {
                        parent.own[p + f] = Math.max(0, parent.own[p + f] - x);
                    }
                }
            }
        }
        while (tables.size() < devices.size()) {
            tables.add(new ConsumerTable());
        }
        for (int di = 0; di < devices.size(); di++) {
            tables.get(di).clear();
        }
        if (carriedFor != deviceKeys) {
            // another set of devices: a table's carried balance belonged to the device it served
            tables.forEach(ConsumerTable::reset);
            carriedFor = deviceKeys;
        }
        for (Cgroup n : nodes) {
            for (int i = 0; i < n.counters.n; i++) {
                tables.get(n.counters.device[i]).add(n.decision.name(), n.decision.kind(), n.path, n.own, i * F);
            }
        }
        Map<String, List<IoConsumer>> out = new HashMap<>();
        for (int di = 0; di < devices.size(); di++) {
            DeviceIo device = devices.get(di);
            if (device.ios() != null) {
                out.put(device.name(), tables.get(di).consumers(settings.top(), device.ios()));
            }
        }
        return out;
    }

}
