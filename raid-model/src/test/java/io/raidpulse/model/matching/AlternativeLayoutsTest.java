package io.raidpulse.model.matching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.Raid10Layout;
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
}
