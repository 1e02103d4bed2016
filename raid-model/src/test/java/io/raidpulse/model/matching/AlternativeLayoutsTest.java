package io.raidpulse.model.matching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.md.Raid10Layout;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlternativeLayoutsTest {

    @Test
    void candidatesAreRaid10Raid5Raid6AndMoreDisks() {
        RaidLayout raid5x4 = RaidLayout.of(RaidLevel.RAID5, 4);
        assertThat(AlternativeLayouts.candidates(raid5x4, 2)).containsExactly(
                RaidLayout.of(RaidLevel.RAID10, 4), RaidLayout.of(RaidLevel.RAID6, 4), RaidLayout.of(RaidLevel.RAID5, 6));
        // three disks cannot hold RAID6
        assertThat(AlternativeLayouts.candidates(RaidLayout.of(RaidLevel.RAID5, 3), 0))
                .containsExactly(RaidLayout.of(RaidLevel.RAID10, 3));
        assertThat(AlternativeLayouts.candidates(RaidLayout.raid10(Raid10Layout.FAR, 2, 4), 0))
                .contains(RaidLayout.of(RaidLevel.RAID10, 4));
    }

    @Test
    void raid10HalvesTheMemberLoadOfWritesAndHalvesUsableSpace() {
        DiskProfile d = BuiltInCatalog.diskProfile("published-d-16tb-hdd");
        List<Projection> ps = AlternativeLayouts.project(
                List.of(RaidLayout.of(RaidLevel.RAID5, 4), RaidLayout.of(RaidLevel.RAID10, 4)), d, 100, 300, 4096, 4096, 16_000_000_000_000L);
        Projection raid5 = ps.get(0);
        Projection raid10 = ps.get(1);
        assertThat(raid5.memberUtilisation()).isCloseTo((100 / 550.0 + 300 * (2 / 550.0 + 2 / 480.0)) / 4, within(1e-12));
        assertThat(raid10.memberUtilisation()).isCloseTo((100 / 550.0 + 300 * 2 / 480.0) / 4, within(1e-12));
        assertThat(raid5.headroom()).isCloseTo(1 - raid5.memberUtilisation(), within(1e-12));
        assertThat(raid5.usableFraction()).isEqualTo(0.75);
        assertThat(raid10.usableFraction()).isEqualTo(0.5);
        assertThat(raid10.rebuildHours()).isCloseTo(21.70, within(0.01));
    }

    @Test
    void aSequentialLoadIsTheShareOfEachLayoutsStreamingRateAsUseCountsIt() {
        DiskProfile d = BuiltInCatalog.diskProfile("published-d-16tb-hdd");
        RaidLayout raid5 = RaidLayout.of(RaidLevel.RAID5, 4);
        List<Projection> ps = AlternativeLayouts.project(List.of(raid5, RaidLayout.of(RaidLevel.RAID10, 4)), d,
                io.raidpulse.model.profile.IoPattern.SEQUENTIAL, 100, 200, 1 << 20, 1 << 20, null);
        // raid5 x4 streams (n-1)S both ways, raid10 near-2 x4 (n/2)S
        assertThat(ps.get(0).memberUtilisation()).isCloseTo(300.0 * (1 << 20) / (3 * 268e6), within(1e-12));
        assertThat(ps.get(1).memberUtilisation()).isCloseTo(300.0 * (1 << 20) / (2 * 268e6), within(1e-12));
        assertThat(ps.get(0).rebuildHours()).isNull();
        DiskProfile named = new DiskProfile("m", "M disks", "M", true, d.randomReadIops(), d.randomWriteIops(), d.blockSizeBytes(),
                d.queueDepth(), d.sequentialMBps(), "test");
        CapacityUse use = new ProfileMatcher(List.of(), List.of(named)).use(
                new LiveLoad(raid5, "M", true, "sda", io.raidpulse.model.profile.IoPattern.SEQUENTIAL, 1 / 3.0, 1 << 20, 4, 1.0),
                100, 200, 1 << 20, 1 << 20);
        assertThat(use.util()).isCloseTo(ps.get(0).memberUtilisation(), within(1e-12));
    }
}
