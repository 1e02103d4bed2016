package io.raidpulse.collector.md;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.cli.Run;
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
        Mdstat mdstat = MdstatParser.parse(Fixtures.text("sys-md/proc/mdstat"), "mdstat");
        assertThat(mdstat.errors()).isEmpty();
        MdArrays.Result r = MdArrays.merge(ROOT.resolve("sys"), mdstat);
        assertThat(r.sysfsErrors()).isEmpty();
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
        assertThat(md1.syncDoneSectors()).isEqualTo(1048576L);
        assertThat(md1.syncTotalSectors()).isEqualTo(3906764800L);
        assertThat(md1.syncCompletedPct()).isCloseTo(100.0 * 1048576 / 3906764800L, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(md1.syncSpeedKibS()).isEqualTo(201000L);
        assertThat(md1.syncEtaS()).isEqualTo((3906764800L - 1048576L) / 2 / 201000);
        assertThat(md1.members()).containsExactly(
                new ArrayMember("sdc1", 0, List.of("in_sync"), true, false, false, false, false, 0L),
                new ArrayMember("sdd1", 1, List.of("spare"), false, false, true, false, false, 0L),
                new ArrayMember("sde1", null, List.of("faulty"), false, true, false, false, false, 12L));
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
            assertThat(m.spare()).isTrue();
            assertThat(m.role()).isNull();
        });
    }

    @Test
    void raid6CheckThrottledToZeroHasNoEtaAndCountsMismatches() {
        ArrayState md4 = arrays().get("md4");
        assertThat(md4.layout()).isEqualTo("left-symmetric-6");
        assertThat(md4.syncAction()).isEqualTo("check");
        assertThat(md4.syncCompletedPct()).isEqualTo(50.0);
        assertThat(md4.syncSpeedKibS()).isZero();
        assertThat(md4.syncEtaS()).isNull();
        assertThat(md4.mismatchCnt()).isEqualTo(1024L);
        assertThat(md4.members()).filteredOn(ArrayMember::replacement).extracting(ArrayMember::device).containsExactly("sdq");
        assertThat(md4.members()).filteredOn(m -> m.state().contains("want_replacement")).extracting(ArrayMember::errors)
                .containsExactly(3L);
    }

    @Test
    void reshapeReportsTheNewDiskCount() {
        ArrayState md5 = arrays().get("md5");
        assertThat(md5.raidDisks()).isEqualTo(5);
        assertThat(md5.layout()).isEqualTo("left-symmetric");
        assertThat(md5.syncAction()).isEqualTo("reshape");
        assertThat(md5.syncEtaS()).isEqualTo((11720294400L - 3906764800L) / 2 / 50000);
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
        assertThat(md9.leafDisks()).containsExactly("sdx1", "sdw1");
    }

    @Test
    void mdstatOnlyFallbackKeepsEverythingItCanTell() {
        Mdstat m = MdstatParser.parse(Fixtures.text("mdstat/check-and-throttled-resync.mdstat"), "mdstat");
        Map<String, ArrayState> a = MdArrays.merge(Path.of("/nonexistent-sys"), m).arrays().stream()
                .collect(Collectors.toMap(ArrayState::name, Function.identity()));
        assertThat(a.get("md2").syncAction()).isEqualTo("check");
        assertThat(a.get("md2").syncDoneSectors()).isEqualTo(2881245504L * 2);
        assertThat(a.get("md2").syncEtaS()).isEqualTo(Math.round(81.7 * 60));
        assertThat(a.get("md0").syncEtaS()).as("speed 0, finish=999999.9min").isNull();
        Map<String, ArrayState> flags = MdArrays.merge(Path.of("/nonexistent-sys"),
                MdstatParser.parse(Fixtures.text("mdstat/raid10-near-far-offset.mdstat"), "m")).arrays().stream()
                .collect(Collectors.toMap(ArrayState::name, Function.identity()));
        assertThat(flags.get("md4").layout()).isEqualTo("offset-2");
        assertThat(flags.get("md4").degraded()).isEqualTo(1);
        assertThat(flags.get("md4").chunkBytes()).isEqualTo(512L * 1024);
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
    void malformedSysfsValueIsAnErrorNamingTheFileAndMdstatStillServes(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("block/md9/md"));
        Files.writeString(tmp.resolve("block/md9/md/level"), "raid1\n");
        Files.writeString(tmp.resolve("block/md9/md/degraded"), "lots\n");
        Mdstat m = MdstatParser.parse(Fixtures.text("sys-md/proc/mdstat"), "mdstat");
        MdArrays.Result r = MdArrays.merge(tmp, m);
        assertThat(r.sysfsErrors()).singleElement().satisfies(e ->
                assertThat(e.getMessage()).isEqualTo(tmp.resolve("block/md9/md/degraded") + ":1: expected a non-negative number, got 'lots'"));
        assertThat(r.arrays()).filteredOn(a -> a.name().equals("md9")).singleElement()
                .satisfies(a -> assertThat(a.fromSysfs()).isFalse());
    }

    @Test
    void arraysJsonHasTheDocumentedKeys() {
        Run run = Run.of("arrays", "--json", "--proc-root", ROOT.resolve("proc").toString(), "--sys-root", ROOT.resolve("sys").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> lines = run.jsonLines();
        assertThat(lines).hasSize(7);
        JsonNode md1 = lines.stream().filter(l -> l.get("name").asText().equals("md1")).findFirst().orElseThrow();
        for (String key : List.of("name", "level", "layout", "chunk_kib", "state", "raid_disks", "degraded", "sync_action",
                "sync_completed_pct", "sync_speed_kib_s", "sync_eta_s", "mismatch_cnt", "members", "leaf_disks")) {
            assertThat(md1.has(key)).as(key).isTrue();
        }
        assertThat(md1.get("sync_eta_s").asLong()).isEqualTo((3906764800L - 1048576L) / 2 / 201000);
        assertThat(md1.get("members").get(2).get("device").asText()).isEqualTo("sde1");
        assertThat(md1.get("members").get(2).get("role").isNull()).isTrue();
        assertThat(md1.get("members").get(2).get("state").get(0).asText()).isEqualTo("faulty");
        JsonNode md4 = lines.stream().filter(l -> l.get("name").asText().equals("md4")).findFirst().orElseThrow();
        assertThat(md4.get("sync_eta_s").isNull()).isTrue();
        assertThat(md4.get("chunk_kib").asLong()).isEqualTo(64);
        Run text = Run.of("arrays", "--proc-root", ROOT.resolve("proc").toString(), "--sys-root", ROOT.resolve("sys").toString());
        assertThat(text.out()).contains("md1: raid1, state active, 2 disks, DEGRADED by 1, recover");
    }

    @Test
    void layoutNames() {
        assertThat(MdLayouts.describe("raid10", 0x102)).isEqualTo("near-2");
        assertThat(MdLayouts.describe("raid10", 0x201)).isEqualTo("far-2");
        assertThat(MdLayouts.describe("raid10", 0x10301)).isEqualTo("offset-3");
        assertThat(MdLayouts.describe("raid10", 0x103)).isEqualTo("near-3");
        assertThat(MdLayouts.describe("raid10", 0x202)).isEqualTo("near-2,far-2");
        assertThat(MdLayouts.describe("raid10", 1 << 19)).isNull();
        assertThat(MdLayouts.describe("raid5", 0)).isEqualTo("left-asymmetric");
        assertThat(MdLayouts.describe("raid5", 3)).isEqualTo("right-symmetric");
        assertThat(MdLayouts.describe("raid6", 20)).isEqualTo("parity-first-6");
        assertThat(MdLayouts.describe("raid5", 7)).isNull();
        assertThat(MdLayouts.describe("raid1", 0)).isNull();
        assertThat(MdLayouts.describe("raid0", 2)).isEqualTo("alternate");
    }
}
