package io.raidpulse.model.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.md.Raid10Layout;
import org.junit.jupiter.api.Test;

class RaidModelTest {

    private static final long K4 = 4096;
    private static final double INF = Double.POSITIVE_INFINITY;

    /** A member measured at 4 KiB: positioning dominates, so 1/IOPS holds at that size. */
    private static DiskProfile disk(double readIops, double writeIops, double mbps) {
        return new DiskProfile("test", "test disk", null, true, readIops, writeIops, K4, 1, mbps, "test");
    }

    @Test
    void occupancyGivesTheDocumentedSpeedupsOfEightDisks() {
        // docs/raid-model.md#concurrency: model 1.88 / 3.31 / 5.25 at q = 2 / 4 / 8 on 8 disks
        assertThat(RaidModel.occupancy(8, 2)).isCloseTo(1.875, within(1e-9));
        assertThat(RaidModel.occupancy(8, 4)).isCloseTo(3.3105, within(1e-4));
        assertThat(RaidModel.occupancy(8, 8)).isCloseTo(5.2511, within(1e-4));
        assertThat(RaidModel.occupancy(8, 1)).isCloseTo(1.0, within(1e-12));
        assertThat(RaidModel.occupancy(1, 7)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void raid5PartialStripeWritesChooseTheCheaperOfRmwAndRcw() {
        // 8 disks, 64 KiB chunks: 7 data chunks per stripe
        RaidModel m = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 8).withChunk(64L * 1024), disk(200, 200, 150));
        assertThat(cost(m, 4 * 1024)).containsExactly(2, 2);        // k=1: rmw, 1 data + parity read
        assertThat(cost(m, 3 * 64 * 1024)).containsExactly(4, 4);   // k=3: rmw 4 = rcw 4
        assertThat(cost(m, 5 * 64 * 1024)).containsExactly(2, 6);   // k=5: rcw reads the other 2 data chunks
        assertThat(cost(m, 7 * 64 * 1024)).containsExactly(0, 8);   // full stripe: no reads
        // a 3-disk raid5 reconstructs even a one-chunk write: read the other data chunk
        RaidModel three = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 3), disk(200, 200, 150));
        assertThat(cost(three, K4)).containsExactly(1, 2);
    }

    @Test
    void raid6SmallWriteCostsThreeReadsAndThreeWritesOnSixDisks() {
        RaidModel m = new RaidModel(RaidLayout.of(RaidLevel.RAID6, 6), disk(200, 200, 150));
        assertThat(cost(m, K4)).containsExactly(3, 3);
        RaidModel four = new RaidModel(RaidLayout.of(RaidLevel.RAID6, 4), disk(200, 200, 150));
        assertThat(cost(four, K4)).containsExactly(1, 3);
    }

    @Test
    void mirrorsWriteEveryCopyAndReadOne() {
        assertThat(cost(new RaidModel(RaidLayout.of(RaidLevel.RAID1, 3), disk(1, 1, 1)), K4)).containsExactly(0, 3);
        assertThat(cost(new RaidModel(RaidLayout.raid10(Raid10Layout.FAR, 3, 6), disk(1, 1, 1)), K4)).containsExactly(0, 3);
        assertThat(cost(new RaidModel(RaidLayout.of(RaidLevel.RAID0_OVER_RAID1, 4), disk(1, 1, 1)), K4)).containsExactly(0, 2);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID10, 4), disk(1, 1, 1)).readCost(K4).reads()).isEqualTo(1);
    }

    @Test
    void saturatedCapacityIsNOverTheDocumentedDiskSeconds() {
        double dr = 200;
        double dw = 150;
        double f = 0.7;
        RaidModel m = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), disk(dr, dw, 150));
        double t = f / dr + (1 - f) * (2 / dr + 2 / dw);
        assertThat(m.randomIops(f, K4, INF)).isCloseTo(4 / t, within(1e-9));
    }

    @Test
    void raid10WritesTwiceAsFastAsRaid5OnTheSameDisks() {
        DiskProfile d = disk(180, 180, 150);
        double raid10 = new RaidModel(RaidLayout.of(RaidLevel.RAID10, 8), d).randomWriteIops(K4, INF);
        double raid5 = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 8), d).randomWriteIops(K4, INF);
        assertThat(raid10 / raid5).isCloseTo(2.0, within(1e-9));
        assertThat(raid5 / new RaidModel(RaidLayout.of(RaidLevel.RAID5, 8), d).randomReadIops(K4, INF)).isCloseTo(0.25, within(1e-9));
    }

    @Test
    void mirroredWritesAtDepthOneProceedOnAllCopiesAtOnce() {
        // a raid1 write costs n disk-writes done in parallel: one writer still gets Dw
        RaidModel m = new RaidModel(RaidLayout.of(RaidLevel.RAID1, 2), disk(100, 100, 150));
        assertThat(m.randomWriteIops(K4, 1)).isCloseTo(100, within(1e-9));
        // a raid5 read-modify-write at depth 1 is two phases of one disk-time each
        RaidModel r5 = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 6), disk(100, 100, 150));
        assertThat(r5.randomWriteIops(K4, 1)).isCloseTo(50, within(1e-9));
    }

    @Test
    void largeRequestsPayTransferTimeAtTheSequentialRate() {
        DiskProfile d = disk(100, 100, 100);     // 10 ms per 4 KiB, 100 MB/s
        double oneMiB = d.readSeconds(1 << 20);
        assertThat(oneMiB).isCloseTo(0.01 - 4096 / 1e8 + (1 << 20) / 1e8, within(1e-12));
        assertThat(d.readSeconds(K4)).isCloseTo(0.01, within(1e-12));
    }

    @Test
    void sequentialRatesFollowTheLevelTable() {
        DiskProfile d = disk(100, 100, 100);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID5, 6), d).sequentialWriteMBps()
                / new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), d).sequentialWriteMBps()).isCloseTo(5.0 / 3, within(1e-12));
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID10, 4), d).sequentialReadMBps()).isEqualTo(200);
        assertThat(new RaidModel(RaidLayout.raid10(Raid10Layout.FAR, 2, 4), d).sequentialReadMBps()).isEqualTo(400);
        assertThat(new RaidModel(RaidLayout.raid10(Raid10Layout.FAR, 2, 4), d).sequentialWriteMBps()).isEqualTo(200);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID6, 6), d).sequentialReadMBps()).isEqualTo(400);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID1, 3), d).sequentialReadMBps(3)).isEqualTo(300);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID1, 3), d).sequentialWriteMBps()).isEqualTo(100);
    }

    @Test
    void degradedReadsHalveRaid5AndMirrors() {
        DiskProfile d = disk(100, 100, 100);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID5, 8), d).degradedRandomReadIops(K4, INF)).isCloseTo(400, within(1e-9));
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID10, 4), d).degradedRandomReadIops(K4, INF)).isCloseTo(200, within(1e-9));
        assertThat(new RaidModel(RaidLayout.raid10(Raid10Layout.NEAR, 3, 6), d).degradedRandomReadIops(K4, INF)).isCloseTo(400, within(1e-9));
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID1, 3), d).degradedRandomReadIops(K4, INF)).isCloseTo(200, within(1e-9));
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID0, 4), d).degradedRandomReadIops(K4, INF)).isNull();
    }

    @Test
    void rebuildOfA16TbMemberTakesAtLeast21Point7Hours() {
        // published-results D: 268 MB/s sequential; md's speed_limit_max 200000 KiB/s is lower
        RaidModel m = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), disk(550, 480, 268));
        RebuildEstimate r = m.rebuild(16_000_000_000_000L, SyncSpeedLimits.KERNEL_DEFAULTS).orElseThrow();
        assertThat(r.idleHoursAtLeast()).isCloseTo(21.70, within(0.01));
        assertThat(r.bytesPerSec()).isEqualTo(200_000 * 1024.0);
        assertThat(r.busyHoursAtMost()).isCloseTo(16e12 / 1_024_000 / 3600, within(1e-6));
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID0, 4), disk(1, 1, 1)).rebuild(1, SyncSpeedLimits.KERNEL_DEFAULTS)).isEmpty();
    }

    @Test
    void usableFractionPerLevel() {
        DiskProfile d = disk(1, 1, 1);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), d).usableFraction()).isEqualTo(0.75);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID6, 8), d).usableFraction()).isEqualTo(0.75);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID10, 4), d).usableFraction()).isEqualTo(0.5);
        assertThat(new RaidModel(RaidLayout.raid10(Raid10Layout.OFFSET, 3, 3), d).usableFraction()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID1, 2), d).usableFraction()).isEqualTo(0.5);
        assertThat(new RaidModel(RaidLayout.of(RaidLevel.RAID0, 3), d).usableFraction()).isEqualTo(1.0);
    }

    @Test
    void projectedUtilisationIsTheDocumentedSumOverMembers() {
        double dr = 120;
        double dw = 100;
        RaidModel m = new RaidModel(RaidLayout.of(RaidLevel.RAID5, 4), disk(dr, dw, 150));
        double expected = (300 / dr + 50 * (2 / dr + 2 / dw)) / 4;
        assertThat(m.projectedUtilisation(300, 50, K4, K4)).isCloseTo(expected, within(1e-12));
        RaidModel r10 = new RaidModel(RaidLayout.of(RaidLevel.RAID10, 4), disk(dr, dw, 150));
        assertThat(r10.projectedUtilisation(300, 50, K4, K4)).isCloseTo((300 / dr + 50 * 2 / dw) / 4, within(1e-12));
    }

    @Test
    void layoutsRejectImpossibleShapes() {
        assertThatThrownBy(() -> RaidLayout.of(RaidLevel.RAID6, 3)).hasMessage("raid6 needs at least 4 disks, got 3");
        assertThatThrownBy(() -> RaidLayout.raid10(Raid10Layout.NEAR, 3, 2)).hasMessageContaining("cannot keep 3 copies");
        assertThatThrownBy(() -> RaidLayout.of(RaidLevel.RAID0_OVER_RAID1, 5)).hasMessageContaining("even number");
    }

    private static int[] cost(RaidModel m, long bytes) {
        MemberCost c = m.writeCost(bytes);
        return new int[] {(int) c.reads(), (int) c.writes()};
    }
}
