package io.raidpulse.collector.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.sample.AttributionStatus;
import io.raidpulse.collector.sample.ConsumerKind;
import io.raidpulse.collector.sample.IoConsumer;
import io.raidpulse.config.Settings;
import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Diskstats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attribution over a cgroup tree holding the io.stat texts a real 6.1 kernel printed in the lab
 * (md/src/test/resources/io-stat/debian-6.1: fio's db.service writing and backup.service reading
 * md0, dd and blkdiscard in user.slice on vde, then a check of md0).
 */
class IoAttributorTest {
    private static final Path REAL = Path.of("../md/src/test/resources/io-stat/debian-6.1");

    @TempDir
    Path sys;

    private Path cg() {
        return sys.resolve("fs/cgroup");
    }

    /** The tree as the lab's capture step left it: the cgroups it read, with their io.stat. */
    private void tree(String step) throws IOException {
        Path root = cg();
        Files.createDirectories(root);
        Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io memory hugetlb pids rdma misc\n");
        Files.writeString(root.resolve("cgroup.subtree_control"), "io\n");
        Files.writeString(root.resolve("io.stat"), Files.readString(REAL.resolve(step + ".root.io.stat")));
        cgroup(step, "system.slice", "io\n");
        cgroup(step, "system.slice/db.service", "");
        cgroup(step, "system.slice/backup.service", "");
        if (Files.exists(REAL.resolve(step + ".user.slice.io.stat"))) {
            cgroup(step, "user.slice", "");
        }
    }

    private void cgroup(String step, String path, String subtree) throws IOException {
        Path dir = cg().resolve(path);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("io.stat"), Files.readString(REAL.resolve(step + "." + path.replace('/', '_') + ".io.stat")));
        Files.writeString(dir.resolve("cgroup.subtree_control"), subtree);
        Files.writeString(dir.resolve("cgroup.procs"), "");
        Files.writeString(dir.resolve("memory.current"), "0\n");
    }

    /** md0 and vde with their own interval from the captured /proc/diskstats. */
    private static List<DeviceIo> devices(String from, String to) throws IOException {
        List<DeviceIo> out = new ArrayList<>();
        for (String name : List.of("md0", "vde")) {
            DiskStat a = disk(from, name);
            DiskStat b = disk(to, name);
            out.add(new DeviceIo(name, b.major(), b.minor(), new long[] {
                b.readsCompleted() + b.readsMerged() - a.readsCompleted() - a.readsMerged(),
                b.writesCompleted() + b.writesMerged() - a.writesCompleted() - a.writesMerged(),
                (b.sectorsRead() - a.sectorsRead()) * 512, (b.sectorsWritten() - a.sectorsWritten()) * 512,
                b.discardsCompleted() - a.discardsCompleted(), (b.sectorsDiscarded() - a.sectorsDiscarded()) * 512}));
        }
        return out;
    }

    private static DiskStat disk(String step, String name) throws IOException {
        return Diskstats.parse(Files.readString(REAL.resolve(step + ".diskstats")), step).devices().stream()
                .filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    /** An attributor with the defaults that has read the tree as the lab's capture step 0-created left it: its baselines. */
    private IoAttributor afterFirstReading() throws IOException {
        IoAttributor attributor = new IoAttributor(new CgroupHierarchy(sys), AttributionSettings.DEFAULTS);
        tree("0-created");
        attributor.attribute(devices("0-created", "0-created"));
        return attributor;
    }

    private static IoConsumer find(List<IoConsumer> consumers, String name) {
        return consumers.stream().filter(c -> c.getName().equals(name)).findFirst().orElse(null);
    }

    @Test
    void fioJobsInTwoServicesAndDdInASessionOnARealKernel() throws IOException {
        IoAttributor attributor = new IoAttributor(new CgroupHierarchy(sys), AttributionSettings.DEFAULTS);
        tree("0-created");
        IoAttributor.Result first = attributor.attribute(devices("0-created", "0-created"));
        assertThat(first.attribution().getStatus()).isEqualTo(AttributionStatus.FIRST_SAMPLE);
        assertThat(first.attribution().getCgroupsRead()).isEqualTo(4);
        assertThat(first.consumers()).isEmpty();

        tree("2-done");
        IoAttributor.Result r = attributor.attribute(devices("0-created", "2-done"));
        assertThat(r.attribution().getStatus()).isEqualTo(AttributionStatus.ATTRIBUTED);
        assertThat(r.problems()).isEmpty();
        List<IoConsumer> md0 = r.consumers().get("md0");
        // backup.service read 979 times (fio's total_ios), db.service wrote 1324 times: all of md0's interval
        assertThat(md0).extracting(IoConsumer::getName).containsExactly("db.service", "backup.service");
        IoConsumer db = find(md0, "db.service");
        assertThat(db.getKind()).isEqualTo(ConsumerKind.SERVICE);
        assertThat(db.getCgroup()).isEqualTo("/system.slice/db.service");
        assertThat(db.getCgroups()).isEqualTo(1);
        assertThat(db.getWriteIos()).isEqualTo(1324);
        assertThat(db.getWriteBytes()).isEqualTo(5423104);
        assertThat(db.getReadIos()).isZero();
        assertThat(find(md0, "backup.service").getReadIos()).isEqualTo(979);
        assertThat(find(md0, "backup.service").getReadBytes()).isEqualTo(4009984);
        List<IoConsumer> vde = r.consumers().get("vde");
        assertThat(vde).hasSize(1);
        assertThat(vde.get(0).getName()).isEqualTo("user sessions");
        assertThat(vde.get(0).getKind()).isEqualTo(ConsumerKind.SESSIONS);
        assertThat(vde.get(0).getWriteIos()).isEqualTo(200);
        assertThat(vde.get(0).getDiscardIos()).isZero();

        tree("3-discard");
        r = attributor.attribute(devices("2-done", "3-discard"));
        assertThat(r.consumers().get("md0")).isEmpty();
        IoConsumer discard = find(r.consumers().get("vde"), "user sessions");
        assertThat(discard.getDiscardIos()).isEqualTo(1);
        assertThat(discard.getDiscardBytes()).isEqualTo(16L << 20);
    }

    @Test
    void theDevicesOwnIoNoCgroupSubmittedIsUnattributedAndNeverNegative() throws IOException {
        IoAttributor attributor = afterFirstReading();
        tree("2-done");
        List<DeviceIo> devices = devices("0-created", "2-done");
        // md0 as if it had done 100 more reads than the cgroups submitted (the root's own), and vde fewer writes than user.slice's
        long[] md0 = devices.get(0).ios().clone();
        md0[0] += 100;
        long[] vde = devices.get(1).ios().clone();
        vde[1] -= 50;
        IoAttributor.Result r = attributor.attribute(List.of(new DeviceIo("md0", 9, 0, md0), new DeviceIo("vde", 254, 64, vde)));
        IoConsumer unattributed = find(r.consumers().get("md0"), "unattributed");
        assertThat(unattributed.getKind()).isEqualTo(ConsumerKind.UNATTRIBUTED);
        assertThat(unattributed.getCgroups()).isZero();
        assertThat(unattributed.getReadIos()).isEqualTo(100);
        assertThat(unattributed.getWriteIos()).isZero();
        assertThat(find(r.consumers().get("vde"), "unattributed")).isNull();
    }

    @Test
    void aRemovedUnitsIoStaysInItsSliceAndAVanishedOneIsCounted() throws IOException {
        IoAttributor attributor = afterFirstReading();
        // backup.service removed within the interval: system.slice keeps its counters, so its reads are the slice's own
        tree("2-done");
        Files.delete(cg().resolve("system.slice/backup.service/io.stat"));
        IoAttributor.Result r = attributor.attribute(devices("0-created", "2-done"));
        assertThat(r.attribution().getCgroupsVanished()).isEqualTo(1);
        IoConsumer slice = find(r.consumers().get("md0"), "system.slice");
        assertThat(slice.getKind()).isEqualTo(ConsumerKind.SLICE);
        assertThat(slice.getReadIos()).isEqualTo(979);
        assertThat(find(r.consumers().get("md0"), "db.service").getWriteIos()).isEqualTo(1324);
        assertThat(find(r.consumers().get("md0"), "unattributed")).isNull();
    }

    @Test
    void eachSnapshotsHierarchyReadInTurnKeepsTheBaselineByCgroupPath() throws IOException {
        // raidpulse top --between reads one snapshot's tree, then another's: the same cgroups under another root
        tree("0-created");
        Path earlier = Files.createTempDirectory(sys.getParent(), "earlier");
        try (var walk = Files.walk(sys)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path to = earlier.resolve(sys.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        tree("2-done");
        java.util.Iterator<Path> roots = List.of(earlier, sys).iterator();
        IoAttributor attributor = new IoAttributor(() -> new CgroupHierarchy(roots.next()), AttributionSettings.DEFAULTS);
        assertThat(attributor.attribute(devices("0-created", "0-created")).attribution().getStatus())
                .isEqualTo(AttributionStatus.FIRST_SAMPLE);
        IoAttributor.Result r = attributor.attribute(devices("0-created", "2-done"));
        assertThat(r.problems()).isEmpty();
        assertThat(find(r.consumers().get("md0"), "db.service").getWriteIos()).isEqualTo(1324);
        assertThat(find(r.consumers().get("md0"), "backup.service").getReadIos()).isEqualTo(979);
    }

    @Test
    void aUnitGoneAndMadeAgainStartsFromZero() throws IOException {
        IoAttributor attributor = afterFirstReading();
        tree("2-done");
        attributor.attribute(devices("0-created", "2-done"));
        // backup.service stopped: its cgroup is removed, its reads stay in system.slice's counters
        Path backup = cg().resolve("system.slice/backup.service");
        try (var walk = Files.walk(backup)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        IoAttributor.Result gone = attributor.attribute(devices("2-done", "2-done"));
        assertThat(gone.consumers().get("md0")).extracting(IoConsumer::getName).doesNotContain("backup.service");
        // started again, a new cgroup whose counters start at zero: the 979 reads it shows are the interval's, although
        // the cgroup of the same path showed as many before it went (a baseline kept by path would make them 0)
        tree("2-done");
        IoAttributor.Result again = attributor.attribute(devices("2-done", "2-done"));
        assertThat(find(again.consumers().get("md0"), "backup.service").getReadIos()).isEqualTo(979);
    }

    @Test
    void aCgroupUnreadAtOneReadingIsNotCountedWithItsWholeLifeAtTheNext() throws IOException {
        IoAttributor attributor = afterFirstReading();
        // db.service's io.stat cannot be read this time (a directory stands in for the file): its writes stay in its slice's own
        tree("2-done");
        Path dbStat = cg().resolve("system.slice/db.service/io.stat");
        Files.delete(dbStat);
        Files.createDirectory(dbStat);
        IoAttributor.Result unread = attributor.attribute(devices("0-created", "2-done"));
        assertThat(unread.problems()).singleElement().asString().startsWith(dbStat + ": cannot read");
        assertThat(find(unread.consumers().get("md0"), "system.slice").getWriteIos()).isEqualTo(1324);
        assertThat(find(unread.consumers().get("md0"), "db.service")).isNull();
        // readable again, with the same 1324 writes it has had since it started: none of them are this interval's
        Files.delete(dbStat);
        tree("3-discard");
        IoAttributor.Result again = attributor.attribute(devices("2-done", "3-discard"));
        assertThat(again.problems()).isEmpty();
        assertThat(again.consumers().get("md0")).isEmpty();
    }

    @Test
    void theUnitsOfASliceReadWholeAtOneReadingAreNotCountedWithTheirWholeLifeAtTheNext() throws IOException {
        IoAttributor attributor = afterFirstReading();
        // the io controller taken from system.slice's children for a while: the slice is read whole
        tree("2-done");
        Files.writeString(cg().resolve("system.slice/cgroup.subtree_control"), "memory pids\n");
        IoAttributor.Result whole = attributor.attribute(devices("0-created", "2-done"));
        IoConsumer slice = find(whole.consumers().get("md0"), "system.slice");
        assertThat(slice.getWriteIos()).isEqualTo(1324);
        assertThat(slice.getReadIos()).isEqualTo(979);
        // and given back: the units were there all along, their counters are not this interval's
        tree("3-discard");
        IoAttributor.Result walked = attributor.attribute(devices("2-done", "3-discard"));
        assertThat(walked.consumers().get("md0")).isEmpty();
        // from the next reading on, what a unit does is its own again: db.service writes 100 more
        tree("4-check");
        for (String stat : List.of("system.slice/db.service/io.stat", "system.slice/io.stat")) {
            Path file = cg().resolve(stat);
            Files.writeString(file, Files.readString(file).replace("wbytes=5423104", "wbytes=5832704").replace("wios=1324", "wios=1424"));
        }
        IoAttributor.Result next = attributor.attribute(devices("3-discard", "4-check"));
        assertThat(next.consumers().get("md0")).extracting(IoConsumer::getName).containsExactly("db.service");
        assertThat(find(next.consumers().get("md0"), "db.service").getWriteIos()).isEqualTo(100);
    }

    @Test
    void theTopConsumersThenOtherSummed() throws IOException {
        IoAttributor attributor = new IoAttributor(new CgroupHierarchy(sys),
                AttributionSettings.from(Settings.of(Map.of("collector.attribution.top", "1"))));
        tree("0-created");
        attributor.attribute(devices("0-created", "0-created"));
        tree("2-done");
        List<IoConsumer> md0 = attributor.attribute(devices("0-created", "2-done")).consumers().get("md0");
        assertThat(md0).extracting(IoConsumer::getName).containsExactly("db.service", "other");
        assertThat(md0.get(1).getKind()).isEqualTo(ConsumerKind.OTHER);
        assertThat(md0.get(1).getReadIos()).isEqualTo(979);
        assertThat(md0.get(1).getCgroups()).isEqualTo(1);
    }

    @Test
    void aHierarchyWithoutV2OrWithoutTheIoControllerSaysWhy() throws IOException {
        IoAttributor attributor = new IoAttributor(new CgroupHierarchy(sys), AttributionSettings.DEFAULTS);
        assertThat(attributor.attribute(List.of()).attribution().getStatus()).isEqualTo(AttributionStatus.UNREADABLE);
        Files.createDirectories(cg().resolve("blkio"));
        IoAttributor.Result v1 = attributor.attribute(List.of());
        assertThat(v1.attribution().getStatus()).isEqualTo(AttributionStatus.CGROUP_V1);
        assertThat(v1.state().reason()).contains("cgroup v1");
        Files.writeString(cg().resolve("cgroup.controllers"), "cpu io memory pids\n");
        Files.writeString(cg().resolve("cgroup.subtree_control"), "cpu memory pids\n");
        IoAttributor.Result none = attributor.attribute(List.of());
        assertThat(none.attribution().getStatus()).isEqualTo(AttributionStatus.NO_IO_CONTROLLER);
        assertThat(none.state().reason()).contains("DefaultIOAccounting=yes");
        IoAttributor disabled = new IoAttributor(new CgroupHierarchy(sys),
                AttributionSettings.from(Settings.of(Map.of("collector.attribution.enabled", "false"))));
        assertThat(disabled.attribute(List.of()).attribution().getStatus()).isEqualTo(AttributionStatus.DISABLED);
    }

    @Test
    void aMalformedLineIsAProblemNamingTheFileAndTheRestIsRead() throws IOException {
        IoAttributor attributor = afterFirstReading();
        tree("2-done");
        Path dbStat = cg().resolve("system.slice/db.service/io.stat");
        Files.writeString(dbStat, "254:64 rbytes=oops\n" + Files.readString(dbStat));
        IoAttributor.Result r = attributor.attribute(devices("0-created", "2-done"));
        assertThat(r.problems()).containsExactly(dbStat + ":1: rbytes: 'oops' is not a counter");
        assertThat(find(r.consumers().get("md0"), "db.service").getWriteIos()).isEqualTo(1324);
    }
}
