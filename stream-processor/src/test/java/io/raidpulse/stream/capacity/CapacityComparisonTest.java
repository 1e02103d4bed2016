package io.raidpulse.stream.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.Tool;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.state.StateWriter;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The live comparison through the real topology: 10-s samples, 1-minute windows closed 10 s after their end. */
class CapacityComparisonTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final long TB16 = 16_000_000_000_000L;

    private final TopologyFixture topology = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s"));
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    /**
     * md0: raid5 of four spinning 16 TB disks of an unknown model; the md device asked r reads/s and w
     * writes/s of 8 KiB; the members 100% busy and without counters: nothing contradicts a capacity
     * source and nothing is measured.
     */
    private List<Dev> raid5(double r, double w) {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(r, w).kBs(r * 8, w * 8));
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, 100).size(TB16).aqu(2).iops(0, 0).kBs(0, 0));
        }
        return devices;
    }

    /**
     * md0 as {@link #raid5} with the members' own counters: each member completes its share of r reads
     * and w small writes (2 reads and 2 writes each) at {@code util}% busy.
     */
    private static List<Dev> raid5Measured(double r, double w, double util) {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(r, w).kBs(r * 8, w * 8));
        double memberReads = (r + 2 * w) / 4;
        double memberWrites = 2 * w / 4;
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, util).model("SIM-HDD").size(TB16).aqu(2).iops(memberReads, memberWrites)
                    .kBs(memberReads * 8, memberWrites * 8));
        }
        return devices;
    }

    /**
     * A RAID5 of four fast disks that the default underrates: 400 reads and 200 small writes a second, 1,200 member I/Os over four disks
     * 60% busy, each serving 500 I/Os per busy second; the disk-class default (about 87 random IOPS at
     * queue depth 1) puts it at 3.5 times its capacity.
     */
    @Test
    void aBusyWindowIsMeasuredAndTheMeasurementIsTheCapacityInsteadOfTheDefault() {
        firstWindow(raid5Measured(400, 200, 60), raid5Array());
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getUtilMean()).isEqualTo(60.0);
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityContradicted()).as("the default was not consulted").isNull();
            assertThat(a.getCapacityUtil()).isCloseTo(0.6, within(1e-3));
            assertThat(a.getCapacityReadUtil() + a.getCapacityWriteUtil()).isCloseTo(a.getCapacityUtil(), within(1e-12));
            assertThat(a.getHeadroom()).isCloseTo(0.4, within(1e-3));
            // RAID10 on the same measured disks: 400 + 2 x 200 member I/Os instead of 1,200
            assertThat(a.getProjections().get("raid10-near2-4")).isCloseTo(0.4, within(1e-3));
        });
    }

    /** Too quiet to learn from (30%), but enough to show the default wrong: 600 member I/Os a second at 500 per busy second. */
    @Test
    void aDefaultTheMembersContradictIsFlaggedAndTheWindowsOwnMeasurementUsedInstead() {
        firstWindow(raid5Measured(200, 100, 30), raid5Array());
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getCapacityContradicted()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityUtil()).isCloseTo(0.3, within(1e-3));
        });
        assertThat(topology.<HostShapes>storeValue(CapacityComparison.STORE, "db1").measured()).as("nothing learned").isEmpty();
    }

    @Test
    void theCapacityLearnedInABusyWindowIsUsedInQuieterOnesWithoutConsultingTheDefault() {
        firstWindow(raid5Measured(400, 200, 60), raid5Array());
        // 150 reads and 75 writes: 450 member I/Os, 112.5 per member at 500 per busy second
        // the second minute has two busy samples; the third is quiet throughout
        for (int i = 0; i < 12; i++) {
            topology.send(db1.next(raid5Measured(150, 75, 22.5), List.of(raid5Array())));
        }
        List<Aggregate> closed = arrays();
        assertThat(closed).hasSize(3);
        assertThat(closed.get(2)).satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityContradicted()).isNull();
            assertThat(a.getCapacityUtil()).isCloseTo(0.225, within(1e-3));
        });
        HostShapes kept = topology.storeValue(CapacityComparison.STORE, "db1");
        assertThat(kept.measured()).containsOnlyKeys("SIM-HDD");
        assertThat(kept.measured().get("SIM-HDD").iopsPerBusySecond()).isCloseTo(500, within(0.5));
        assertThat(kept.measured().get("SIM-HDD").windows()).as("the quiet window is not learned from").isEqualTo(1);
    }

    /**
     * Three busy windows whose members serve 500, 480 and 520 I/Os per busy second (the same load at 60%,
     * 62.5% and 57.7% util): the third says its figure is learned from three windows, with the relative
     * standard error of their spread through the learned figure's weights (2.6%), and medium confidence:
     * three windows are not the ten that high needs.
     */
    @Test
    void aMeasuredWindowSaysHowManyWindowsItsFigureIsFromAndHowSureItIs() {
        double[] perBusySecond = {500, 480, 520};
        for (double f : perBusySecond) {
            // each member completes (400 + 4 x 200) / 4 = 300 I/Os a second
            for (int i = 0; i < 6; i++) {
                topology.send(db1.next(raid5Measured(400, 200, 100 * 300 / f), List.of(raid5Array())));
            }
        }
        topology.send(db1.next(raid5Measured(400, 200, 60), List.of(raid5Array())));
        topology.send(db1.next(raid5Measured(400, 200, 60), List.of(raid5Array())));
        double weighted = perBusySecond[0];
        for (int i = 1; i < 3; i++) {
            weighted += MemberCapacity.NEW_WINDOW_WEIGHT * (perBusySecond[i] - weighted);
        }
        double learned = weighted;
        double sd = 20; // of 500, 480, 520
        double expectedUncertainty = sd * Math.sqrt(MemberCapacity.Learned.sumOfSquaredWeights(3)) / learned;
        List<Aggregate> closed = arrays();
        assertThat(closed).hasSize(3);
        assertThat(closed.get(0)).satisfies(a -> {
            assertThat(a.getCapacityLearnedWindows()).isEqualTo(1);
            assertThat(a.getCapacityUncertainty()).as("one window says nothing of the spread").isNull();
            assertThat(a.getCapacityConfidence()).isEqualTo("low");
        });
        assertThat(closed.get(2)).satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityLearnedWindows()).isEqualTo(3);
            assertThat(a.getCapacityMemberIops()).isCloseTo(learned, within(0.5));
            assertThat(a.getCapacityMemberRequestKB()).isEqualTo(8.0);
            assertThat(a.getCapacityMemberMBS()).isNull();
            assertThat(a.getCapacityUncertainty()).isCloseTo(expectedUncertainty, within(1e-3));
            // within 5%, but three windows are short of the ten a high confidence needs
            assertThat(expectedUncertainty).isLessThan(CapacityConfidence.HIGH_UNCERTAINTY);
            assertThat(a.getCapacityConfidence()).isEqualTo("medium");
        });
    }

    /**
     * A RAID5 of four read sequentially in 1 MiB requests, its members 60% busy: they read the array's
     * bytes and skip the parity, so the bytes per busy second the counters show are three quarters of what
     * the model takes as the member's rate. The window's own measurement, in the model's terms, gives back
     * the members' util (before: 80%, a third too high).
     */
    @Test
    void aWindowsOwnMeasurementIsInTheModelsTermsAndGivesBackItsMembersUtil() {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(100, 0).kBs(100 * 1024, 0));
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, 60).model("SIM-HDD").size(TB16).aqu(2).iops(50, 0).kBs(25 * 1024, 0));
        }
        firstWindow(devices, raid5Array());
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityUtil()).isCloseTo(0.60, within(1e-3));
            // 100 MiB/s over 4 members 60% busy is 43.7 MB per busy second; the model reads 3 of 4 members' bytes
            double counted = 100 * 1024 * 1024 / (4 * 0.6) / 1e6;
            assertThat(a.getCapacityMemberMBS()).isCloseTo(counted * 4 / 3, within(0.1));
        });
    }

    /**
     * A RAID1 whose second member is write-mostly: all reads go to the first, 64% busy, the other idle. The
     * disks serve 100 reads in 0.64 busy seconds (156 per busy second: their capacity, learned as such), and
     * the array is full when its busy member is: capacity_util is the model's even spread (32%) times the
     * busiest member's share over the mean (2), 64%; the projections to other layouts stay the model's.
     */
    @Test
    void anArrayWhoseLoadMdDoesNotSpreadIsAsFullAsItsBusiestMember() {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(100, 0).kBs(400, 0));
        devices.add(Dev.disk("sda", 64).model("SIM-HDD").size(TB16).aqu(1).iops(100, 0).kBs(400, 0));
        devices.add(Dev.disk("sdb", 0).model("SIM-HDD").size(TB16).aqu(0).iops(0, 0).kBs(0, 0));
        firstWindow(devices, Md.array("md0", "raid1", "sda", "sdb"));
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getUtilMean()).isEqualTo(64.0);
            assertThat(a.getMemberUtilMean()).isEqualTo(32.0);
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityMemberIops()).isCloseTo(100 / (2 * 0.32), within(0.1));
            assertThat(a.getCapacityUtil()).isCloseTo(0.64, within(1e-3));
            assertThat(a.getCapacityReadUtil() + a.getCapacityWriteUtil()).isCloseTo(a.getCapacityUtil(), within(1e-12));
            assertThat(a.getHeadroom()).isCloseTo(0.36, within(1e-3));
            assertThat(a.getProjections().get("raid1-2")).as("the model's even spread").isCloseTo(0.32, within(1e-3));
        });
    }

    /** Learned at 500 I/Os per busy second; then a window whose members serve 1,000 per busy second (another load shape). */
    @Test
    void aWindowTheLearnedCapacityDoesNotDescribeIsMeasuredOnItsOwn() {
        firstWindow(raid5Measured(400, 200, 60), raid5Array());
        for (int i = 0; i < 12; i++) {
            topology.send(db1.next(raid5Measured(400, 200, 30), List.of(raid5Array())));
        }
        assertThat(arrays()).hasSize(3).last().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityContradicted()).isNull();
            assertThat(a.getCapacityUtil()).as("not 0.6 from the learned figure").isCloseTo(0.3, within(1e-3));
        });
    }

    @Test
    void aContradictedDefaultWithNothingMeasuredLeavesTheFiguresEmptyAndSaysSo() {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(400, 200).kBs(400 * 8, 200 * 8));
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, 60).size(TB16).aqu(2).iops(0, 0).kBs(0, 0));
        }
        firstWindow(devices, raid5Array());
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacityContradicted()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacityUtil()).isNull();
            assertThat(a.getHeadroom()).isNull();
            assertThat(a.getProjections()).isEmpty();
        });
    }

    @Test
    void aBenchmarkPuttingTheArrayOverCapacityWhileItsMembersAreHalfBusyIsContradicted() {
        topology.profile(ssdRaid10Benchmark());
        // 28,000 IOPS at 70% reads where the benchmark measured 20,000; each member 50% busy
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md1").iops(19_600, 8_400).kBs(19_600 * 4, 8_400 * 4));
        for (String d : new String[] {"nvme0n1", "nvme1n1", "nvme2n1", "nvme3n1"}) {
            devices.add(Dev.ssd(d, 50).aqu(8).await(0.4, 0.4).iops(19_600 / 4.0, 8_400 * 2 / 4.0).kBs(19_600, 8_400 * 2));
        }
        firstWindow(devices, ssdRaid10Array());
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getCapacityContradicted()).isEqualTo("profile:fio-ssd-raid10-randrw70");
            assertThat(a.getCapacitySource()).startsWith("measured:db1/");
            assertThat(a.getCapacityUtil()).isCloseTo(0.5, within(0.01));
        });
    }

    @Test
    void theShapesStoreReadsFormat1AsNothingMeasuredYet() {
        ArrayShape shape = new ArrayShape("raid5", "left-symmetric", 4, 524_288L, "SIM-HDD", true, TB16, "sda");
        StateWriter w = new StateWriter(64);
        w.writeByte(1).writeInt(1).writeString("md0");
        writeShapeAsFormats1To3(shape, w);
        HostShapes old = HostShapes.SERDE.decode(w.toByteArray());
        assertThat(old.arrays()).containsExactly(Map.entry("md0", shape));
        assertThat(old.measured()).isEmpty();
        HostShapes learned = old.withMeasured("SIM-HDD", new MemberCapacity(MemberCapacity.Learned.first(500), 8192, null)
                .with(new MemberCapacity(MemberCapacity.Learned.first(520), 4096, null)));
        assertThat(HostShapes.SERDE.decode(HostShapes.SERDE.encode(learned))).isEqualTo(learned);
    }

    /** A shape as binary formats 1 to 3 wrote it: unknown numbers as -1, an unknown rotational flag as the byte -1. */
    private static void writeShapeAsFormats1To3(ArrayShape s, StateWriter w) {
        w.writeString(s.level()).writeString(s.layout()).writeLong(s.disks() == null ? -1 : s.disks())
                .writeLong(s.chunkBytes() == null ? -1 : s.chunkBytes()).writeString(s.diskModel())
                .writeByte(s.rotational() == null ? -1 : s.rotational() ? 1 : 0).writeLong(s.memberBytes() == null ? -1 : s.memberBytes())
                .writeString(s.device());
    }

    /** Format 2 kept each figure and one count of windows for both, no spread. */
    @Test
    void theShapesStoreReadsFormat2WithoutClaimingMoreWindowsThanItKnows() {
        ArrayShape shape = new ArrayShape("raid5", "left-symmetric", 4, 524_288L, "SIM-HDD", true, TB16, "sda");
        for (double mb : new double[] {-1, 150}) {
            StateWriter w = new StateWriter(64);
            w.writeByte(2).writeInt(1).writeString("md0");
            writeShapeAsFormats1To3(shape, w);
            w.writeInt(1).writeString("SIM-HDD").writeDouble(500).writeLong(8192).writeDouble(mb).writeInt(7);
            MemberCapacity m = HostShapes.SERDE.decode(w.toByteArray()).measured().get("SIM-HDD");
            assertThat(m.iopsPerBusySecond()).isEqualTo(500.0);
            assertThat(m.requestBytes()).isEqualTo(8192);
            if (mb < 0) {
                assertThat(m.sequential()).isNull();
                assertThat(m.random().windows()).as("the random figure alone: all 7 windows are its").isEqualTo(7);
            } else {
                assertThat(m.mbPerBusySecond()).isEqualTo(150.0);
                assertThat(m.random().windows()).as("both: the split is unknown").isEqualTo(1);
                assertThat(m.sequential().windows()).isEqualTo(1);
            }
            assertThat(m.random().relativeStandardError()).as("no spread was kept").isNull();
        }
    }

    /**
     * md0 a busy RAID5 through the first minute, re-created as a RAID10 (same name, same disks) at 60 s and
     * stopped at 70 s, when the first window closes (10 s grace): the window is compared with the RAID5 it
     * was, not with what md0 became before it closed (the lab's scenarios re-create their arrays so, and the
     * default grace is a minute).
     */
    @Test
    void aWindowIsComparedWithTheShapeItsArrayHadThenNotWhenItCloses() {
        for (int i = 0; i < 6; i++) {
            topology.send(db1.next(raid5Measured(400, 200, 60), List.of(raid5Array())));
        }
        topology.send(db1.next(raid5Measured(0, 0, 0), List.of(Md.array("md0", "raid10", "sda", "sdb", "sdc", "sdd").layout("near-2"))));
        topology.send(db1.next(raid5Measured(0, 0, 0), List.of()));
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getLevel()).isEqualTo("raid5");
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD");
            assertThat(a.getCapacityUtil()).isCloseTo(0.6, within(1e-3));
        });
        HostShapes kept = topology.storeValue(CapacityComparison.STORE, "db1");
        assertThat(kept.arrays()).as("md0 gone").isEmpty();
        assertThat(kept.former().get("md0").shape().level()).as("the RAID10 it was last").isEqualTo("raid10");
        assertThat(HostShapes.SERDE.decode(HostShapes.SERDE.encode(kept))).isEqualTo(kept);
    }

    private static Md raid5Array() {
        return Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").layout("left-symmetric").chunk(512 * 1024);
    }

    /**
     * Sends the first minute's six samples and two more: at 70 s stream time the window
     * [0, 60 s) is past its end plus the 10-s grace and closes.
     */
    private void firstWindow(List<Dev> devices, Md array) {
        for (int i = 0; i < 8; i++) {
            topology.send(db1.next(devices, List.of(array)));
        }
    }

    private List<Aggregate> arrays() {
        return topology.aggregates().stream().filter(a -> a.getSubjectKind() == SubjectKind.ARRAY).toList();
    }

    @Test
    void withoutBenchmarksARaid5OfHddsIsTheModelOverTheDiskClassDefaultPerDirectionWithProjections() {
        firstWindow(raid5(400, 200), raid5Array());
        List<Aggregate> closed = arrays();
        assertThat(closed).singleElement().satisfies(a -> {
            assertThat(a.getLevel()).isEqualTo("raid5");
            assertThat(a.getLayout()).isEqualTo("left-symmetric");
            assertThat(a.getRaidDisks()).isEqualTo(4);
            assertThat(a.getChunkBytes()).isEqualTo(512 * 1024L);
            assertThat(a.getRotational()).isTrue();
            assertThat(a.getDiskModel()).isNull();
            assertThat(a.getMemberBytes()).isEqualTo(TB16);
            assertThat(a.getCapacitySource()).isEqualTo("default:hdd-7200");
            assertThat(a.getCapacityConfidence()).as("a spec-sheet guess").isEqualTo("low");
            assertThat(a.getCapacityLearnedWindows()).isNull();
            assertThat(a.getCapacityUncertainty()).isNull();
            // U = (R tr + W (2 tr + 2 tw)) / n over the 7200 rpm default, 8 KiB requests
            DiskProfile d = DiskClass.HDD_7200.defaults();
            double tr = d.readSeconds(8192);
            double tw = d.writeSeconds(8192);
            assertThat(a.getCapacityReadUtil()).isCloseTo(400 * tr / 4, within(1e-9));
            assertThat(a.getCapacityWriteUtil()).isCloseTo(200 * (2 * tr + 2 * tw) / 4, within(1e-9));
            assertThat(a.getCapacityUtil()).isCloseTo(a.getCapacityReadUtil() + a.getCapacityWriteUtil(), within(1e-12));
            assertThat(a.getHeadroom()).isCloseTo(1 - a.getCapacityUtil(), within(1e-12));
            assertThat(a.getProjections()).containsOnlyKeys("raid5-4", "raid10-near2-4", "raid6-4", "raid5-6");
            assertThat(a.getProjections().get("raid5-4")).isCloseTo(a.getCapacityUtil(), within(1e-12));
            assertThat(a.getProjections().get("raid10-near2-4")).isCloseTo((400 * tr + 200 * 2 * tw) / 4, within(1e-9));
            assertThat(a.getProjections().get("raid5-6")).isCloseTo((400 * tr + 200 * (2 * tr + 2 * tw)) / 6, within(1e-9));
            assertThat(a.getProjections().get("raid6-4")).isCloseTo(
                    new RaidModel(RaidLayout.of(RaidLevel.RAID6, 4), d).projectedUtilisation(400, 200, 8192, 8192), within(1e-9));
        });
        assertThat(topology.aggregateLog).filteredOn(a -> a.getSubjectKind() == SubjectKind.DEVICE)
                .isNotEmpty().allSatisfy(a -> {
                    assertThat(a.getCapacitySource()).isNull();
                    assertThat(a.getLevel()).isNull();
                    assertThat(a.getProjections()).isEmpty();
                });
    }

    @Test
    void theMemberDiskModelAndSizeComeFromTheWholeDiskOfAMemberPartition() {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(100, 100).kBs(400, 400));
        for (String d : new String[] {"sda", "sdb"}) {
            devices.add(Dev.disk(d, 30).model("ST16000NM001G-2KK103").size(TB16));
            devices.add(Dev.disk(d + "1", 30).parent(d).rotational(null).size(30_000_000_000L));
        }
        Md md0 = Md.array("md0", "raid1", "sda1", "sdb1");
        firstWindow(devices, md0);
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getDiskModel()).isEqualTo("ST16000NM001G-2KK103");
            assertThat(a.getRotational()).isTrue();
            assertThat(a.getMemberBytes()).isEqualTo(30_000_000_000L);
            assertThat(a.getProjections()).containsKeys("raid1-2", "raid1-4", "raid10-near2-2");
        });
    }

    /** A trusted fio result of the same SSD RAID10: 20000 IOPS at 70% reads, 4 KiB, 8 deep x 4 jobs. */
    static BenchmarkResult ssdRaid10Benchmark() {
        return BenchmarkResult.builder("fio-ssd-raid10-randrw70", Tool.FIO).toolVersion("3.33").pattern(IoPattern.RANDOM)
                .blockSizeBytes(4096L).queueDepth(8).jobs(4).readFraction(0.7).direct(true)
                .level(RaidLevel.RAID10).layout("near-2").disks(4).rotational(false)
                .readIops(14_000.0).writeIops(6_000.0).source("fio randrw on md1").build();
    }

    /** md1: raid10 near-2 of four SSDs; members 8 deep, at {@code util}%, each serving a quarter of the reads and half the writes. */
    static List<Dev> ssdRaid10(double r, double w, double util) {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md1").iops(r, w).kBs(r * 4, w * 4));
        for (String d : new String[] {"nvme0n1", "nvme1n1", "nvme2n1", "nvme3n1"}) {
            devices.add(Dev.ssd(d, util).aqu(8).await(0.4, 0.4).iops(r / 4, w / 2).kBs(r, w * 2));
        }
        return devices;
    }

    static Md ssdRaid10Array() {
        return Md.array("md1", "raid10", "nvme0n1", "nvme1n1", "nvme2n1", "nvme3n1").layout("near-2").chunk(512 * 1024);
    }

    @Test
    void aMatchingBenchmarkIsTheCapacityUntilItIsDeleted() {
        topology.profile(ssdRaid10Benchmark());
        firstWindow(ssdRaid10(13_020, 5_580, 70), ssdRaid10Array());
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("profile:fio-ssd-raid10-randrw70");
            assertThat(a.getCapacityConfidence()).as("a trusted benchmark of this array matched").isEqualTo("high");
            assertThat(a.getCapacityLearnedWindows()).isNull();
            assertThat(a.getCapacityMemberIops()).isNull();
            // 18600 of the 20000 the benchmark measured at this mix (32 outstanding keep all four busy)
            assertThat(a.getCapacityUtil()).isCloseTo(18_600 / 20_000.0, within(1e-3));
            assertThat(a.getCapacityReadUtil() + a.getCapacityWriteUtil()).isCloseTo(a.getCapacityUtil(), within(1e-12));
            assertThat(a.getProjections()).containsKey("raid10-near2-4").containsKey("raid5-4");
        });

        topology.deleteProfile("fio-ssd-raid10-randrw70");
        for (int i = 0; i < 6; i++) {
            topology.send(db1.next(ssdRaid10(13_020, 5_580, 70), List.of(ssdRaid10Array())));
        }
        // then what the members were measured serving meanwhile, not the NVMe default's queue-depth-1 figures
        // (which would put the members 70% busy at 22%)
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getCapacityContradicted()).isNull();
            assertThat(a.getCapacitySource()).isEqualTo("measured:db1/?");
            assertThat(a.getCapacityUtil()).isCloseTo(0.70, within(1e-3));
        });
    }

    @Test
    void aProfileThisBuildCannotReadIsSkippedNotFatal() {
        topology.profileBytes("garbage", new byte[] {(byte) 0xC3, 1, 9, 9, 9});
        topology.profile(ssdRaid10Benchmark());
        firstWindow(ssdRaid10(13_020, 5_580, 70), ssdRaid10Array());
        assertThat(arrays()).singleElement().extracting(Aggregate::getCapacitySource).isEqualTo("profile:fio-ssd-raid10-randrw70");
    }

    @Test
    void raid0OverMdRaid1PairsIsModelledAsOneArrayOfItsLeafDisks() {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md2").iops(800, 200).kBs(3200, 800));
        devices.add(Dev.md("md0").iops(400, 200).kBs(1600, 800));
        devices.add(Dev.md("md1").iops(400, 200).kBs(1600, 800));
        // members 100% busy and without counters: the default is neither contradicted nor replaced
        for (String d : new String[] {"vda", "vdb", "vdc", "vdd"}) {
            devices.add(Dev.disk(d, 100).iops(0, 0).kBs(0, 0));
        }
        List<Md> arrays = List.of(Md.array("md0", "raid1", "vda", "vdb"), Md.array("md1", "raid1", "vdc", "vdd"),
                Md.array("md2", "raid0", "md0", "md1").chunk(512 * 1024).leaves("vda", "vdb", "vdc", "vdd"));
        for (int i = 0; i < 8; i++) {
            topology.send(db1.next(devices, arrays));
        }
        Aggregate md2 = arrays().stream().filter(a -> a.getSubject().equals("md2")).findFirst().orElseThrow();
        assertThat(md2.getLevel()).isEqualTo("raid0-over-raid1");
        assertThat(md2.getRaidDisks()).isEqualTo(4);
        assertThat(md2.getProjections()).containsKey("raid0-over-raid1-4");
        DiskProfile d = DiskClass.HDD_7200.defaults();
        assertThat(md2.getCapacityUtil()).isCloseTo((800 * d.readSeconds(4096) + 200 * 2 * d.writeSeconds(4096)) / 4, within(1e-9));
    }

    /**
     * A RAID0 over two RAID1 pairs read at 800/s, each leaf disk serving 200 reads at 60%: the outer array
     * and both pairs show the same disks' minute; it is learned once, not as three windows without spread.
     */
    @Test
    void aMinuteIsLearnedOncePerDiskModelWhateverArraysShowIt() {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md2").iops(800, 0).kBs(3200, 0));
        devices.add(Dev.md("md0").iops(400, 0).kBs(1600, 0));
        devices.add(Dev.md("md1").iops(400, 0).kBs(1600, 0));
        for (String d : new String[] {"vda", "vdb", "vdc", "vdd"}) {
            devices.add(Dev.disk(d, 60).model("SIM-HDD").aqu(2).iops(200, 0).kBs(800, 0));
        }
        List<Md> arrays = List.of(Md.array("md0", "raid1", "vda", "vdb"), Md.array("md1", "raid1", "vdc", "vdd"),
                Md.array("md2", "raid0", "md0", "md1").chunk(512 * 1024).leaves("vda", "vdb", "vdc", "vdd"));
        for (int i = 0; i < 8; i++) {
            topology.send(db1.next(devices, arrays));
        }
        assertThat(arrays()).hasSize(3).allSatisfy(a -> assertThat(a.getCapacitySource()).isEqualTo("measured:db1/SIM-HDD"));
        MemberCapacity learned = topology.<HostShapes>storeValue(CapacityComparison.STORE, "db1").measured().get("SIM-HDD");
        assertThat(learned.random().windows()).isEqualTo(1);
        assertThat(learned.iopsPerBusySecond()).isCloseTo(200 / 0.6, within(0.5));
        assertThat(learned.lastWindowEnd()).isEqualTo(T0 + 60_000);
    }

    @Test
    void anIdleWindowHasTheShapeButNoCapacityFigures() {
        firstWindow(raid5(0, 0), raid5Array());
        assertThat(arrays()).singleElement().satisfies(a -> {
            assertThat(a.getLevel()).isEqualTo("raid5");
            assertThat(a.getCapacitySource()).isNull();
            assertThat(a.getCapacityUtil()).isNull();
            assertThat(a.getProjections()).isEmpty();
        });
    }

    @Test
    void disabledLeavesTheCapacityFieldsEmpty() {
        try (TopologyFixture off = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s", "capacity.enabled", "false"))) {
            for (int i = 0; i < 8; i++) {
                off.send(db1.next(raid5(400, 200), List.of(raid5Array())));
            }
            assertThat(off.aggregates()).filteredOn(a -> a.getSubjectKind() == SubjectKind.ARRAY).singleElement().satisfies(a -> {
                assertThat(a.getLevel()).isEqualTo("raid5");
                assertThat(a.getCapacityUtil()).isNull();
            });
        }
    }
}
