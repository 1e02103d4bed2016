package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CountsTest {
    @Test
    void plusHoldsAtTheEndsOfTheRangeAndIsExactWithin() {
        assertThat(Counts.plus(Long.MAX_VALUE, 2)).isEqualTo(Long.MAX_VALUE);
        assertThat(Counts.plus(Long.MAX_VALUE - 1, Long.MAX_VALUE - 1)).isEqualTo(Long.MAX_VALUE);
        assertThat(Counts.plus(-Long.MAX_VALUE, -5)).isEqualTo(Long.MIN_VALUE);
        assertThat(Counts.plus(40, -2)).isEqualTo(38);
        assertThat(Counts.plus(Long.MAX_VALUE, -Long.MAX_VALUE)).isZero();
        assertThat(Counts.plus(Long.MAX_VALUE - 2, 2)).isEqualTo(Long.MAX_VALUE);
    }
}
