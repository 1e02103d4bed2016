package io.raidpulse.stream.capacity;

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
}
