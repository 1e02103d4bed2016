package io.raidpulse.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.md.MdLevel;
import io.raidpulse.md.Raid10Geometry;
import io.raidpulse.simulator.scenario.DiskSpec;
import io.raidpulse.simulator.scenario.ProfileSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Member I/O per front-end request, per level (docs/raid-model.md#member-ios-per-front-end-request). */
class IoMappingTest {
    static final long CHUNK = 512 * 1024;
    static final IoClass READ_8K = IoClass.random(IoKind.READ, 8192);
    static final IoClass WRITE_8K = IoClass.random(IoKind.WRITE, 8192);

    static SimulatedDevice[] disks(int n) {
        ProfileSpec p = new ProfileSpec("hdd", 550, 480, 268e6, true, "m", 64, 0.001, 0, 0, 1);
        SimulatedDevice[] out = new SimulatedDevice[n];
        for (int i = 0; i < n; i++) {
            out[i] = new Disk(new DiskSpec("sd" + (char) ('a' + i), "hdd", 16_000_000_000_000L, List.of(), true, 1), p, () -> 0);
        }
        return out;
    }

    /** Expected member requests of one kind per front-end request, summed over members. */
    static double total(Plan plan, IoKind kind) {
        double n = 0;
        for (Map<IoClass, Double> byClass : plan.totals().values()) {
            for (Map.Entry<IoClass, Double> e : byClass.entrySet()) {
                if (e.getKey().kind() == kind) {
                    n += e.getValue();
                }
            }
        }
        return n;
    }

    static double bytes(Plan plan, IoKind kind) {
        double n = 0;
        for (Map<IoClass, Double> byClass : plan.totals().values()) {
            for (Map.Entry<IoClass, Double> e : byClass.entrySet()) {
                if (e.getKey().kind() == kind) {
                    n += e.getValue() * e.getKey().bytes();
                }
            }
        }
        return n;
    }

    static double onMember(Plan plan, SimulatedDevice d) {
        return plan.totals().getOrDefault(d, Map.of()).values().stream().mapToDouble(Double::doubleValue).sum();
    }

    @Test
    void raid5SmallWriteReadsTwoAndWritesTwo() {
        Plan p = IoMapping.plan(MdLevel.RAID5, null, CHUNK, disks(4), WRITE_8K);
        assertThat(total(p, IoKind.READ)).isCloseTo(2, within(1e-9));
        assertThat(total(p, IoKind.WRITE)).isCloseTo(2, within(1e-9));
        // through the stripe cache in 4 KiB pages: an 8 KiB request is two bios merged
        p.totals().values().forEach(m -> m.keySet().forEach(io -> assertThat(io.merges()).isEqualTo(1)));
    }

    @Test
    void raid5OfThreeReadsTheOtherDataChunkInstead() {
        // reconstruct-write reads n-1-k = 1 chunk, cheaper than read-modify-write's 2
        Plan p = IoMapping.plan(MdLevel.RAID5, null, CHUNK, disks(3), WRITE_8K);
        assertThat(total(p, IoKind.READ)).isCloseTo(1, within(1e-9));
        assertThat(total(p, IoKind.WRITE)).isCloseTo(2, within(1e-9));
    }

    @Test
    void raid6SmallWriteIsThreePlusThreeFromSixDisks() {
        Plan six = IoMapping.plan(MdLevel.RAID6, null, CHUNK, disks(6), WRITE_8K);
        assertThat(total(six, IoKind.READ)).isCloseTo(3, within(1e-9));
        assertThat(total(six, IoKind.WRITE)).isCloseTo(3, within(1e-9));
        Plan eight = IoMapping.plan(MdLevel.RAID6, null, CHUNK, disks(8), WRITE_8K);
        assertThat(total(eight, IoKind.READ)).isCloseTo(3, within(1e-9));
        // with 4 disks reconstruct-write reads only the one other data chunk
        Plan four = IoMapping.plan(MdLevel.RAID6, null, CHUNK, disks(4), WRITE_8K);
        assertThat(total(four, IoKind.READ)).isCloseTo(1, within(1e-9));
        assertThat(total(four, IoKind.WRITE)).isCloseTo(3, within(1e-9));
    }

    @Test
    void fullStripeWritesReadNothingAndWriteNOverNMinusOne() {
        IoClass stream = new IoClass(IoKind.WRITE, 1536 * 1024, true, 0);
        Plan p = IoMapping.plan(MdLevel.RAID5, null, CHUNK, disks(4), stream);
        assertThat(total(p, IoKind.READ)).isZero();
        assertThat(bytes(p, IoKind.WRITE) / stream.bytes()).isCloseTo(4.0 / 3, within(1e-9));
        Plan r6 = IoMapping.plan(MdLevel.RAID6, null, CHUNK, disks(6), stream);
        assertThat(bytes(r6, IoKind.WRITE) / stream.bytes()).isCloseTo(6.0 / 4, within(1e-9));
    }

    @Test
    void raid10WritesTwoCopiesAndReadsOne() {
        for (String layout : List.of("n2", "f2", "o2")) {
            Plan w = IoMapping.plan(MdLevel.RAID10, Raid10Geometry.parse(layout), CHUNK, disks(4), WRITE_8K);
            assertThat(total(w, IoKind.WRITE)).as(layout).isCloseTo(2, within(1e-9));
            assertThat(total(w, IoKind.READ)).as(layout).isZero();
            Plan r = IoMapping.plan(MdLevel.RAID10, Raid10Geometry.parse(layout), CHUNK, disks(4), READ_8K);
            assertThat(total(r, IoKind.READ)).as(layout).isCloseTo(1, within(1e-9));
        }
    }

    @Test
    void raid1WritesEveryMirrorAndRaid0OneMember() {
        assertThat(total(IoMapping.plan(MdLevel.RAID1, null, 0, disks(3), WRITE_8K), IoKind.WRITE)).isCloseTo(3, within(1e-9));
        assertThat(total(IoMapping.plan(MdLevel.RAID1, null, 0, disks(3), READ_8K), IoKind.READ)).isCloseTo(1, within(1e-9));
        assertThat(total(IoMapping.plan(MdLevel.RAID0, null, CHUNK, disks(3), WRITE_8K), IoKind.WRITE)).isCloseTo(1, within(1e-9));
    }

    @Test
    void readsSpreadEvenlyOverMembers() {
        SimulatedDevice[] d = disks(4);
        for (MdLevel level : List.of(MdLevel.RAID0, MdLevel.RAID5, MdLevel.RAID10, MdLevel.RAID1)) {
            Plan p = IoMapping.plan(level, level == MdLevel.RAID10 ? Raid10Geometry.parse("n2") : null, CHUNK, d, READ_8K);
            for (SimulatedDevice m : d) {
                assertThat(onMember(p, m)).as(level + " " + m).isCloseTo(0.25, within(1e-9));
            }
        }
    }

    @Test
    void degradedRaid5ReadsOfTheMissingMemberCostNMinusOneReads() {
        SimulatedDevice[] d = disks(4);
        Plan healthy = IoMapping.plan(MdLevel.RAID5, null, CHUNK, d, READ_8K);
        SimulatedDevice[] degraded = d.clone();
        degraded[1] = null;
        Plan p = IoMapping.plan(MdLevel.RAID5, null, CHUNK, degraded, READ_8K);
        // a quarter of the data lived on the missing member and now costs 3 reads: 3/4 + 1/4 x 3
        assertThat(total(p, IoKind.READ)).isCloseTo(1.5, within(1e-9));
        assertThat(onMember(p, d[1])).isZero();
        for (int i : new int[] {0, 2, 3}) {
            assertThat(onMember(p, d[i])).isCloseTo(0.5, within(1e-9));
        }
        assertThat(total(healthy, IoKind.READ)).isCloseTo(1, within(1e-9));
    }

    @Test
    void degradedRaid10ReadsAllFromTheSurvivingPartner() {
        SimulatedDevice[] d = disks(4);
        SimulatedDevice[] degraded = d.clone();
        degraded[0] = null;
        Plan p = IoMapping.plan(MdLevel.RAID10, Raid10Geometry.parse("n2"), CHUNK, degraded, READ_8K);
        assertThat(onMember(p, d[1])).isCloseTo(0.5, within(1e-9));
        assertThat(onMember(p, d[2])).isCloseTo(0.25, within(1e-9));
        Plan w = IoMapping.plan(MdLevel.RAID10, Raid10Geometry.parse("n2"), CHUNK, degraded, WRITE_8K);
        assertThat(total(w, IoKind.WRITE)).isCloseTo(1.5, within(1e-9));
    }

    @Test
    void readModifyWriteLatencyIsTheReadPhasePlusTheWritePhase() {
        Plan p = IoMapping.plan(MdLevel.RAID5, null, CHUNK, disks(4), WRITE_8K);
        double latency = p.latency((member, io) -> io.kind() == IoKind.READ ? 0.010 : 0.004);
        assertThat(latency).isCloseTo(0.014, within(1e-12));
        Plan r10 = IoMapping.plan(MdLevel.RAID10, Raid10Geometry.parse("n2"), CHUNK, disks(4), WRITE_8K);
        assertThat(r10.latency((member, io) -> 0.004)).isCloseTo(0.004, within(1e-12));
    }

    @Test
    void raid10LayoutCodesAreTheKernels() {
        assertThat(Raid10Geometry.parse("n2").code()).isEqualTo(0x102);
        assertThat(Raid10Geometry.parse("f2").code()).isEqualTo(0x201);
        assertThat(Raid10Geometry.parse("o2").code()).isEqualTo(0x10201);
        assertThat(Raid10Geometry.parse("near-3").code()).isEqualTo(0x103);
    }
}
