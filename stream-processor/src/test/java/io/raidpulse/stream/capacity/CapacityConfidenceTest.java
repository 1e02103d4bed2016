package io.raidpulse.stream.capacity;

import static io.raidpulse.stream.capacity.CapacityConfidence.HIGH;
import static io.raidpulse.stream.capacity.CapacityConfidence.LOW;
import static io.raidpulse.stream.capacity.CapacityConfidence.MEDIUM;
import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.model.matching.CapacitySource;
import org.junit.jupiter.api.Test;

/** The documented rule of capacity_confidence (METRICS.md), at and across each bound. */
class CapacityConfidenceTest {

    @Test
    void aMatchingBenchmarkIsHighTheModelOverABenchmarkedDiskMediumAndADefaultLowWhateverTheCounts() {
        for (int windows : new int[] {0, 1, 100}) {
            assertThat(CapacityConfidence.of(CapacitySource.MEASURED_PROFILE, windows, null)).isEqualTo(HIGH);
            assertThat(CapacityConfidence.of(CapacitySource.SINGLE_DISK_MODEL, windows, 0.0)).isEqualTo(MEDIUM);
            assertThat(CapacityConfidence.of(CapacitySource.DISK_CLASS_DEFAULT, windows, 0.0)).isEqualTo(LOW);
        }
    }

    @Test
    void aMeasuredFigureIsHighFromTenWindowsWithinFivePercent() {
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 10, 0.05)).isEqualTo(HIGH);
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 9, 0.01)).as("one window short").isEqualTo(MEDIUM);
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 50, 0.0501)).as("a little too spread").isEqualTo(MEDIUM);
    }

    @Test
    void aMeasuredFigureIsMediumFromThreeWindowsWithinFifteenPercentElseLow() {
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 3, 0.15)).isEqualTo(MEDIUM);
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 2, 0.01)).isEqualTo(LOW);
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 50, 0.16)).isEqualTo(LOW);
    }

    @Test
    void aMeasuredFigureWithoutAKnownSpreadIsLow() {
        // one window (the window's own measurement), or a figure restored from a state without spread
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 1, null)).isEqualTo(LOW);
        assertThat(CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, 40, null)).isEqualTo(LOW);
    }

    @Test
    void theTagIsLowerCase() {
        assertThat(HIGH.tag()).isEqualTo("high");
        assertThat(MEDIUM.tag()).isEqualTo("medium");
        assertThat(LOW.tag()).isEqualTo("low");
    }

    /**
     * A hardware volume's: as its source says, but a write-back cache (either spelling) without a benchmark of the
     * controller as the source keeps it at low; write-through or an undeclared cache leave it as the source says.
     */
    @Test
    void aVolumeWithAWriteBackCacheIsLowUnlessItsControllersBenchmarkIsTheSource() {
        for (String cache : new String[] {"write-back", "write-back-battery", "Write-Back"}) {
            VolumeShape v = volume(cache);
            assertThat(v.writeBack()).isTrue();
            assertThat(CapacityComparison.volumeConfidence(CapacitySource.SINGLE_DISK_MODEL, v)).isEqualTo(LOW);
            assertThat(CapacityComparison.volumeConfidence(CapacitySource.DISK_CLASS_DEFAULT, v)).isEqualTo(LOW);
            assertThat(CapacityComparison.volumeConfidence(CapacitySource.MEASURED_PROFILE, v)).isEqualTo(HIGH);
        }
        for (String cache : new String[] {"write-through", null}) {
            VolumeShape v = volume(cache);
            assertThat(v.writeBack()).isFalse();
            assertThat(CapacityComparison.volumeConfidence(CapacitySource.SINGLE_DISK_MODEL, v)).isEqualTo(MEDIUM);
            assertThat(CapacityComparison.volumeConfidence(CapacitySource.DISK_CLASS_DEFAULT, v)).isEqualTo(LOW);
        }
        assertThat(HIGH.atMost(MEDIUM)).isEqualTo(MEDIUM);
        assertThat(LOW.atMost(MEDIUM)).isEqualTo(LOW);
    }

    private static VolumeShape volume(String cache) {
        return new VolumeShape("sda", "raid5", null, 4, "ST33000650NS", true, "PERC H700", cache);
    }
}
