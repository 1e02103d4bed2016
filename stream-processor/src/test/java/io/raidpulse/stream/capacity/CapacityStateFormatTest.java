package io.raidpulse.stream.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.StateFixtures;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The capacity alert store's values: what a restart restores, and what an upgrade finds in the changelog. */
class CapacityStateFormatTest {

    /** One array in an open episode with a cool run under way, one in a pending run. */
    static HostCapacity host() {
        ArrayCapacityState md0 = new ArrayCapacityState("md0");
        md0.phase = ArrayCapacityState.Phase.FIRING;
        md0.run = 1;
        md0.runStart = 1_700_000_300_000L;
        md0.lastWindowEnd = 1_700_000_360_000L;
        md0.addAbsent(2);
        md0.episodeStart = 1_700_000_000_000L;
        md0.peakCapacity = 97.5;
        md0.capacity.restore(460.0, 5, 60.0, 1);
        md0.peakUtil = 88.0;
        md0.util.restore(400.0, 5, 50.0, 1);
        md0.busiestMember = "sdc";
        md0.source = "MEASURED";
        md0.cause = "md check running on md0";
        ArrayCapacityState md1 = new ArrayCapacityState("md1");
        md1.phase = ArrayCapacityState.Phase.PENDING;
        md1.run = 2;
        md1.runStart = 1_700_000_240_000L;
        md1.lastWindowEnd = 1_700_000_360_000L;
        md1.episodeStart = 1_700_000_240_000L;
        md1.peakCapacity = 91.0;
        md1.capacity.restore(180.0, 2, 0, 0);
        md1.util.restore(0, 2, 0, 0);
        md1.source = "MODEL";
        Map<String, ArrayCapacityState> arrays = new LinkedHashMap<>();
        arrays.put("md0", md0);
        arrays.put("md1", md1);
        return new HostCapacity(1_700_000_361_000L, arrays);
    }

    /** Written as an Avro record and read back the same; a value in binary format 1, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostCapacity.SERDE, host(), "capacity-alerts-format1");
    }

    /** A hardware RAID volume's open episode keeps its kind and how alerts name it. */
    @Test
    void restoresAVolumesEpisode() {
        HostCapacity h = host();
        ArrayCapacityState sda = new ArrayCapacityState("sda", SubjectKind.HARDWARE);
        sda.phase = ArrayCapacityState.Phase.FIRING;
        sda.runStart = 1_700_000_300_000L;
        sda.lastWindowEnd = 1_700_000_360_000L;
        sda.episodeStart = 1_700_000_000_000L;
        sda.peakCapacity = 96.0;
        sda.capacity.restore(470.0, 5, 0, 0);
        sda.peakUtil = 100.0;
        sda.util.restore(500.0, 5, 0, 0);
        sda.source = "profile:fio-perc-h700-raid5-randread";
        sda.described = "hardware RAID5 volume sda (PERC H700, 4 disks)";
        h.arrays().put("sda", sda);
        HostCapacity read = HostCapacity.SERDE.decode(HostCapacity.SERDE.encode(h));
        StateFixtures.assertSameState(read, h);
        assertThat(read.arrays().get("sda").kind).isEqualTo(SubjectKind.HARDWARE);
        assertThat(read.arrays().get("md0").kind).isEqualTo(SubjectKind.ARRAY);
    }
}
