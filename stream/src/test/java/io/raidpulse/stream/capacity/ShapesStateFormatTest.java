package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.stream.capacity.HostShapes.Former;
import io.raidpulse.stream.capacity.MemberCapacity.Learned;
import io.raidpulse.stream.testing.StateFixtures;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The capacity shape store's values: what a restart restores, and what an upgrade finds in the changelog. */
class ShapesStateFormatTest {

    /**
     * A RAID10 and a RAID1 of whose level and members some is unknown, a former shape of the first
     * (re-created with more disks), and the member capacity learned of two disk models, one known
     * only from random windows and one from both kinds.
     */
    static HostShapes host() {
        Map<String, ArrayShape> arrays = new LinkedHashMap<>();
        arrays.put("md0", new ArrayShape("raid10", "near-2", 6, 524_288L, "ST4000NM0035", true, 4_000_787_030_016L, "sda"));
        arrays.put("md1", new ArrayShape("raid1", null, 2, null, null, null, 512_000_000L, "nvme0n1"));
        Map<String, Long> since = new LinkedHashMap<>();
        since.put("md0", 1_700_000_100_000L);
        since.put("md1", Long.MIN_VALUE);
        Map<String, Former> former = new LinkedHashMap<>();
        former.put("md0", new Former(new ArrayShape("raid10", "near-2", 4, 524_288L, "ST4000NM0035", true, 4_000_787_030_016L, "sda"),
                1_699_990_000_000L, 1_700_000_100_000L));
        Map<String, MemberCapacity> measured = new LinkedHashMap<>();
        measured.put("ST4000NM0035", new MemberCapacity(new Learned(182.5, 7, 5, 180.25, 310.5), 8192, null, 1_700_000_160_000L));
        measured.put("?", new MemberCapacity(new Learned(9_500.0, 3, 3, 9_400.0, 1.2e5), 4096, new Learned(1_450.0, 2, 0, 0, 0),
                Long.MIN_VALUE));
        return new HostShapes(arrays, since, former, measured);
    }

    /** Written as an Avro record and read back the same; a value in binary format 3, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostShapes.SERDE, host(), "capacity-shapes-format3");
    }
}
