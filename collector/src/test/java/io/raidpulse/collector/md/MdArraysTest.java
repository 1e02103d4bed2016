package io.raidpulse.collector.md;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.md.ArrayMember.Status;
import io.raidpulse.md.MdSysfs;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.Mdstat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** md sysfs trees (fixtures/sys-md laid out like a root) merged with /proc/mdstat. */
class MdArraysTest {
    private static final Path ROOT = Fixtures.dir("sys-md");

    private static Map<String, ArrayState> arrays() {
        Mdstat mdstat = Mdstat.parse(Fixtures.text("sys-md/proc/mdstat"), "mdstat");
        assertThat(mdstat.errors()).isEmpty();
        MdArrays.Result r = MdArrays.merge(ROOT.resolve("sys"), mdstat);
        assertThat(r.sysfsProblems()).isEmpty();
        return r.arrays().stream().collect(Collectors.toMap(ArrayState::name, Function.identity()));
    }

    @Test
    void sysfsFirstMdstatForWhatOnlyItShows() {
        ArrayState md0 = arrays().get("md0");
        assertThat(md0.fromSysfs()).isTrue();
        assertThat(md0.syncAction()).isEqualTo("resync");
        assertThat(md0.syncState()).as("resync=DELAYED is only in mdstat").isEqualTo("delayed");
        assertThat(md0.syncDoneSectors()).isNull();
        assertThat(md0.syncEtaS()).isNull();
        assertThat(md0.arrayState()).isEqualTo("clean");
        assertThat(md0.sizeKib()).isEqualTo(3906764800L / 2);
    }

    @Test
    void recoveryProgressEtaAndMemberStates() {
        ArrayState md1 = arrays().get("md1");
        assertThat(md1.level()).isEqualTo("raid1");
        assertThat(md1.layout()).isNull();
        assertThat(md1.chunkBytes()).isNull();
        assertThat(md1.degraded()).isEqualTo(1);
        assertThat(md1.syncAction()).isEqualTo("recover");
        assertThat(md1.syncState()).isEqualTo("running");
        assertThat(md1.syncDoneSectors()).as("mdstat's 524288 KiB").isEqualTo(1048576L);
        assertThat(md1.syncTotalSectors()).isEqualTo(3906764800L);
        assertThat(md1.syncCompletedPct()).as("as mdstat prints it").isEqualTo(0.0);
        assertThat(md1.syncSpeedKibS()).isEqualTo(201000L);
        assertThat(md1.syncEtaS()).as("mdstat's finish=161.9min").isEqualTo(9714L);
        assertThat(md1.lastSyncAction()).as("6.1's 'recovery' in sync_action's words").isEqualTo("recover");
        assertThat(md1.members()).as("number: mdstat's [n], mdadm's Number").containsExactly(
                new ArrayMember("sdc1", 0, Status.IN_SYNC, List.of("in_sync"), false, false, 0L, null, 0),
                new ArrayMember("sdd1", 1, Status.REBUILDING, List.of("spare"), false, false, 0L, 1048576L, 1),
                new ArrayMember("sde1", null, Status.FAULTY, List.of("faulty"), false, false, 12L, 0L, 2));
    }

    @Test
    void nestedArraysResolveToLeafDisks() {
        Map<String, ArrayState> a = arrays();
        ArrayState md2 = a.get("md2");
        assertThat(md2.level()).isEqualTo("raid0");
        assertThat(md2.chunkBytes()).isEqualTo(524288L);
        assertThat(md2.degraded()).as("raid0 has no md/degraded").isNull();
        assertThat(md2.members()).extracting(ArrayMember::device).containsExactly("md0", "md1");
        assertThat(md2.leafDisks()).containsExactly("sda1", "sdb1", "sdc1", "sdd1", "sde1");
        assertThat(a.get("md0").leafDisks()).containsExactly("sda1", "sdb1");
    }

    @Test
    void raid10OffsetLayoutWriteMostlyAndSpare() {
        ArrayState md3 = arrays().get("md3");
        assertThat(md3.fromSysfs()).isTrue();
        assertThat(md3.layout()).isEqualTo("offset-2");
        assertThat(md3.layoutCode()).isEqualTo(0x10201);
        assertThat(md3.members().get(0).writeMostly()).isTrue();
        assertThat(md3.members().get(4)).satisfies(m -> {
            assertThat(m.device()).isEqualTo("sdj");
            assertThat(m.status()).isEqualTo(Status.SPARE);
            assertThat(m.role()).isNull();
        });
    }

    @Test
    void raid6CheckThrottledToZeroHasNoEtaAndCountsMismatches() {
        ArrayState md4 = arrays().get("md4");
        assertThat(md4.layout()).isEqualTo("left-symmetric-6");
        assertThat(md4.syncAction()).isEqualTo("check");
        assertThat(md4.syncCompletedPct()).as("mdstat's live position, not sync_completed's 50.0").isEqualTo(50.1);
        assertThat(md4.syncDoneSectors()).isEqualTo(3921000000L * 2);
        assertThat(md4.syncCheckpointSectors()).isEqualTo(7813529600L);
        assertThat(md4.syncSpeedKibS()).isZero();
        assertThat(md4.syncEtaS()).isNull();
        assertThat(md4.mismatchCnt()).isEqualTo(1024L);
        assertThat(md4.members()).filteredOn(ArrayMember::replacement).singleElement().satisfies(m -> {
            assertThat(m.device()).isEqualTo("sdq");
            assertThat(m.status()).as("a replacement being built holds the slot it replaces").isEqualTo(Status.REBUILDING);
            assertThat(m.role()).isEqualTo(4);
        });
        assertThat(md4.members()).filteredOn(m -> m.state().contains("want_replacement")).extracting(ArrayMember::errors)
                .containsExactly(3L);
    }

    @Test
    void reshapeReportsTheNewDiskCount() {
        ArrayState md5 = arrays().get("md5");
        assertThat(md5.raidDisks()).isEqualTo(5);
        assertThat(md5.layout()).isEqualTo("left-symmetric");
        assertThat(md5.syncAction()).isEqualTo("reshape");
        assertThat(md5.syncEtaS()).as("finish=1302.2min").isEqualTo(78132L);
    }

    @Test
    void arrayWithoutSysfsComesFromMdstat() {
        ArrayState md9 = arrays().get("md9");
        assertThat(md9.fromSysfs()).isFalse();
        assertThat(md9.level()).isEqualTo("raid1");
        assertThat(md9.raidDisks()).isEqualTo(2);
        assertThat(md9.degraded()).isZero();
        assertThat(md9.arrayState()).isEqualTo("active");
        assertThat(md9.members()).allMatch(ArrayMember::inSync);
        assertThat(md9.members()).as("mdstat's [n] is a descriptor number, not a slot").allMatch(m -> m.role() == null);
        assertThat(md9.leafDisks()).containsExactly("sdx1", "sdw1");
    }

    @Test
    void mdstatOnlyFallbackKeepsEverythingItCanTell() {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/check-and-throttled-resync.mdstat"), "mdstat");
        Map<String, ArrayState> a = MdArrays.merge(Path.of("/nonexistent-sys"), m).arrays().stream()
                .collect(Collectors.toMap(ArrayState::name, Function.identity()));
        assertThat(a.get("md2").syncAction()).isEqualTo("check");
        assertThat(a.get("md2").syncDoneSectors()).isEqualTo(2881245504L * 2);
        assertThat(a.get("md2").syncCompletedPct()).isEqualTo(98.3);
        assertThat(a.get("md2").syncEtaS()).as("finish=81.7min").isEqualTo(4902L);
        assertThat(a.get("md0").syncEtaS()).as("speed 0, finish=999999.9min").isNull();
        Map<String, ArrayState> flags = MdArrays.merge(Path.of("/nonexistent-sys"),
                Mdstat.parse(Fixtures.text("mdstat/raid10-near-far-offset.mdstat"), "m")).arrays().stream()
                .collect(Collectors.toMap(ArrayState::name, Function.identity()));
        assertThat(flags.get("md4").layout()).isEqualTo("offset-2");
        assertThat(flags.get("md4").degraded()).isEqualTo(1);
        assertThat(flags.get("md4").chunkBytes()).isEqualTo(512L * 1024);
    }

    /** The kernel's finish= is the ETA: the speed it prints is rounded, and 12K/sec for 12.5 would give 288.5 min. */
    @Test
    void slowSyncEtaIsMdsFinishNotARecomputation() {
        Mdstat m = Mdstat.parse("""
                Personalities : [raid1]
                md0 : active raid1 sdb1[2] sda1[0]
                      208704 blocks super 1.2 [2/1] [U_]
                      [>....................]  recovery =  0.4% (1024/208704) finish=276.9min speed=12K/sec

                unused devices: <none>
                """, "mdstat");
        ArrayState fromText = MdArrays.merge(List.of(), name -> null, m).arrays().get(0);
        assertThat(fromText.syncEtaS()).as("276.9 min").isEqualTo(16614L);
        assertThat(fromText.members()).extracting(ArrayMember::number).containsExactly(2, 0);
        MdSysfsArray sys = MdSysfs.read("md0", "/sys/block/md0", Map.of("md/level", "raid1\n", "md/sync_action", "recover\n",
                "md/sync_completed", "0 / 417408\n", "md/sync_speed", "12\n"));
        assertThat(MdArrays.fromSysfs(sys, m.arrays().get(0)).syncEtaS()).as("sysfs's checkpoint is behind mdstat: md's finish=")
                .isEqualTo(16614L);
        MdSysfsArray fresher = MdSysfs.read("md0", "/sys/block/md0", Map.of("md/level", "raid1\n", "md/sync_action", "recover\n",
                "md/sync_completed", "26112 / 417408\n", "md/sync_speed", "12\n"));
        assertThat(MdArrays.fromSysfs(fresher, m.arrays().get(0)).syncEtaS())
                .as("sysfs read later and past mdstat's position: (208704 - 13056) KiB / 12 KiB/s").isEqualTo(16304L);
        Mdstat noFinish = Mdstat.parse("""
                md0 : active raid1 sdb1[2] sda1[0]
                      208704 blocks super 1.2 [2/1] [U_]
                      [>....................]  recovery =  0.4% (1024/208704) speed=12K/sec

                """, "mdstat");
        assertThat(MdArrays.merge(List.of(), name -> null, noFinish).arrays().get(0).syncEtaS())
                .as("no finish=: KiB left / speed, rounded up").isEqualTo((208704L - 1024 + 11) / 12);
    }

    /** An md sysfs tree of another project's tests: sync_completed, no sync_speed file. */
    @Test
    void syncFractionFromSyncCompletedNeedsNoSpeed() {
        MdSysfsArray sys = MdSysfs.read("md127", "/sys/block/md127", Map.of("md/level", "raid1\n",
                "md/sync_action", "recover\n", "md/sync_completed", "1569888 / 2093056\n", "md/array_state", "clean\n"));
        ArrayState a = MdArrays.merge(List.of("md127"), name -> sys, null).arrays().get(0);
        assertThat(a.syncAction()).isEqualTo("recover");
        assertThat(a.syncCompletedPct()).isCloseTo(100.0 * 1569888 / 2093056, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(a.syncDoneSectors()).isEqualTo(1569888L);
        assertThat(a.syncTotalSectors()).isEqualTo(2093056L);
        assertThat(a.syncEtaS()).as("no speed, no ETA").isNull();
    }

    @Test
    void lastSyncActionReadsTheSameOnEveryKernel() {
        for (String word : List.of("recovery", "recover")) {
            MdSysfsArray sys = MdSysfs.read("md0", "/sys/block/md0", Map.of("md/level", "raid5\n", "md/sync_action", "idle\n",
                    "md/last_sync_action", word + "\n"));
            assertThat(MdArrays.fromSysfs(sys, null).lastSyncAction()).as(word).isEqualTo("recover");
        }
        MdSysfsArray check = MdSysfs.read("md0", "/sys/block/md0", Map.of("md/last_sync_action", "check\n"));
        assertThat(MdArrays.fromSysfs(check, null).lastSyncAction()).isEqualTo("check");
    }

    @Test
    void bitmapAndConsistencyPolicy() {
        Mdstat m = Mdstat.parse("""
                Personalities : [raid1] [raid6] [raid5] [raid4]
                md1 : active raid1 vdd[1] vdc[0]
                      1046528 blocks super 1.2 [2/2] [UU]
                      bitmap: 0/1 pages [0KB], 65536KB chunk, file: /tmp/out/md1.bitmap

                md0 : active raid5 vdb[1] vda[0] vde[3](J)
                      2093056 blocks super 1.2 level 5, 512k chunk, algorithm 2 [2/2] [UU]

                md2 : active raid1 vdf[1] vdg[0]
                      1046528 blocks super 1.2 [2/2] [UU]
                      bitmap: 1/1 pages [4KB], 65536KB chunk

                unused devices: <none>
                """, "mdstat");
        Map<String, ArrayState> a = MdArrays.merge(List.of(), name -> null, m).arrays().stream()
                .collect(Collectors.toMap(ArrayState::name, Function.identity()));
        assertThat(a.get("md1").bitmap()).isEqualTo("external");
        assertThat(a.get("md0").bitmap()).isEqualTo("none");
        assertThat(a.get("md2").bitmap()).isEqualTo("internal");
        MdSysfsArray journal = MdSysfs.read("md0", "/sys/block/md0", Map.of("md/level", "raid5\n",
                "md/consistency_policy", "journal\n", "md/bitmap/location", "none\n", "md/bitmap_type", "[none] bitmap \n"));
        ArrayState md0 = MdArrays.fromSysfs(journal, m.arrays().get(1));
        assertThat(md0.consistencyPolicy()).isEqualTo("journal");
        assertThat(md0.bitmap()).isEqualTo("none");
        MdSysfsArray internal = MdSysfs.read("md2", "/sys/block/md2", Map.of("md/level", "raid1\n",
                "md/consistency_policy", "bitmap\n", "md/bitmap/location", "+8\n"));
        assertThat(MdArrays.fromSysfs(internal, null).bitmap()).isEqualTo("internal");
    }

    /**
     * Debian unstable's 7.2 (the lab's md-features@sid): a RAID5 with a write journal, mdadm --detail
     * of the same moment in the fixture's mdadm-detail.txt. 7.2 adds bitmap_type ("[none] bitmap "),
     * sync_io_depth, logical_block_size and new_level ("5"), keeps bitmap/ with only location for an
     * array without a bitmap, and lists no [linear] personality.
     */
    @Test
    void linux72JournalledRaid5AgreesWithMdadm() {
        Path root = Fixtures.dir("real-md-7.2/raid5-journal");
        Mdstat m = Mdstat.parse(Fixtures.text("real-md-7.2/raid5-journal/proc/mdstat"), "mdstat");
        assertThat(m.errors()).isEmpty();
        assertThat(m.personalities()).containsExactly("raid0", "raid1", "raid4", "raid5", "raid6", "raid10");
        MdArrays.Result r = MdArrays.merge(root.resolve("sys"), m);
        assertThat(r.sysfsProblems()).isEmpty();
        ArrayState md0 = r.arrays().get(0);
        assertThat(md0.consistencyPolicy()).isEqualTo("journal");
        assertThat(md0.bitmap()).isEqualTo("none");
        assertThat(md0.lastSyncAction()).isEqualTo("recover");
        // mdadm: Number 1 vda slot 0, 4 vdb slot 1, 3 vdc slot 2, 0 vdd journal
        assertThat(md0.members()).extracting(ArrayMember::device, ArrayMember::number, ArrayMember::role, ArrayMember::status)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("vda", 1, 0, Status.IN_SYNC),
                        org.assertj.core.groups.Tuple.tuple("vdb", 4, 1, Status.IN_SYNC),
                        org.assertj.core.groups.Tuple.tuple("vdc", 3, 2, Status.IN_SYNC),
                        org.assertj.core.groups.Tuple.tuple("vdd", 0, null, Status.JOURNAL));
    }

    @Test
    void memberBlockLinkNamesTheDevice(@TempDir Path tmp) throws IOException {
        Path dev = tmp.resolve("block/md0/md/dev-sdz1");
        Files.createDirectories(dev);
        Files.writeString(tmp.resolve("block/md0/md/level"), "raid1\n");
        Files.writeString(dev.resolve("state"), "in_sync\n");
        Files.writeString(dev.resolve("slot"), "0\n");
        Files.createSymbolicLink(dev.resolve("block"), Path.of("../../../../devices/pci0000:00/ata1/host0/block/sdz/sdz1"));
        ArrayState md0 = MdArrays.merge(tmp, null).arrays().get(0);
        assertThat(md0.members()).extracting(ArrayMember::device).containsExactly("sdz1");
    }

    @Test
    void malformedSysfsValueIsLeftOutNamingTheFileAndTheRestOfTheArrayIsKept(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("block/md9/md/dev-sdw1"));
        Files.writeString(tmp.resolve("block/md9/md/level"), "raid1\n");
        Files.writeString(tmp.resolve("block/md9/md/array_state"), "clean\n");
        Files.writeString(tmp.resolve("block/md9/md/degraded"), "lots\n");
        Files.writeString(tmp.resolve("block/md9/md/dev-sdw1/state"), "in_sync\n");
        Files.writeString(tmp.resolve("block/md9/md/dev-sdw1/slot"), "0\n");
        Mdstat m = Mdstat.parse(Fixtures.text("sys-md/proc/mdstat"), "mdstat");
        MdArrays.Result r = MdArrays.merge(tmp, m);
        assertThat(r.sysfsProblems()).singleElement().satisfies(e -> assertThat(e.getMessage()).isEqualTo(
                tmp.resolve("block/md9/md/degraded") + ":1: expected a non-negative number, got 'lots': left out, the rest of the array is read"));
        assertThat(r.arrays()).filteredOn(a -> a.name().equals("md9")).singleElement().satisfies(a -> {
            assertThat(a.fromSysfs()).isTrue();
            assertThat(a.arrayState()).as("sysfs's, not mdstat's 'active'").isEqualTo("clean");
            assertThat(a.degraded()).as("from mdstat's [2/2]").isZero();
            assertThat(a.members()).singleElement().satisfies(x -> assertThat(x.role()).isZero());
        });
    }

    @Test
    void oddMemberSlotIsReportedAndTheMemberIsUnknownNotASpare(@TempDir Path tmp) throws IOException {
        Path dev = tmp.resolve("block/md0/md/dev-sdb1");
        Files.createDirectories(dev);
        Files.writeString(tmp.resolve("block/md0/md/level"), "raid1\n");
        Files.writeString(tmp.resolve("block/md0/md/layout"), "0 (garbage)\n");
        Files.writeString(dev.resolve("state"), "spare\n");
        Files.writeString(dev.resolve("slot"), "x1\n");
        Path journal = tmp.resolve("block/md0/md/dev-sdc1");
        Files.createDirectories(journal);
        Files.writeString(journal.resolve("state"), "journal\n");
        Files.writeString(journal.resolve("slot"), "journal\n");
        MdArrays.Result r = MdArrays.merge(tmp, null);
        assertThat(r.sysfsProblems()).extracting(Throwable::getMessage).containsExactly(
                tmp.resolve("block/md0/md/layout") + ":1: expected 'N' or 'new (old)', got '0 (garbage)': left out, the rest of the array is read",
                dev.resolve("slot") + ":1: expected a non-negative number, got 'x1': left out, the rest of the array is read");
        assertThat(r.arrays().get(0).members()).extracting(ArrayMember::status).containsExactly(Status.UNKNOWN, Status.JOURNAL);
    }

    @Test
    void reshapeValuesNewAndOldTakeTheNewOne(@TempDir Path tmp) throws IOException {
        Path md = tmp.resolve("block/md0/md");
        Files.createDirectories(md);
        Files.writeString(md.resolve("level"), "raid5\n");
        Files.writeString(md.resolve("layout"), "2 (0)\n");
        Files.writeString(md.resolve("chunk_size"), "524288 (65536)\n");
        Files.writeString(md.resolve("raid_disks"), "5 (4)\n");
        ArrayState a = MdArrays.merge(tmp, null).arrays().get(0);
        assertThat(a.layout()).isEqualTo("left-symmetric");
        assertThat(a.chunkBytes()).isEqualTo(524288L);
        assertThat(a.raidDisks()).isEqualTo(5);
    }

    private static Map<String, ArrayState> mdstatOnly(String fixture) {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/" + fixture), fixture);
        assertThat(m.errors()).isEmpty();
        return MdArrays.merge(Path.of("/nonexistent-sys"), m).arrays().stream()
                .collect(Collectors.toMap(ArrayState::name, Function.identity()));
    }

    @Test
    void activeArrayWithNoMemberDevicesIsReportedDegradedByAllItsDisks() {
        Map<String, ArrayState> a = mdstatOnly("no-member-devices.mdstat");
        assertThat(a.keySet()).containsExactlyInAnyOrder("md1", "md2", "md3", "md4");
        ArrayState md1 = a.get("md1");
        assertThat(md1.active()).isTrue();
        assertThat(md1.level()).isEqualTo("raid5");
        assertThat(md1.layout()).isEqualTo("left-symmetric");
        assertThat(md1.chunkBytes()).isEqualTo(512 * 1024L);
        assertThat(md1.raidDisks()).isEqualTo(4);
        assertThat(md1.degraded()).isEqualTo(4);
        assertThat(md1.members()).isEmpty();
        assertThat(md1.sizeKib()).isNull();
        assertThat(a.get("md2").degraded()).isEqualTo(2);
        assertThat(a.get("md3").active()).isFalse();
        assertThat(a.get("md3").arrayState()).isEqualTo("inactive");
    }

    @Test
    void clusteredSyncOnAnotherNodeIsKeptWithItsAction(@TempDir Path tmp) throws IOException {
        Map<String, ArrayState> a = mdstatOnly("clustered-remote.mdstat");
        assertThat(a.get("md0").syncAction()).isEqualTo("resync");
        assertThat(a.get("md0").syncState()).isEqualTo("remote");
        assertThat(a.get("md0").syncCompletedPct()).isNull();
        assertThat(a.get("md1").syncAction()).isEqualTo("recover");
        assertThat(a.get("md1").degraded()).isEqualTo(1);
        assertThat(a.get("md2").syncAction()).isEqualTo("reshape");
        // this node's sysfs says idle: the sync runs on another node, on the same disks
        Files.createDirectories(tmp.resolve("block/md0/md"));
        Files.writeString(tmp.resolve("block/md0/md/level"), "raid1\n");
        Files.writeString(tmp.resolve("block/md0/md/sync_action"), "idle\n");
        ArrayState md0 = MdArrays.merge(tmp, Mdstat.parse(Fixtures.text("mdstat/clustered-remote.mdstat"), "m")).arrays()
                .stream().filter(x -> x.name().equals("md0")).findFirst().orElseThrow();
        assertThat(md0.fromSysfs()).isTrue();
        assertThat(md0.syncAction()).isEqualTo("resync");
        assertThat(md0.syncState()).isEqualTo("remote");
    }

    @Test
    void mdstatAloneTellsInSyncOnlyWhenTheUnflaggedMembersFillTheInSyncSlots() {
        Map<String, ArrayState> a = mdstatOnly("member-flags.mdstat");
        // md6: sdh1[4](R) sdg1[3] sdf1[2] sde1[1] sdd1[0](F) sdi1[5](S), [4/3] [_UUU], recovery onto the replacement:
        // the three without a flag fill the three U slots
        assertThat(a.get("md6").members()).extracting(ArrayMember::device, ArrayMember::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("sdh1", Status.REBUILDING),
                org.assertj.core.groups.Tuple.tuple("sdg1", Status.IN_SYNC),
                org.assertj.core.groups.Tuple.tuple("sdf1", Status.IN_SYNC),
                org.assertj.core.groups.Tuple.tuple("sde1", Status.IN_SYNC),
                org.assertj.core.groups.Tuple.tuple("sdd1", Status.FAULTY),
                org.assertj.core.groups.Tuple.tuple("sdi1", Status.SPARE));
        assertThat(a.get("md7").members()).extracting(ArrayMember::status)
                .containsExactly(Status.IN_SYNC, Status.IN_SYNC, Status.IN_SYNC, Status.JOURNAL);
        // md0: sda3[2] sdb3[1], [2/1] [_U], recovery: one of the two is being rebuilt, mdstat does not say which
        assertThat(mdstatOnly("recovery-and-resync-delayed.mdstat").get("md0").members())
                .allSatisfy(m -> assertThat(m.status()).isEqualTo(Status.UNKNOWN));
        assertThat(mdstatOnly("raid0-linear-no-disk-count.mdstat").get("md0").members()).allMatch(ArrayMember::inSync);
        assertThat(mdstatOnly("inactive.mdstat").get("md127").members()).allSatisfy(m -> assertThat(m.status()).isEqualTo(Status.SPARE));
    }

    @Test
    void memberWithAFlagMdDoesNotPrintIsUnknownAndSoAreTheOthersWithoutAFlag() {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/mangled-blank-line-flag-no-status.mdstat"), "m");
        ArrayState md0 = MdArrays.merge(Path.of("/nonexistent-sys"), m).arrays().get(0);
        assertThat(md0.members()).extracting(ArrayMember::status).containsExactly(Status.UNKNOWN, Status.UNKNOWN);
        assertThat(md0.syncCompletedPct()).isEqualTo(8.5);
    }
}
