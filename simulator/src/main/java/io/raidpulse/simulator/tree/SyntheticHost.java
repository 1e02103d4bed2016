package io.raidpulse.simulator.tree;

import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Diskstats;
import io.raidpulse.md.IoStat;
import io.raidpulse.md.IoStatEntry;
import io.raidpulse.md.MdArrayState;
import io.raidpulse.md.MdLevel;
import io.raidpulse.md.MdSysfs;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.MdSysfsMember;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.MdstatArray;
import io.raidpulse.md.MdstatMember;
import io.raidpulse.md.MemberState;
import io.raidpulse.md.ParityAlgorithm;
import io.raidpulse.md.Raid10Geometry;
import io.raidpulse.md.SyncAction;
import io.raidpulse.md.Uptime;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A made-up host laid out like a filesystem root (proc/ and sys/): {@code disks} SATA disks
 * sda, sdb... and {@code arrays} md arrays md0, md1... each over partition 1 of four disks
 * (levels raid1, raid5, raid6, raid10 in turn), with md sysfs and /proc/mdstat to match.
 * {@link #advance} moves time and every counter forward and rewrites proc/diskstats and
 * proc/uptime atomically, so a collector reading it sees a busy host. Unlike a {@link HostTree}
 * nothing models md or a disk: the counters only move. For the collector's tests and its cost
 * ({@code sample-cost}, {@code synthetic-host} in collector-tools).
 *
 * <p>With {@code cgroups} above 0 it also has a cgroup v2 hierarchy under sys/fs/cgroup, laid out
 * as a systemd host's: services in system.slice (some in nested slices such as system-getty.slice),
 * docker containers' scopes beside them, and user sessions under user.slice/user-UID.slice,
 * {@code cgroups} leaf cgroups in all, each with the control files a cgroup has and an io.stat
 * with lines for one to three of the arrays and standalone disks (and for member disks: md's
 * RAID reads are the reader's). Each {@link #advance} hands most of each device's new I/Os to
 * the cgroups that use it and rewrites every io.stat, the slices' as the sum of their children's
 * (io.stat is hierarchical); the rest is the device's own, unattributed.
 */
public final class SyntheticHost {
    private static final MdLevel[] LEVELS = {MdLevel.RAID1, MdLevel.RAID5, MdLevel.RAID6, MdLevel.RAID10};
    /** md's default raid10 layout, near-2, as mdadm creates it (raid5 and raid6 get its default left-symmetric). */
    private static final Raid10Geometry NEAR_2 = new Raid10Geometry(2, 1, false);
    /** What proc/uptime says of idle time: it stays at 100 s, nothing reads it. */
    private static final long IDLE_CS = 100_00;

    private final Path root;
    private final Random rnd;
    private final List<long[]> counters = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final List<int[]> majorMinor = new ArrayList<>();
    private long uptimeCs = 123_456_00;
    /** Leaf cgroups: path under sys/fs/cgroup, and per device index (or absent) its io.stat counters rios wios rbytes wbytes dios dbytes. */
    private final List<String> cgroupPaths = new ArrayList<>();
    private boolean inPlace;
    private final List<Map<Integer, long[]>> cgroupIo = new ArrayList<>();
    /** The last advance's reads and writes per device, what the cgroups' share of is handed out. */
    private long[] lastReads = new long[0];
    private long[] lastWrites = new long[0];

    /**
     * Control files of a cgroup with the cpu, io, memory and pids controllers enabled: what listing
     * a cgroup's directory returns beside its children (a real one has about this many).
     */
    private static final String[] CONTROL_FILES = {"cgroup.controllers", "cgroup.events", "cgroup.freeze", "cgroup.kill",
        "cgroup.max.depth", "cgroup.max.descendants", "cgroup.procs", "cgroup.stat", "cgroup.subtree_control", "cgroup.threads",
        "cgroup.type", "cpu.max", "cpu.pressure", "cpu.stat", "cpu.weight", "io.max", "io.pressure", "io.stat", "io.weight",
        "memory.current", "memory.events", "memory.high", "memory.low", "memory.max", "memory.min", "memory.pressure",
        "memory.stat", "memory.swap.current", "memory.swap.max", "pids.current", "pids.max"};

    public SyntheticHost(Path root, int disks, int arrays, long seed) throws IOException {
        this(root, disks, arrays, seed, 0);
    }

    /** As above, with {@code cgroups} leaf cgroups under a cgroup v2 hierarchy at sys/fs/cgroup. */
    public SyntheticHost(Path root, int disks, int arrays, long seed, int cgroups) throws IOException {
        if (arrays * 4 > disks) {
            throw new IllegalArgumentException(arrays + " arrays of 4 members need " + arrays * 4 + " disks, have " + disks);
        }
        this.root = root;
        this.rnd = new Random(seed);
        Path block = root.resolve("sys/block");
        Files.createDirectories(block);
        write(root.resolve("proc/sys/kernel/hostname"), "synthetic-host\n");
        write(root.resolve("proc/sys/kernel/osrelease"), "6.1.0-synthetic\n");
        write(root.resolve("proc/sys/kernel/random/boot_id"), "00000000-0000-4000-8000-000000000001\n");
        for (int d = 0; d < disks; d++) {
            String name = diskName(d);
            Path dir = block.resolve(name);
            write(dir.resolve("size"), "3907029168\n");
            write(dir.resolve("queue/rotational"), (d % 2) + "\n");
            write(dir.resolve("device/model"), "SYNTH DISK " + d + "\n");
            write(dir.resolve("device/serial"), "SN" + (100000 + d) + "\n");
            add(name, 8 + 57 * (d / 16), (d % 16) * 16);
            if (d < arrays * 4) {
                Path part = dir.resolve(name + "1");
                write(part.resolve("partition"), "1\n");
                write(part.resolve("size"), "3907027120\n");
                Files.createDirectories(part.resolve("holders"));
                Files.createSymbolicLink(part.resolve("holders").resolve("md" + d / 4), Path.of("../../../../../virtual/block/md" + d / 4));
                add(name + "1", 8 + 57 * (d / 16), (d % 16) * 16 + 1);
            }
        }
        List<MdstatArray> mdstat = new ArrayList<>();
        for (int a = 0; a < arrays; a++) {
            String md = "md" + a;
            MdLevel level = LEVELS[a % LEVELS.length];
            Path dir = block.resolve(md);
            Path mdDir = dir.resolve("md");
            boolean checking = a == 1;
            List<MdstatMember> members = new ArrayList<>();
            List<MdSysfsMember> sysfsMembers = new ArrayList<>();
            for (int m = 0; m < 4; m++) {
                String member = diskName(a * 4 + m) + "1";
                Path dev = mdDir.resolve("dev-" + member);
                sysfsMembers.add(new MdSysfsMember(member, m, true, true, List.of(MemberState.IN_SYNC.word()), 0L, null));
                Files.createDirectories(dev);
                Files.createSymbolicLink(dev.resolve("block"), Path.of("../../../" + diskName(a * 4 + m) + "/" + member));
                Files.createDirectories(dir.resolve("slaves"));
                Files.createSymbolicLink(dir.resolve("slaves").resolve(member), Path.of("../../" + diskName(a * 4 + m) + "/" + member));
                members.add(new MdstatMember(member, m, false, false, false, false, false, List.of()));
            }
            int layout = level == MdLevel.RAID10 ? NEAR_2.code() : level.parityDisks() > 0 ? ParityAlgorithm.LEFT_SYMMETRIC.number() : 0;
            MdSysfsArray sysfs = new MdSysfsArray(md, level.kernelName(), layout, level.striped() ? 524288L : 0L, 4, 0,
                    MdArrayState.CLEAN.word(), (checking ? SyncAction.CHECK : SyncAction.IDLE).word(), null,
                    checking ? 1000000L : null, checking ? 3907027120L : null, checking ? 150000L : null, 0L, 7814054240L,
                    List.copyOf(sysfsMembers), List.of());
            for (Map.Entry<String, String> f : MdSysfs.files(sysfs).entrySet()) {
                if (!f.getKey().endsWith("/block")) { // a link, made above
                    write(dir.resolve(f.getKey()), f.getValue());
                }
            }
            mdstat.add(new MdstatArray(md, true, false, null, level.kernelName(), List.copyOf(members), 3907027120L, "1.2",
                    level.striped() ? 512L : null, level.parityDisks() > 0 ? layout : null,
                    level == MdLevel.RAID10 ? Raid10Geometry.describe(layout) : null, 4, 4, "UUUU",
                    "0/15 pages [0KB], 65536KB chunk", checking ? SyncAction.CHECK.mdstatWord() : null, checking ? "running" : null, checking ? 0.0 : null,
                    checking ? 500000L : null, checking ? 1953513560L : null, checking ? 217.0 : null, checking ? 150000L : null));
            add(md, 9, a);
        }
        write(root.resolve("proc/mdstat"), Mdstat.text(List.of("raid1", "raid6", "raid5", "raid4", "raid10"), mdstat));
        if (cgroups > 0) {
            cgroups(cgroups, disks, arrays);
        }
        publish();
    }

    /** The hierarchy's directories and control files; io.stat is written by {@link #publish}. */
    private void cgroups(int n, int disks, int arrays) throws IOException {
        Path cg = root.resolve("sys/fs/cgroup");
        write(cg.resolve("cgroup.controllers"), "cpuset cpu io memory hugetlb pids rdma misc\n");
        write(cg.resolve("cgroup.subtree_control"), "cpu io memory pids\n");
        for (String f : CONTROL_FILES) {
            if (!Files.exists(cg.resolve(f))) {
                write(cg.resolve(f), "");
            }
        }
        // devices a cgroup may use: the arrays and the standalone disks (what the collector attributes), and member disks
        List<Integer> attributed = new ArrayList<>();
        List<Integer> memberDisks = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (name.startsWith("md")) {
                attributed.add(i);
            } else if (!Character.isDigit(name.charAt(name.length() - 1))) {
                int d = diskIndex(name);
                (d < arrays * 4 ? memberDisks : attributed).add(i);
            }
        }
        int users = Math.max(1, n / 10);
        int containers = n / 5;
        for (int c = 0; c < n; c++) {
            String path;
            if (c < users) {
                path = "user.slice/user-" + (1000 + c % 3) + ".slice/session-" + (c + 1) + ".scope";
            } else if (c < users + containers) {
                path = "system.slice/docker-" + String.format("%064x", new java.math.BigInteger(256, rnd)) + ".scope";
            } else if (c % 7 == 0) {
                path = "system.slice/system-worker.slice/worker@" + c + ".service";
            } else {
                path = "system.slice/synthetic-" + c + ".service";
            }
            cgroupPaths.add(path);
            Map<Integer, long[]> io = new java.util.TreeMap<>();
            int uses = 1 + rnd.nextInt(3);
            for (int u = 0; u < uses && !attributed.isEmpty(); u++) {
                int device = attributed.get(rnd.nextInt(attributed.size()));
                io.put(device, new long[6]);
                if (names.get(device).startsWith("md") && !memberDisks.isEmpty()) {
                    io.put(memberDisks.get(rnd.nextInt(memberDisks.size())), new long[6]);
                }
            }
            cgroupIo.add(io);
            Path dir = cg.resolve(path);
            for (Path p = dir; !p.equals(cg); p = p.getParent()) {
                for (String f : CONTROL_FILES) {
                    if (!Files.exists(p.resolve(f))) {
                        write(p.resolve(f), f.equals("cgroup.subtree_control") && !p.equals(dir) ? "io memory pids\n" : "");
                    }
                }
            }
        }
        lastReads = new long[names.size()];
        lastWrites = new long[names.size()];
    }

    private static int diskIndex(String name) {
        String s = name.substring(2);
        return s.length() == 1 ? s.charAt(0) - 'a' : (s.charAt(0) - 'a' + 1) * 26 + s.charAt(1) - 'a';
    }

    private static String diskName(int d) {
        return d < 26 ? "sd" + (char) ('a' + d) : "sd" + (char) ('a' + d / 26 - 1) + (char) ('a' + d % 26);
    }

    private void add(String name, int major, int minor) {
        names.add(name);
        majorMinor.add(new int[] {major, minor});
        long[] c = new long[DiskStat.FIELDS];
        for (int i = 0; i < c.length; i++) {
            c[i] = i == 8 ? 0 : rnd.nextInt(1_000_000);
        }
        counters.add(c);
    }

    /** Moves uptime by {@code seconds} and every device's counters by a busy host's worth, then rewrites the files. */
    public void advance(double seconds) throws IOException {
        uptimeCs += Math.round(seconds * 100);
        long ms = Math.round(seconds * 1000);
        for (int i = 0; i < counters.size(); i++) {
            long[] c = counters.get(i);
            long reads = rnd.nextInt(200);
            long writes = rnd.nextInt(300);
            if (i < lastReads.length) {
                lastReads[i] = reads;
                lastWrites[i] = writes;
            }
            c[0] += reads;
            c[1] += rnd.nextInt(20);
            c[2] += reads * 8;
            c[3] = (c[3] + reads * (1 + rnd.nextInt(5))) & 0xFFFF_FFFFL;
            c[4] += writes;
            c[5] += rnd.nextInt(30);
            c[6] += writes * 16;
            c[7] = (c[7] + writes * (1 + rnd.nextInt(8))) & 0xFFFF_FFFFL;
            c[8] = rnd.nextInt(8);
            c[9] = (c[9] + Math.min(ms, (reads + writes) * 2)) & 0xFFFF_FFFFL;
            c[10] = (c[10] + (reads + writes) * 3) & 0xFFFF_FFFFL;
            c[11] += rnd.nextInt(3);
            c[13] += rnd.nextInt(3) * 2048;
            c[15] += rnd.nextInt(5);
            c[16] = (c[16] + rnd.nextInt(5)) & 0xFFFF_FFFFL;
        }
        handOutToCgroups();
        publish();
    }

    /** About 90% of each device's new reads and writes, split at random among the cgroups that use it. */
    private void handOutToCgroups() {
        for (int device = 0; device < lastReads.length; device++) {
            List<long[]> users = new ArrayList<>();
            for (Map<Integer, long[]> io : cgroupIo) {
                long[] v = io.get(device);
                if (v != null) {
                    users.add(v);
                }
            }
            if (users.isEmpty()) {
                continue;
            }
            long reads = lastReads[device] * 9 / 10;
            long writes = lastWrites[device] * 9 / 10;
            for (int u = 0; u < users.size(); u++) {
                long[] v = users.get(u);
                long r = u == users.size() - 1 ? reads : rnd.nextLong(reads + 1);
                long w = u == users.size() - 1 ? writes : rnd.nextLong(writes + 1);
                reads -= r;
                writes -= w;
                v[0] += r;
                v[1] += w;
                v[2] += r * 4096;
                v[3] += w * 8192;
            }
        }
    }

    private void publish() throws IOException {
        List<DiskStat> devices = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            int[] mm = majorMinor.get(i);
            devices.add(DiskStat.of(mm[0], mm[1], names.get(i), DiskStat.FIELDS, counters.get(i)));
        }
        replace(root.resolve("proc/diskstats"), Diskstats.text(devices));
        if (!cgroupPaths.isEmpty()) {
            publishIoStat();
        }
        replace(root.resolve("proc/uptime"), new Uptime(uptimeCs, IDLE_CS).text());
    }

    /** Every cgroup's io.stat: a leaf's own counters, a slice's the sum of everything below it. */
    private void publishIoStat() throws IOException {
        Map<String, Map<Integer, long[]>> byDir = new java.util.TreeMap<>();
        for (int c = 0; c < cgroupPaths.size(); c++) {
            String path = cgroupPaths.get(c);
            for (String p = path; p != null; p = p.contains("/") ? p.substring(0, p.lastIndexOf('/')) : null) {
                Map<Integer, long[]> sum = byDir.computeIfAbsent(p, k -> new java.util.TreeMap<>());
                for (Map.Entry<Integer, long[]> e : cgroupIo.get(c).entrySet()) {
                    long[] s = sum.computeIfAbsent(e.getKey(), k -> new long[6]);
                    for (int f = 0; f < 6; f++) {
                        s[f] += e.getValue()[f];
                    }
                }
            }
        }
        Path cg = root.resolve("sys/fs/cgroup");
        for (Map.Entry<String, Map<Integer, long[]>> dir : byDir.entrySet()) {
            List<IoStatEntry> lines = new ArrayList<>();
            for (Map.Entry<Integer, long[]> e : dir.getValue().entrySet()) {
                int[] mm = majorMinor.get(e.getKey());
                long[] v = e.getValue();
                lines.add(new IoStatEntry(mm[0], mm[1], v[2], v[3], v[0], v[1], v[5], v[4]));
            }
            replace(cg.resolve(dir.getKey()).resolve("io.stat"), IoStat.text(lines));
        }
    }

    public Path root() {
        return root;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /**
     * The files that move (diskstats, uptime, io.stat) rewritten in place from now on, rather than
     * replaced by a rename: a reader that keeps them open and reads from offset 0 sees each new text,
     * as it does a kernel pseudo file's (the collector's KeptFiles on /proc, /sys and cgroupfs). A
     * reader racing a rewrite may see part of each text, which a pseudo file never shows: only for
     * measuring what reading costs (the footprint benchmark), not what is read.
     */
    public SyntheticHost rewrittenInPlace() {
        this.inPlace = true;
        return this;
    }

    /** Write-then-rename, so a reader never sees half a file; or in place ({@link #rewrittenInPlace}). */
    private void replace(Path file, String text) throws IOException {
        if (inPlace) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    out.write(b, b.position());
                }
                out.truncate(bytes.length);
            }
            return;
        }
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
