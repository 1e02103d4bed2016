package io.raidpulse.simulator.tree;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.ScenarioParser;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The written files parse the way the kernel documents them and look like the kernel's printers' output. */
class KernelFormatTest {
    /** md_seq_show's lines, as in collector's fixtures/mdstat and prometheus/procfs's fixtures (docs/md.md#procmdstat). */
    static final Pattern ARRAY_LINE = Pattern.compile("md\\d+ : active raid(0|1|5|6|10)( [a-z0-9]+\\[\\d+\\](\\(F\\)|\\(S\\))?)+");
    static final Pattern STATUS_LINE = Pattern.compile("      \\d+ blocks super 1\\.2( level [56], \\d+k chunk, algorithm \\d+| \\d+k chunks"
            + "|( \\d+K chunks)?( \\d+ near-copies)?( \\d+ (far|offset)-copies)?)?( \\[\\d+/\\d+\\] \\[[U_]+\\])?");
    static final Pattern PROGRESS_LINE = Pattern.compile(
            "      \\[=*>\\.*\\]  (recovery|resync|check) = *\\d{1,3}\\.\\d% \\(\\d+/\\d+\\) finish=\\d+\\.\\dmin speed=\\d+K/sec");
    static final Pattern BITMAP_LINE = Pattern.compile("      bitmap: \\d+/\\d+ pages \\[\\d+KB\\], \\d+KB chunk");

    static List<HostTree> trees(String scenario) throws IOException {
        List<HostTree> out = new ArrayList<>();
        Simulation sim = Simulation.start(ShippedScenarios.load(scenario), (tree, index) -> out.add(tree));
        sim.run();
        return out;
    }

    @Test
    void diskstatsAndStatHaveTheFieldsOfA55Kernel() throws IOException {
        for (HostTree t : trees("member-failure")) {
            for (String line : t.file("proc/diskstats").split("\n")) {
                String[] f = line.trim().split(" +");
                assertThat(f).hasSize(3 + 17);
                assertThat(line).matches(" *\\d{1,4} +\\d{1,7} [a-z0-9]+( \\d+){17}");
                // "%4d %7d %pg ": major right-aligned in 4, minor in 7
                assertThat(line.substring(0, 12)).matches("[ \\d]{4} [ \\d]{7}");
                String name = f[2];
                String link = "sys/class/block/" + name;
                assertThat(t.link(link)).as(link).isNotNull();
                String dir = Path.of("sys/class/block").resolve(t.link(link)).normalize().toString();
                String stat = t.file(dir + "/stat");
                assertThat(stat).matches("( {0,7}\\d{1,10})( +\\d+){16}\n");
                assertThat(stat.trim().split(" +")).containsExactly(java.util.Arrays.copyOfRange(f, 3, 20));
                for (String field : stat.trim().split(" +")) {
                    assertThat(field.length() <= 8 ? String.format("%8s", field) : field).hasSizeGreaterThanOrEqualTo(8);
                }
            }
            assertThat(t.file("proc/uptime")).matches("\\d+\\.\\d\\d \\d+\\.\\d\\d\n");
            assertThat(t.file("time")).matches("\\d{13}\n");
        }
    }

    /** blkcg_print_one_stat's line, as Documentation/admin-guide/cgroup-v2.rst shows it ("8:16 rbytes=1459200 wbytes=..."). */
    static final Pattern IO_STAT_LINE = Pattern.compile("\\d+:\\d+ rbytes=\\d+ wbytes=\\d+ rios=\\d+ wios=\\d+ dbytes=\\d+ dios=\\d+");

    @Test
    void cgroupsHaveIoStatAsTheKernelPrintsItWhileTheirUnitsRun() throws IOException {
        List<HostTree> trees = trees("backup-saturation");
        String backup = "sys/fs/cgroup/system.slice/backup.service/io.stat";
        String db = "sys/fs/cgroup/system.slice/postgresql@15-main.service/io.stat";
        for (int i = 0; i < trees.size(); i++) {
            HostTree t = trees.get(i);
            long second = i * 5L;
            assertThat(t.file("sys/fs/cgroup/cgroup.controllers")).contains(" io ");
            assertThat(t.file("sys/fs/cgroup/cgroup.subtree_control")).contains("io");
            for (String file : List.of("sys/fs/cgroup/io.stat", "sys/fs/cgroup/system.slice/io.stat", db)) {
                for (String line : t.file(file).split("\n")) {
                    assertThat(line).as(file).matches(IO_STAT_LINE);
                }
            }
            // the unit's cgroup exists from its start (10m) until it stops (17m)
            assertThat(t.file(backup) != null).as("backup.service's cgroup at %ds", second).isEqualTo(second >= 600 && second < 1020);
            assertThat(t.file(db)).as("the database's I/O to md0 (9:0) only").startsWith("9:0 ").doesNotContain("\n8:");
            // the root's io.stat is the devices' own counters: md0's reads as diskstats counts them
            String md0 = t.file("proc/diskstats").lines().filter(l -> l.contains(" md0 ")).findFirst().orElseThrow();
            String rios = md0.trim().split(" +")[3];
            assertThat(t.file("sys/fs/cgroup/io.stat")).contains("9:0 rbytes=").contains(" rios=" + rios + " ");
            // a slice sums its units, those that stopped included
            long slice = rios(t.file("sys/fs/cgroup/system.slice/io.stat"));
            long units = rios(t.file(db)) + rios(t.file("sys/fs/cgroup/system.slice/docker-3f2a9c1b7e4d5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b.scope/io.stat"))
                    + (t.file(backup) == null ? 0 : rios(t.file(backup)));
            if (second < 1020) {
                assertThat(slice).isBetween(units, units + 3);
            } else {
                assertThat(slice).as("backup.service's reads stay in system.slice after it stopped").isGreaterThan(units + 100_000);
            }
        }
    }

    private static long rios(String ioStat) {
        if (ioStat == null || ioStat.isEmpty()) {
            return 0;
        }
        String line = ioStat.lines().filter(l -> l.startsWith("9:0 ")).findFirst().orElse("");
        for (String kv : line.split(" ")) {
            if (kv.startsWith("rios=")) {
                return Long.parseLong(kv.substring(5));
            }
        }
        return 0;
    }

    @Test
    void mdstatFollowsMdSeqShow() throws IOException {
        boolean sawProgress = false;
        boolean sawFaulty = false;
        for (String scenario : List.of("member-failure", "scheduled-check", "raid10-over-raid1-pairs", "raid5-vs-raid10")) {
            for (HostTree t : trees(scenario)) {
                String mdstat = t.file("proc/mdstat");
                String[] lines = mdstat.split("\n", -1);
                assertThat(lines[0]).matches("Personalities : (\\[[a-z0-9]+\\] )+");
                assertThat(mdstat).endsWith("unused devices: <none>\n");
                for (int i = 1; i < lines.length - 2; i++) {
                    String l = lines[i];
                    boolean ok = ARRAY_LINE.matcher(l).matches() || STATUS_LINE.matcher(l).matches()
                            || PROGRESS_LINE.matcher(l).matches() || BITMAP_LINE.matcher(l).matches() || l.equals("      ")
                            || l.isEmpty();
                    assertThat(ok).as("%s line %d: '%s'%n%s", scenario, i + 1, l, mdstat).isTrue();
                    sawProgress |= PROGRESS_LINE.matcher(l).matches();
                    sawFaulty |= l.contains("(F)");
                }
            }
        }
        assertThat(sawProgress).isTrue();
        assertThat(sawFaulty).isTrue();
    }

    @Test
    void recoveryProgressIsComputedAsStatusResyncDoes() throws IOException {
        Pattern progress = Pattern.compile("      \\[(=*)>(\\.*)\\]  recovery = *(\\d+)\\.(\\d)% \\((\\d+)/(\\d+)\\) "
                + "finish=(\\d+)\\.(\\d)min speed=(\\d+)K/sec");
        int seen = 0;
        for (HostTree t : trees("member-failure")) {
            String mdstat = t.file("proc/mdstat");
            var m = progress.matcher(mdstat);
            if (!m.find()) {
                continue;
            }
            seen++;
            long done = Long.parseLong(m.group(5)) * 2;
            long max = Long.parseLong(m.group(6)) * 2;
            // md.c status_resync: per_milli = (resync >> 10) * 1000 / ((max_sectors >> 10) + 1)
            long perMilli = (done >> 10) * 1000 / ((max >> 10) + 1);
            assertThat(m.group(1)).hasSize((int) (perMilli / 50));
            assertThat(m.group(1).length() + m.group(2).length()).isEqualTo(20);
            assertThat(Long.parseLong(m.group(3)) * 10 + Long.parseLong(m.group(4))).isEqualTo(perMilli);
            // recovery counts per member: the total is the component size
            assertThat(max / 2 + "\n").isEqualTo(read(t, "sys/block/md0/md/component_size"));
            String[] completed = read(t, "sys/block/md0/md/sync_completed").trim().split(" / ");
            assertThat(Long.parseLong(completed[0])).isBetween(0L, done + 1);
            assertThat(Long.parseLong(completed[1])).isEqualTo(max);
            long speed = Long.parseLong(m.group(9));
            assertThat(read(t, "sys/block/md0/md/sync_speed")).isEqualTo(speed + "\n");
            double finishMinutes = (max - done) / 2.0 / Math.max(1, speed) / 60;
            double printed = Long.parseLong(m.group(7)) + Long.parseLong(m.group(8)) / 10.0;
            if (speed > 0) {
                assertThat(printed).isCloseTo(finishMinutes, org.assertj.core.api.Assertions.within(0.2 + finishMinutes * 0.05));
            }
            assertThat(mdstat).contains("md0 : active raid5 sdb1[4] sdd1[3] sdc1[2] sda1[0]\n")
                    .contains(" level 5, 512k chunk, algorithm 2 [4/3] [U_UU]\n");
        }
        assertThat(seen).isGreaterThan(20);
    }

    @Test
    void mdSysfsValuesAreWhatMdPrints() throws IOException {
        List<HostTree> failure = trees("member-failure");
        HostTree healthy = failure.get(10);
        String md = "sys/block/md0/md/";
        assertThat(read(healthy, md + "level")).isEqualTo("raid5\n");
        assertThat(read(healthy, md + "layout")).isEqualTo("2\n");
        assertThat(read(healthy, md + "chunk_size")).isEqualTo("524288\n");
        assertThat(read(healthy, md + "raid_disks")).isEqualTo("4\n");
        assertThat(read(healthy, md + "degraded")).isEqualTo("0\n");
        assertThat(read(healthy, md + "sync_action")).isEqualTo("idle\n");
        assertThat(read(healthy, md + "sync_completed")).isEqualTo("none\n");
        assertThat(read(healthy, md + "sync_speed")).isEqualTo("none\n");
        assertThat(read(healthy, md + "array_state")).isEqualTo("active\n");
        assertThat(read(healthy, md + "dev-sdb1/state")).isEqualTo("in_sync\n");
        assertThat(read(healthy, md + "dev-sdb1/slot")).isEqualTo("1\n");
        assertThat(healthy.link(resolve(healthy, "sys/block/md0") + "/md/rd1")).isEqualTo("dev-sdb1");
        HostTree failed = failure.get(70);
        assertThat(read(failed, md + "degraded")).isEqualTo("1\n");
        assertThat(read(failed, md + "dev-sdb1/state")).isEqualTo("faulty\n");
        assertThat(read(failed, md + "dev-sdb1/slot")).isEqualTo("none\n");
        assertThat(failed.link(resolve(failed, "sys/block/md0") + "/md/rd1")).isNull();
        HostTree rebuilding = failure.get(150);
        assertThat(read(rebuilding, md + "sync_action")).isEqualTo("recover\n");
        assertThat(read(rebuilding, md + "sync_completed")).matches("\\d+ / 58331136\n");
        assertThat(read(rebuilding, md + "sync_speed")).matches("\\d+\n");
        assertThat(read(rebuilding, md + "dev-sdb1/state")).isEqualTo("spare\n");
        assertThat(read(rebuilding, md + "dev-sdb1/slot")).isEqualTo("1\n");

        // links resolve where the kernel's do: slaves -> member, holders -> array, dev-X/block -> member
        for (HostTree t : List.of(healthy, rebuilding)) {
            String md0 = resolve(t, "sys/block/md0");
            assertThat(md0).isEqualTo("sys/devices/virtual/block/md0");
            String sda1 = resolve(t, md0 + "/slaves/sda1");
            assertThat(sda1).endsWith("/block/sda/sda1");
            assertThat(t.file(sda1 + "/partition")).isEqualTo("1\n");
            assertThat(resolve(t, sda1 + "/holders/md0")).isEqualTo(md0);
            assertThat(resolve(t, md0 + "/md/dev-sda1/block")).isEqualTo(sda1);
            assertThat(t.file(resolve(t, "sys/block/sda") + "/queue/rotational")).isEqualTo("1\n");
            assertThat(read(t, "sys/block/sda/device/model")).isEqualTo("ST16000NM001G-2K\n");
            assertThat(resolve(t, "sys/dev/block/9:0")).isEqualTo(md0);
        }
        HostTree check = trees("scheduled-check").get(240);
        assertThat(read(check, "sys/block/md0/md/mismatch_cnt")).isEqualTo("16\n");
        HostTree pairs = trees("raid10-over-raid1-pairs").get(1);
        assertThat(read(pairs, "sys/block/md2/md/level")).isEqualTo("raid0\n");
        assertThat(read(pairs, "sys/block/md0/md/chunk_size")).isEqualTo("0\n");
        assertThat(resolve(pairs, resolve(pairs, "sys/block/md2") + "/slaves/md0")).isEqualTo("sys/devices/virtual/block/md0");
        // raid1 of 50 GiB volumes: the volume less the 128 MiB data offset, in 64 KiB units;
        // raid0 over two of them: each less its own data offset, in 512 KiB chunks
        long pair = (50L * 1024 * 1024 * 2 - 262144) / 128 * 128;
        long stripe = 2 * ((pair - 262144) / 1024 * 1024);
        assertThat(pairs.file("proc/mdstat")).contains("md0 : active raid1 vdb[1] vda[0]\n      " + pair / 2
                + " blocks super 1.2 [2/2] [UU]\n      \n").contains("md2 : active raid0 md1[1] md0[0]\n      " + stripe / 2
                + " blocks super 1.2 512k chunks\n      \n");
        HostTree r10 = trees("raid5-vs-raid10").get(1);
        assertThat(read(r10, "sys/block/md1/md/layout")).isEqualTo("258\n");
        assertThat(r10.file("proc/mdstat")).contains(" super 1.2 512K chunks 2 near-copies [4/4] [UUUU]\n");
    }

    @Test
    void raid10FarAndOffsetPrintTheirCopies() throws IOException {
        String base = """
                scenario r10
                duration 10s
                interval 5s
                profile ssd read-iops=50000 write-iops=40000 seq=500MB/s rotational=no read-latency=90us write-latency=30us
                disk nvme0n1 profile=ssd size=1TB
                disk nvme1n1 profile=ssd size=1TB
                disk nvme2n1 profile=ssd size=1TB
                """;
        for (String[] c : new String[][] {{"f2", "513", " 512K chunks 2 far-copies [3/3] [UUU]"},
            {"o2", "66049", " 512K chunks 2 offset-copies [3/3] [UUU]"}}) {
            HostTree[] last = new HostTree[1];
            Simulation.start(ScenarioParser.parse(base + "array md5 level=raid10 members=nvme0n1,nvme1n1,nvme2n1 layout=" + c[0]
                    + "\n", "r10", "r10"), (tree, index) -> last[0] = tree).run();
            assertThat(read(last[0], "sys/block/md5/md/layout")).isEqualTo(c[1] + "\n");
            assertThat(last[0].file("proc/mdstat")).contains(c[2]);
            assertThat(last[0].file(resolve(last[0], "sys/block/md5") + "/queue/rotational")).isEqualTo("0\n");
            assertThat(last[0].file("proc/diskstats")).contains(" 259       0 nvme0n1 ").contains("   9       5 md5 ");
        }
    }

    static String read(HostTree t, String path) {
        return t.file(resolve(t, path));
    }

    /** Follows symlinks inside the tree, as the kernel's sysfs resolves them. */
    static String resolve(HostTree t, String path) {
        Path p = Path.of(path);
        Path done = Path.of("");
        for (Path part : p) {
            Path next = done.resolve(part);
            String link = t.link(next.toString());
            done = link == null ? next : next.getParent() == null ? Path.of(link).normalize()
                    : next.getParent().resolve(link).normalize();
            String again = t.link(done.toString());
            if (again != null) {
                done = Path.of(resolve(t, done.toString()));
            }
        }
        return done.toString();
    }

    @Test
    void aHardwareRaidVolumeSitsUnderItsControllersScsiHostWithItsInquiryStringsAndAddress() throws IOException {
        HostTree t = trees("hardware-raid-saturation").get(0);
        String dir = Path.of("sys/block").resolve(t.link("sys/block/sda")).normalize().toString();
        assertThat(dir).isEqualTo("sys/devices/pci0000:00/0000:00:03.0/0000:02:00.0/host0/target0:2:0/0:2:0:0/block/sda");
        String device = Path.of(dir).resolve(t.link(dir + "/device")).normalize().toString();
        assertThat(device).endsWith("/host0/target0:2:0/0:2:0:0");
        // scsi_sysfs.c: "%.8s\n" and "%.16s\n" of the space-padded INQUIRY strings, the state's name, counts as "0x%llx\n"
        assertThat(t.file(device + "/vendor")).isEqualTo("DELL    \n");
        assertThat(t.file(device + "/model")).isEqualTo("PERC H700       \n");
        assertThat(t.file(device + "/state")).isEqualTo("running\n");
        assertThat(t.file(device + "/ioerr_cnt")).isEqualTo("0x0\n");
        assertThat(t.file(device + "/iotmo_cnt")).isEqualTo("0x0\n");
        assertThat(t.nodes().get(device + "/scsi_device/0:2:0:0")).isInstanceOf(HostTree.Dir.class);
        String host = Path.of("sys/class/scsi_host").resolve(t.link("sys/class/scsi_host/host0")).normalize().toString();
        assertThat(t.file(host + "/proc_name")).isEqualTo("megaraid_sas\n");
        // what the controller reports of a volume of spinning disks, and its queue
        assertThat(t.file(dir + "/queue/rotational")).isEqualTo("1\n");
        assertThat(t.file(dir + "/queue/nr_requests")).isEqualTo("256\n");
        assertThat(t.file(dir + "/size")).isEqualTo(9_000_000_000_000L / 512 + "\n");
        // the SATA SSDs of md0 stay on their ATA ports, without a SCSI host of their own
        assertThat(t.link("sys/block/sdb")).contains("/ata2/host1/");
        assertThat(t.link("sys/class/scsi_host/host1")).isNull();
    }
}
