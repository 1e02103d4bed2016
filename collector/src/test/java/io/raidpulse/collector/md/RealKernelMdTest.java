package io.raidpulse.collector.md;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.md.ArrayMember.Status;
import io.raidpulse.md.Mdstat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Snapshots recorded on Debian's kernel 6.1.0-57-amd64 in QEMU with mdadm 4.2
 * (fixtures/real-md, see its README), each with mdadm --detail of every array as an oracle. What
 * {@code arrays} and {@code record} make of them: collector-tools' RealKernelArraysTest.
 */
class RealKernelMdTest {
    private static final Pattern DEVICE_ROW = Pattern.compile("^\\s+(\\d+|-)\\s+\\d+\\s+\\d+\\s+(\\d+|-)\\s+(.+?)\\s+/dev/(\\S+)$");

    static Stream<String> snapshots() throws IOException {
        try (Stream<Path> dirs = Files.list(Fixtures.dir("real-md"))) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    private static Path root(String snapshot) {
        return Fixtures.dir("real-md/" + snapshot);
    }

    private static Mdstat mdstat(String snapshot) {
        Mdstat m = Mdstat.parse(Fixtures.text("real-md/" + snapshot + "/proc/mdstat"), "mdstat");
        assertThat(m.errors()).isEmpty();
        assertThat(m.warnings()).isEmpty();
        return m;
    }

    private static Map<String, ArrayState> arrays(String snapshot) {
        MdArrays.Result r = MdArrays.merge(root(snapshot).resolve("sys"), mdstat(snapshot));
        assertThat(r.sysfsProblems()).as("sysfs values that did not parse").isEmpty();
        return r.arrays().stream().collect(Collectors.toMap(ArrayState::name, Function.identity()));
    }

    private static Map<String, ArrayState> mdstatOnly(String snapshot) {
        return MdArrays.merge(Path.of("/nonexistent-sys"), mdstat(snapshot)).arrays().stream()
                .collect(Collectors.toMap(ArrayState::name, Function.identity()));
    }

    /** What mdadm --detail says, in our words where both name the same thing. */
    private record Detail(String state, boolean degraded, String level, String layout, Long chunkKib, Map<String, Status> status,
                          Map<String, Integer> role) {
        static Detail of(String text) {
            String state = field(text, "State").split("[ ,]")[0];
            String layout = field(text, "Layout");
            String chunk = field(text, "Chunk Size");
            Map<String, Status> status = new java.util.HashMap<>();
            Map<String, Integer> role = new java.util.HashMap<>();
            for (String line : text.substring(text.indexOf("RaidDevice State")).split("\n")) {
                Matcher m = DEVICE_ROW.matcher(line);
                if (m.matches()) {
                    status.put(m.group(4), switch (m.group(3)) {
                        case "active sync" -> Status.IN_SYNC;
                        case "spare rebuilding" -> Status.REBUILDING;
                        case "faulty" -> Status.FAULTY;
                        case "spare" -> Status.SPARE;
                        default -> throw new IllegalArgumentException("mdadm device state " + m.group(3));
                    });
                    role.put(m.group(4), m.group(2).equals("-") ? null : Integer.valueOf(m.group(2)));
                }
            }
            return new Detail(state, field(text, "State").contains("degraded"), field(text, "Raid Level"),
                    layout == null || layout.equals("-unknown-") ? null : layout.replace('=', '-'),
                    chunk == null ? null : Long.valueOf(chunk.replace("K", "")), status, role);
        }

        private static String field(String text, String name) {
            Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + " : (.*?)\\s*$").matcher(text);
            return m.find() ? m.group(1) : null;
        }
    }

    @ParameterizedTest
    @MethodSource("snapshots")
    void everyArrayAgreesWithMdadmDetail(String snapshot) throws IOException {
        Map<String, ArrayState> arrays = arrays(snapshot);
        List<String> checked = new ArrayList<>();
        try (Stream<Path> details = Files.list(root(snapshot).resolve("mdadm"))) {
            for (Path f : details.sorted().toList()) {
                String name = f.getFileName().toString().replace(".detail", "");
                Detail d = Detail.of(Files.readString(f));
                ArrayState a = arrays.get(name);
                assertThat(a).as("%s %s", snapshot, name).isNotNull();
                assertThat(a.fromSysfs()).isTrue();
                assertThat(a.arrayState()).as("%s %s state", snapshot, name).isEqualTo(d.state());
                assertThat(a.degraded() != null && a.degraded() > 0).as("%s %s degraded", snapshot, name).isEqualTo(d.degraded());
                assertThat(a.level()).isEqualTo(d.level());
                assertThat(a.layout()).as("%s %s layout", snapshot, name).isEqualTo(d.layout());
                assertThat(a.chunkBytes() == null ? null : a.chunkBytes() / 1024).as("%s %s chunk", snapshot, name).isEqualTo(d.chunkKib());
                Map<String, ArrayMember> members = a.members().stream().collect(Collectors.toMap(ArrayMember::device, Function.identity()));
                assertThat(members.keySet()).as("%s %s members", snapshot, name).isEqualTo(d.status().keySet());
                d.status().forEach((dev, status) -> {
                    assertThat(members.get(dev).status()).as("%s %s %s", snapshot, name, dev).isEqualTo(status);
                    assertThat(members.get(dev).role()).as("%s %s %s slot", snapshot, name, dev).isEqualTo(d.role().get(dev));
                });
                checked.add(name);
            }
        }
        assertThat(checked).as("arrays compared").isNotEmpty();
    }

    @Test
    void raid0LayoutMinusOneIsNoLayoutAndTheArrayKeepsItsSysfsState() {
        Map<String, ArrayState> a = arrays("01-raid0-and-nested");
        assertThat(a.get("md0").layout()).isNull();
        assertThat(a.get("md0").layoutCode()).isNull();
        assertThat(a.get("md0").arrayState()).as("sysfs and mdadm say clean; mdstat could only say active").isEqualTo("clean");
        assertThat(a.get("md3").arrayState()).isEqualTo("clean");
        assertThat(a.get("md3").chunkBytes()).isEqualTo(256 * 1024L);
        assertThat(a.get("md3").members()).extracting(ArrayMember::device).containsExactly("md1", "md2");
        assertThat(a.get("md3").leafDisks()).containsExactly("vdc", "vdd", "vde", "vdf");
    }

    @Test
    void recoveryProgressIsMdstatsLivePositionAndTheCheckpointIsKeptApart() {
        ArrayState md4 = arrays("02-raid5-initial-recovery-a").get("md4");
        // mdstat: recovery = 43.9% (230272/522240) finish=0.4min speed=10011K/sec; sysfs: sync_completed 457016 / 1044480,
        // sync_speed 10021
        assertThat(md4.syncAction()).isEqualTo("recover");
        assertThat(md4.syncCompletedPct()).isEqualTo(43.9);
        assertThat(md4.syncDoneSectors()).isEqualTo(230272L * 2);
        assertThat(md4.syncTotalSectors()).as("a member's size: recovery counts per member device").isEqualTo(522240L * 2);
        assertThat(md4.syncCheckpointSectors()).isEqualTo(457016L);
        assertThat(md4.syncSpeedKibS()).isEqualTo(10021L);
        // md's finish=, truncated to a tenth of a minute (the KiB left over the speed would say 29.1 s)
        assertThat(md4.syncEtaS()).isEqualTo(24L);
        assertThat(md4.members()).filteredOn(m -> m.device().equals("vdj")).singleElement()
                .satisfies(m -> assertThat(m.status()).isEqualTo(Status.REBUILDING));
    }

    @Test
    void raid10ResyncAndCheckCountTheArraysSize() {
        ArrayState resync = arrays("03-raid10f2-resync-and-raid5").get("md5");
        assertThat(resync.layout()).isEqualTo("far-2");
        assertThat(resync.syncAction()).isEqualTo("resync");
        assertThat(resync.syncCompletedPct()).isEqualTo(24.8);
        assertThat(resync.syncTotalSectors()).as("raid10 resync runs over the array's sectors").isEqualTo(resync.sizeKib() * 2);
        assertThat(resync.syncDoneSectors()).isEqualTo(260352L * 2);
        // sysfs, read after mdstat, has its checkpoint (522752 sectors) past mdstat's 260352 KiB: the fresher figures,
        // (2088960 - 522752) / 2 KiB over 10419 KiB/s rounded up, not mdstat's finish=1.2min
        assertThat(resync.syncEtaS()).isEqualTo(76L);
        ArrayState check = arrays("07-raid10-check").get("md5");
        assertThat(check.syncAction()).isEqualTo("check");
        assertThat(check.syncCompletedPct()).isEqualTo(26.8);
        assertThat(check.syncTotalSectors()).isEqualTo(check.sizeKib() * 2);
        assertThat(check.syncCheckpointSectors()).isEqualTo(653440L);
    }

    @Test
    void memberBeingRebuiltIsRebuildingFromSysfsAndUnknownFromMdstatAlone() {
        ArrayState md4 = arrays("06-raid5-spare-rebuilding").get("md4");
        assertThat(md4.members()).extracting(ArrayMember::device, ArrayMember::role, ArrayMember::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("vdg", 0, Status.IN_SYNC),
                org.assertj.core.groups.Tuple.tuple("vdh", 1, Status.REBUILDING),
                org.assertj.core.groups.Tuple.tuple("vdi", 2, Status.IN_SYNC),
                org.assertj.core.groups.Tuple.tuple("vdj", 3, Status.IN_SYNC));
        assertThat(md4.members().get(1).state()).as("the kernel's own word").containsExactly("spare");

        // mdstat: vdh[5] vdj[4] vdi[2] vdg[0], [4/3] [U_UU]: four members without a flag, three slots in sync
        ArrayState text = mdstatOnly("06-raid5-spare-rebuilding").get("md4");
        assertThat(text.members()).allSatisfy(m -> {
            assertThat(m.status()).as(m.device()).isEqualTo(Status.UNKNOWN);
            assertThat(m.role()).as("%s: [5] is a descriptor number, its slot is 1", m.device()).isNull();
            assertThat(m.inSync()).isFalse();
        });
        assertThat(text.degraded()).isEqualTo(1);
        assertThat(text.syncCompletedPct()).isEqualTo(55.6);
    }

    @Test
    void faultyMemberFromSysfsAndFromMdstatAlone() {
        ArrayState md4 = arrays("05-raid5-degraded-faulty").get("md4");
        assertThat(md4.members()).filteredOn(m -> m.device().equals("vdh")).singleElement().satisfies(m -> {
            assertThat(m.status()).isEqualTo(Status.FAULTY);
            assertThat(m.role()).isNull();
        });
        ArrayState text = mdstatOnly("05-raid5-degraded-faulty").get("md4");
        // vdj[4] vdi[2] vdh[1](F) vdg[0], [4/3] [U_UU]: the three without a flag fill the three U slots
        assertThat(text.members()).extracting(ArrayMember::device, ArrayMember::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("vdj", Status.IN_SYNC),
                org.assertj.core.groups.Tuple.tuple("vdi", Status.IN_SYNC),
                org.assertj.core.groups.Tuple.tuple("vdh", Status.FAULTY),
                org.assertj.core.groups.Tuple.tuple("vdg", Status.IN_SYNC));
        assertThat(text.members()).allSatisfy(m -> assertThat(m.role()).isNull());
    }
}

