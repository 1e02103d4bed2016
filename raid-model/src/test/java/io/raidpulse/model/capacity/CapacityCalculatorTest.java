package io.raidpulse.model.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapacityCalculatorTest {

    @Test
    void fourDiskRaid10FromSingleDiskFigures() {
        // published-results D member disk: 550 / 480 IOPS at 4 KiB, 268 MB/s; 16 TB members
        ArrayCapacity c = CapacityCalculator.compute(new CapacityQuery(
                "raid10", 4, "near-2", 550, 480, 268, 0.7, 4096, 32, null, 16_000_000_000_000L));
        double busy = RaidModel.occupancy(4, 32);
        assertThat(c.randomReadIops()).isCloseTo(busy * 550, within(1e-6));
        // writes occupy both copies of a pair: 4(1 - (1 - 2/4)^32) busy members, 2/480 disk-seconds each
        assertThat(c.randomWriteIops()).isCloseTo(4 * (1 - Math.pow(0.5, 32)) / (2.0 / 480), within(1e-6));
        double t = 0.7 / 550 + 0.3 * 2 / 480;
        double width = 0.7 * 1 + 0.3 * 2;
        assertThat(c.mixedIops()).isCloseTo(4 * (1 - Math.pow(1 - width / 4, 32)) / t, within(1e-6));
        assertThat(c.seqReadMbps()).isEqualTo(536);
        assertThat(c.seqWriteMbps()).isEqualTo(536);
        assertThat(c.usableFraction()).isEqualTo(0.5);
        // one pair lost a copy: 2 x 550 at saturation, spread over 3 surviving members at depth 32
        assertThat(c.degradedRandomReadIops()).isCloseTo(2 * 550 * (1 - Math.pow(2.0 / 3, 32)), within(1e-6));
        assertThat(c.rebuildHours()).isCloseTo(16e12 / 204_800_000 / 3600, within(1e-9));
    }

    @Test
    void rebuildHoursIsNullWithoutAMemberSize() {
        ArrayCapacity c = CapacityCalculator.compute(new CapacityQuery("raid5", 4, null, 150, 150, 200, 1, 4096, 1, null, null));
        assertThat(c.rebuildHours()).isNull();
        assertThat(c.mixedIops()).isEqualTo(c.randomReadIops());
    }

    @Test
    void badQueriesNameTheProblem() {
        assertThatThrownBy(() -> CapacityCalculator.compute(new CapacityQuery("raid6", 3, null, 1, 1, 1, 0.5, 4096, 1, null, null)))
                .hasMessage("raid6 needs at least 4 disks, got 3");
        assertThatThrownBy(() -> CapacityCalculator.compute(new CapacityQuery("raid5", 4, null, 1, 1, 1, 1.5, 4096, 1, null, null)))
                .hasMessage("read fraction must be within 0..1, got 1.5");
        assertThatThrownBy(() -> CapacityCalculator.compute(new CapacityQuery("raid5", 4, null, 0, 1, 1, 0.5, 4096, 1, null, null)))
                .hasMessage("random read IOPS must be a positive number, got 0.0");
    }

    @Test
    void jsonKeysAreTheCommandsContract() throws Exception {
        ObjectMapper json = new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
        ArrayCapacity c = CapacityCalculator.compute(new CapacityQuery("raid5", 4, null, 150, 150, 200, 0.5, 4096, 4, null, null));
        @SuppressWarnings("unchecked")
        Map<String, Object> keys = json.readValue(json.writeValueAsString(c), Map.class);
        assertThat(keys.keySet()).containsExactlyInAnyOrderElementsOf(List.of(
                "random_read_iops", "random_write_iops", "mixed_iops", "seq_read_mbps", "seq_write_mbps",
                "usable_fraction", "degraded_random_read_iops", "rebuild_hours"));
        assertThat(keys.get("rebuild_hours")).isNull();
    }
}
