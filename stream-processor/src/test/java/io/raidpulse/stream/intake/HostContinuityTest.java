package io.raidpulse.stream.intake;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.stream.intake.HostContinuity.Arrival;
import io.raidpulse.stream.testing.StateFixtures;
import org.junit.jupiter.api.Test;

class HostContinuityTest {

    @Test
    void tellsNextLateDuplicateAndRestartApart() {
        HostContinuity c = new HostContinuity(1000, 10, 1);
        assertThat(c.classify(1000, 11)).isEqualTo(Arrival.NEXT);
        assertThat(c.classify(1000, 10)).isEqualTo(Arrival.DUPLICATE);
        assertThat(c.classify(2000, 3)).isEqualTo(Arrival.RESTART);
        c = c.after(1000, 14);
        assertThat(c.classify(1000, 12)).as("never seen: late, not a duplicate").isEqualTo(Arrival.LATE);
        c = c.after(1000, 12);
        assertThat(c.classify(1000, 12)).isEqualTo(Arrival.DUPLICATE);
        assertThat(c.classify(1000, 10)).isEqualTo(Arrival.DUPLICATE);
        assertThat(c.classify(1000, 13)).isEqualTo(Arrival.LATE);
        assertThat(c.lastSequence()).isEqualTo(14);
    }

    @Test
    void aLongGapForgetsWhatWasSeen() {
        HostContinuity c = new HostContinuity(1000, 10, 1).after(1000, 200);
        assertThat(c.classify(1000, 10)).isEqualTo(Arrival.LATE);
        assertThat(c.classify(1000, 200)).isEqualTo(Arrival.DUPLICATE);
    }

    /** Written as an Avro record and read back the same; a value in binary format 1, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        HostContinuity c = new HostContinuity(1_767_225_600_000L, 123_456, 0xF0F0_0000_0000_0001L);
        StateFixtures.assertRestores(HostContinuity.SERDE, c, "host-continuity-format1");
    }
}
