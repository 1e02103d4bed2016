package io.raidpulse.collector.md;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.md.Mdstat;
import io.raidpulse.md.MdstatArray;
import io.raidpulse.md.MdstatMember;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MdstatParserTest {

    static Stream<String> wellFormed() throws IOException {
        try (Stream<Path> files = Files.list(Fixtures.dir("mdstat"))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".mdstat") && !n.startsWith("truncated") && !n.startsWith("mangled"))
                    .sorted().toList().stream();
        }
    }

    private static Map<String, MdstatArray> parse(String fixture) {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/" + fixture), fixture);
        assertThat(m.errors()).as("errors in %s", fixture).isEmpty();
        assertThat(m.warnings()).as("warnings in %s", fixture).isEmpty();
        return m.arrays().stream().collect(Collectors.toMap(MdstatArray::name, Function.identity()));
    }

    @ParameterizedTest
    @MethodSource("wellFormed")
    void everyFixtureParsesWithoutErrorsAndEveryArrayHasASize(String fixture) {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/" + fixture), fixture);
        assertThat(m.errors()).isEmpty();
        assertThat(m.warnings()).isEmpty();
        assertThat(m.arrays()).isNotEmpty().allSatisfy(a -> {
            if (a.members().isEmpty()) {
                assertThat(a.sizeKib()).as("%s: md.c prints N blocks only for an array with members", a.name()).isNull();
            } else {
                assertThat(a.sizeKib()).as(a.name()).isPositive();
            }
        });
    }

    @Test
    void raid1RecoveryWithFailedAndSpare() {
        MdstatArray md6 = parse("raid1-recovery-with-failed-and-spare.mdstat").get("md6");
        assertThat(md6.active()).isTrue();
        assertThat(md6.level()).isEqualTo("raid1");
        assertThat(md6.members()).containsExactly(
                new MdstatMember("sdb2", 2, true, false, false, false, false, List.of()),
                new MdstatMember("sdc", 1, false, true, false, false, false, List.of()),
                new MdstatMember("sda2", 0, false, false, false, false, false, List.of()));
        assertThat(md6.sizeKib()).isEqualTo(195310144L);
        assertThat(md6.superVersion()).isNull();
        assertThat(md6.raidDisks()).isEqualTo(2);
        assertThat(md6.activeDisks()).isEqualTo(1);
        assertThat(md6.memberMap()).isEqualTo("U_");
        assertThat(md6.syncAction()).isEqualTo("recovery");
        assertThat(md6.syncState()).isEqualTo("running");
        assertThat(md6.syncPercent()).isEqualTo(8.5);
        assertThat(md6.syncDoneKib()).isEqualTo(16775552L);
        assertThat(md6.syncTotalKib()).isEqualTo(195310144L);
        assertThat(md6.finishMin()).isEqualTo(17.0);
        assertThat(md6.speedKibS()).isEqualTo(259783L);
    }

    @Test
    void raid5DegradedAndRaid6WithBitmap() {
        MdstatArray md0 = parse("raid5-degraded.mdstat").get("md0");
        assertThat(md0.level()).isEqualTo("raid5");
        assertThat(md0.chunkKib()).isEqualTo(64L);
        assertThat(md0.algorithm()).isEqualTo(2);
        assertThat(md0.superVersion()).isEqualTo("1.2");
        assertThat(md0.raidDisks()).isEqualTo(4);
        assertThat(md0.activeDisks()).isEqualTo(3);
        assertThat(md0.memberMap()).isEqualTo("UUU_");
        assertThat(md0.syncAction()).isNull();

        MdstatArray md7 = parse("raid6-degraded-bitmap.mdstat").get("md7");
        assertThat(md7.level()).isEqualTo("raid6");
        assertThat(md7.chunkKib()).isEqualTo(512L);
        assertThat(md7.bitmap()).isEqualTo("0/30 pages [0KB], 65536KB chunk");
        assertThat(md7.members()).filteredOn(MdstatMember::faulty).extracting(MdstatMember::device).containsExactly("sdc1");
        assertThat(md7.memberMap()).isEqualTo("U_UU");
    }

    @Test
    void raid0AndLinearHaveNoDiskCount() {
        Map<String, MdstatArray> a = parse("raid0-linear-no-disk-count.mdstat");
        assertThat(a.get("md0").level()).isEqualTo("raid0");
        assertThat(a.get("md0").chunkKib()).isEqualTo(512L);
        assertThat(a.get("md0").raidDisks()).isNull();
        assertThat(a.get("md1").level()).isEqualTo("linear");
        assertThat(a.get("md1").chunkKib()).isEqualTo(0L);
        assertThat(a.get("md126").superVersion()).isEqualTo("external:/md127/0");
        assertThat(a.get("md126").chunkKib()).isEqualTo(128L);
        assertThat(a.get("md101").readOnly()).isEqualTo("read-only");
        assertThat(a.get("md101").members()).hasSize(3);
    }

    @Test
    void inactiveArraysHaveNoLevel() {
        Map<String, MdstatArray> a = parse("inactive.mdstat");
        assertThat(a.get("md127").active()).isFalse();
        assertThat(a.get("md127").level()).isNull();
        assertThat(a.get("md127").members()).allMatch(MdstatMember::spare);
        assertThat(a.get("md125").superVersion()).isEqualTo("external:imsm");
        assertThat(a.get("md125").sizeKib()).isEqualTo(6306L);
    }

    @Test
    void autoReadOnlyWithResyncPending() {
        Map<String, MdstatArray> a = parse("auto-read-only-resync-pending.mdstat");
        assertThat(a.get("md126").readOnly()).isEqualTo("auto-read-only");
        assertThat(a.get("md126").syncAction()).isEqualTo("resync");
        assertThat(a.get("md126").syncState()).isEqualTo("pending");
        assertThat(a.get("md126").syncPercent()).isNull();
        assertThat(a.get("md127").readOnly()).isEqualTo("read-only");
        assertThat(a.get("md127").syncState()).isNull();
    }

    @Test
    void resyncDelayedBehindARecoveryOnTheSameDisks() {
        Map<String, MdstatArray> a = parse("recovery-and-resync-delayed.mdstat");
        assertThat(a.get("md0").syncAction()).isEqualTo("recovery");
        assertThat(a.get("md0").syncPercent()).isEqualTo(7.8);
        assertThat(a.get("md1").syncAction()).isEqualTo("resync");
        assertThat(a.get("md1").syncState()).isEqualTo("delayed");
    }

    @Test
    void reshapeCheckAndThrottledResync() {
        MdstatArray reshape = parse("raid5-reshape.mdstat").get("md0");
        assertThat(reshape.syncAction()).isEqualTo("reshape");
        assertThat(reshape.syncDoneKib()).isEqualTo(31558144L);
        assertThat(reshape.finishMin()).isEqualTo(1053.7);
        assertThat(reshape.speedKibS()).isEqualTo(30396L);

        Map<String, MdstatArray> a = parse("check-and-throttled-resync.mdstat");
        assertThat(a.get("md2").syncAction()).isEqualTo("check");
        assertThat(a.get("md2").syncPercent()).isEqualTo(98.3);
        assertThat(a.get("md1").syncAction()).isEqualTo("check");
        assertThat(a.get("md1").syncState()).isEqualTo("delayed");
        assertThat(a.get("md0").syncAction()).isEqualTo("resync");
        assertThat(a.get("md0").speedKibS()).isZero();
        assertThat(a.get("md0").finishMin()).isEqualTo(999999.9);
    }

    @Test
    void raid10CopiesLayouts() {
        Map<String, MdstatArray> a = parse("raid10-near-far-offset.mdstat");
        assertThat(a.get("md2").raid10Layout()).isEqualTo("near-2");
        assertThat(a.get("md2").chunkKib()).isEqualTo(512L);
        assertThat(a.get("md3").raid10Layout()).isEqualTo("far-2");
        assertThat(a.get("md4").raid10Layout()).isEqualTo("offset-2");
        assertThat(a.get("md4").memberMap()).isEqualTo("UU_U");
        assertThat(a.get("md5").raid10Layout()).isEqualTo("near-2,far-2");
        assertThat(a.get("md5").chunkKib()).isEqualTo(64L);
    }

    @Test
    void memberFlags() {
        Map<String, MdstatArray> a = parse("member-flags.mdstat");
        assertThat(a.get("md5").members().get(0)).isEqualTo(new MdstatMember("sdc1", 2, false, false, true, false, false, List.of()));
        List<MdstatMember> md6 = a.get("md6").members();
        assertThat(md6.get(0)).isEqualTo(new MdstatMember("sdh1", 4, false, false, false, true, false, List.of()));
        assertThat(md6.get(4)).isEqualTo(new MdstatMember("sdd1", 0, true, false, false, false, false, List.of()));
        assertThat(md6.get(5)).isEqualTo(new MdstatMember("sdi1", 5, false, true, false, false, false, List.of()));
        assertThat(a.get("md7").members().get(3).journal()).isTrue();
    }

    @Test
    void oldMetadataAndReadAheadLine() {
        MdstatArray md0 = parse("metadata-0.90-read-ahead.mdstat").get("md0");
        assertThat(md0.superVersion()).isNull();
        assertThat(md0.members()).extracting(MdstatMember::device).containsExactly("hdc1", "hda1");
        assertThat(md0.raidDisks()).isEqualTo(2);
    }

    @Test
    void personalities() {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/raid5-degraded.mdstat"), "f");
        assertThat(m.personalities()).containsExactly("raid6", "raid5", "raid4");
    }

    @Test
    void truncatedAndGarbageLinesAreErrorsNamingArrayAndLineAndTheRestParses() {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/truncated-and-garbage.mdstat"), "/proc/mdstat");
        assertThat(m.arrays()).extracting(MdstatArray::name).containsExactly("md0");
        assertThat(m.errors()).extracting(Throwable::getMessage).containsExactly(
                "/proc/mdstat:5: array md1: malformed '[n/m] [U_]' in '1048512 blocks super 1.2 [2/1 [U_]'",
                "/proc/mdstat:6: expected 'mdN : active|inactive ...', got 'garbage line here'",
                "/proc/mdstat:8: array md2: unexpected line '104851'");
    }

    @Test
    void arrayWithoutMemberDevicesHasItsStatusOnTheArrayLine() {
        Map<String, MdstatArray> a = parse("no-member-devices.mdstat");
        MdstatArray md1 = a.get("md1");
        assertThat(md1.active()).isTrue();
        assertThat(md1.level()).isEqualTo("raid5");
        assertThat(md1.members()).isEmpty();
        assertThat(md1.superVersion()).isEqualTo("1.2");
        assertThat(md1.chunkKib()).isEqualTo(512L);
        assertThat(md1.algorithm()).isEqualTo(2);
        assertThat(md1.raidDisks()).isEqualTo(4);
        assertThat(md1.activeDisks()).isZero();
        assertThat(md1.memberMap()).isEqualTo("____");
        assertThat(a.get("md2").raidDisks()).isEqualTo(2);
        assertThat(a.get("md2").memberMap()).isEqualTo("__");
        assertThat(a.get("md4").superVersion()).as("0.90 prints no super").isNull();
        assertThat(a.get("md4").raidDisks()).isEqualTo(3);
        assertThat(a.get("md3").active()).isFalse();
        assertThat(a.get("md3").superVersion()).isEqualTo("1.2");
    }

    @Test
    void clusteredSyncOnAnotherNode() {
        Map<String, MdstatArray> a = parse("clustered-remote.mdstat");
        assertThat(a.get("md0").syncAction()).isEqualTo("resync");
        assertThat(a.get("md0").syncState()).isEqualTo("remote");
        assertThat(a.get("md0").bitmap()).isEqualTo("1/1 pages [4KB], 65536KB chunk");
        assertThat(a.get("md1").syncAction()).isEqualTo("recover");
        assertThat(a.get("md1").syncState()).isEqualTo("remote");
        assertThat(a.get("md2").syncAction()).isEqualTo("reshape");
        assertThat(a.get("md2").syncPercent()).isNull();
    }

    @Test
    void whatTheKernelCannotPrintIsAWarningOrAnErrorNamingTheLine() {
        Mdstat m = Mdstat.parse(Fixtures.text("mdstat/mangled-blank-line-flag-no-status.mdstat"), "/proc/mdstat");
        assertThat(m.errors()).extracting(Throwable::getMessage).containsExactly(
                "/proc/mdstat:2: indented line outside any array, ignored: 'stray indented line'",
                "/proc/mdstat:8: array md1: no status line ('N blocks ...') after the array line");
        assertThat(m.warnings()).extracting(Throwable::getMessage).containsExactly(
                "/proc/mdstat:3: array md0: member sda1[0](X) has a flag md.c does not print (X; it prints W, J, F, S, R):"
                        + " its state is reported unknown",
                "/proc/mdstat:5: array md0: blank line inside the array (md.c prints one only at its end); the indented"
                        + " lines after it are read as md0's");
        assertThat(m.arrays()).extracting(MdstatArray::name).containsExactly("md0", "md2");
        MdstatArray md0 = m.arrays().get(0);
        assertThat(md0.syncAction()).as("the progress line after the blank line").isEqualTo("resync");
        assertThat(md0.syncPercent()).isEqualTo(8.5);
        assertThat(md0.members().get(1).unknownFlags()).containsExactly("X");
        MdstatArray md2 = m.arrays().get(1);
        assertThat(md2.broken()).isTrue();
        assertThat(md2.active()).isTrue();
    }

    @Test
    void realKernelRebuildShowsNoFlagOnTheMemberBeingRebuiltAndDescriptorsThatAreNotSlots() {
        MdstatArray md4 = parse("debian-6.1-raid5-spare-rebuilding.mdstat").get("md4");
        assertThat(md4.members()).containsExactly(
                new MdstatMember("vdh", 5, false, false, false, false, false, List.of()),
                new MdstatMember("vdj", 4, false, false, false, false, false, List.of()),
                new MdstatMember("vdi", 2, false, false, false, false, false, List.of()),
                new MdstatMember("vdg", 0, false, false, false, false, false, List.of()));
        assertThat(md4.memberMap()).isEqualTo("U_UU");
        assertThat(md4.syncAction()).isEqualTo("recovery");
        assertThat(md4.syncPercent()).isEqualTo(8.0);
        assertThat(md4.syncDoneKib()).isEqualTo(41984L);
        assertThat(md4.syncTotalKib()).as("one member's size, not the array's 1566720").isEqualTo(522240L);
        MdstatArray md5 = parse("debian-6.1-raid10-far2-resync.mdstat").get("md5");
        assertThat(md5.raid10Layout()).isEqualTo("far-2");
        assertThat(md5.syncTotalKib()).as("raid10 resync: the array's size").isEqualTo(md5.sizeKib());
    }
}
