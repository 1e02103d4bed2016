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
 * Reads io.stat under the cgroup v2 hierarchy once per sample and gives each device its
 * consumers for the interval. io.stat is hierarchical (a cgroup's counters hold its descendants'),
 * so a consumer's cgroup is read once and not walked into; a slice is read and walked into, and
 * what its children do not explain (units that ended, the slice's own tasks) is the slice's own.
 * Counters are cumulative: each cycle's are kept by cgroup path and the next cycle's differences
 * are the interval's. A cgroup that appeared since the last cycle started at zero, so all its
 * counts are the interval's; one that disappeared between listing and reading is skipped and
 * counted (its I/O stays in its parent's, where the kernel folds a removed cgroup's counters).
 */
public final class IoAttributor {
    /** io.stat counters kept per device: rios wios rbytes wbytes dios dbytes (ConsumerTable's order). */
    private static final int F = ConsumerTable.FIELDS;
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
    /** The last cycle's counters by cgroup path, the baseline of this cycle's differences; and this cycle's. */
    private Map<String, Counters> previous = new HashMap<>();
    private Map<String, Counters> current = new HashMap<>();
    private final List<Counters> spareCounters = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();
    private final List<Node> spareNodes = new ArrayList<>();
    private final List<ConsumerTable> tables = new ArrayList<>();
    /** The device keys the tables' carried balances are for (sameDevices makes a new array when they change). */
    private long[] carriedFor;
    private final List<String> problems = new ArrayList<>();
    /** Last cycle's decisions by cgroup path, and this cycle's: a decision is a function of the path alone (and its parent's). */
    private Map<String, ConsumerRules.Decision> decided = new HashMap<>();
    private Map<String, ConsumerRules.Decision> deciding = new HashMap<>();
    /** io.stat and cgroup.subtree_control kept open cycle to cycle on a real cgroupfs (null: another filesystem, read as files). */
    private KeptFiles kept;
    private java.nio.file.Path keptRoot;
    private boolean havePrevious;
    private int read;
    private int vanished;

    /**
     * One cgroup's io.stat counters for the attributed devices it did I/O to, sparse: most cgroups
     * touch one or two of a host's 70 devices, and 500 cgroups are read every cycle.
     */
    private static final class Counters {
        int n;
        int[] device = new int[4];
        long[] v = new long[4 * F];

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

    /** One cgroup read this cycle. */
    private static final class Node {
        String path;
        ConsumerRules.Decision decision;
        int parent;
        Counters counters;
        /** The interval's differences, aligned with counters. */
        long[] delta = new long[4 * F];
        /** The differences less its children's: what is its own (a consumer's is all of it). */
        long[] own = new long[4 * F];
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

    /** Reads the hierarchy for {@code devices} and attributes their interval's I/O. */
    public Result attribute(List<DeviceIo> devices) {
        problems.clear();
        if (!settings.enabled()) {
            return result(AttributionStatus.DISABLED, Map.of(), new CgroupHierarchy.State(AttributionStatus.DISABLED, null));
        }
        CgroupHierarchy cgroups = hierarchy.get();
        CgroupHierarchy.State state = cgroups.state();
        if (state.status() != AttributionStatus.ATTRIBUTED) {
            keep(null);
            havePrevious = false;
            previous.clear();
            carriedFor = null;
            return result(state.status(), Map.of(), state);
        }
        if (!sameDevices(devices)) {
            havePrevious = false;
            previous.clear();
            carriedFor = null;
        }
        read = 0;
        vanished = 0;
        spareNodes.addAll(nodes);
        nodes.clear();
        keep(cgroups.root());
        File root = cgroups.root().toFile();
        boolean listed = walk(root, "", 0, null, -1);
        if (kept != null) {
            kept.endCycle();
        }
        Map<String, ConsumerRules.Decision> swap = decided;
        decided = deciding;
        deciding = swap;
        deciding.clear();
        if (!listed) {
            havePrevious = false;
            previous.clear();
            carriedFor = null;
            return result(AttributionStatus.UNREADABLE, Map.of(),
                    new CgroupHierarchy.State(AttributionStatus.UNREADABLE, root + ": cannot list its cgroups"));
        }
        boolean first = !havePrevious;
        Map<String, List<IoConsumer>> out = first ? Map.of() : consumers(devices);
        // the counters just read are the next cycle's baseline; the arrays of cgroups gone are reused
        Map<String, Counters> old = previous;
        previous = current;
        current = old;
        spareCounters.addAll(current.values());
        current.clear();
        havePrevious = true;
        return result(first ? AttributionStatus.FIRST_SAMPLE : AttributionStatus.ATTRIBUTED, out, state);
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
        return kept != null ? kept.read(file) : ProcFiles.read(file);
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

    /** Lists {@code dir}'s child cgroups and reads each; false when {@code dir} cannot be listed. */
    private boolean walk(File dir, String path, int depth, ConsumerRules.Decision parent, int parentNode) {
        String[] names = dir.list();
        if (names == null) {
            return false;
        }
        for (String name : names) {
            if (controlFile(name)) {
                continue;
            }
            String childPath = path + "/" + name;
            ConsumerRules.Decision d = decided.get(childPath);
            if (d == null) {
                d = rules.decide(childPath, name, depth + 1, parent);
            }
            deciding.put(childPath, d);
            if (d.action() == ConsumerRules.Action.SKIP) {
                continue;
            }
            File child = new File(dir, name);
            Counters counters = readCounters(child, name, childPath);
            if (counters == null) {
                continue;
            }
            if (d.action() == ConsumerRules.Action.WALK && !ioInSubtree(child)) {
                d = d.whole(); // its children have no io.stat: it is read whole
            }
            Node n = spareNodes.isEmpty() ? new Node() : spareNodes.remove(spareNodes.size() - 1);
            n.path = childPath;
            n.decision = d;
            n.parent = parentNode;
            n.counters = counters;
            int index = nodes.size();
            nodes.add(n);
            if (d.action() == ConsumerRules.Action.WALK && !walk(child, childPath, depth + 1, d, index)) {
                n.decision = d.whole(); // gone meanwhile, or not listable: what was read of it stands for all of it
            }
        }
        return true;
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

    /** The cgroup's io.stat counters for the devices attributed, kept under its path; null when it is not (or no longer) a cgroup. */
    private Counters readCounters(File cgroup, String name, String path) {
        String file = cgroup.getPath() + "/io.stat";
        String text;
        try {
            text = readFile(file);
        } catch (NoSuchFileException e) {
            if (cgroup.isFile()) {
                notCgroups.add(name); // a control file of a controller the prefixes do not name
            } else {
                vanished++;
            }
            return null;
        } catch (IOException e) {
            if (cgroup.exists()) {
                problems.add(file + ": cannot read (" + e + ")");
            } else {
                vanished++;
            }
            return null;
        }
        read++;
        IoStatFile stat = IoStat.parse(text, file);
        for (ParseException e : stat.errors()) {
            problems.add(e.getMessage());
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
        Counters replaced = current.put(path, c);
        if (replaced != null) {
            spareCounters.add(replaced);
        }
        return c;
    }

    private boolean ioInSubtree(File cgroup) {
        try {
            return CgroupHierarchy.hasController(readFile(cgroup.getPath() + "/cgroup.subtree_control"), "io");
        } catch (IOException e) {
            return false;
        }
    }

    private Map<String, List<IoConsumer>> consumers(List<DeviceIo> devices) {
        for (Node n : nodes) {
            Counters now = n.counters;
            Counters before = previous.get(n.path);
            if (n.own.length < now.n * F) {
                n.own = new long[now.v.length];
                n.delta = new long[now.v.length];
            }
            for (int i = 0; i < now.n; i++) {
                int o = i * F;
                int b = before == null ? -1 : before.find(now.device[i]);
                for (int f = 0; f < F; f++) {
                    long x = now.v[o + f];
                    long was = b < 0 ? 0 : before.v[b + f];
                    // a cgroup new since the last cycle started at 0; one removed and made again has counters below the last
                    n.delta[o + f] = x < 0 ? -1 : was < 0 || x < was ? x : x - was;
                }
            }
            System.arraycopy(n.delta, 0, n.own, 0, now.n * F);
        }
        // what a walked cgroup's children do not explain is its own
        for (Node child : nodes) {
            if (child.parent < 0) {
                continue;
            }
            Node parent = nodes.get(child.parent);
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
        for (Node n : nodes) {
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
