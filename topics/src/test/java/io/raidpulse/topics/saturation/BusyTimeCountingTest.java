package io.raidpulse.topics.saturation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BusyTimeCountingTest {
    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {
        // the lab's kernels: Debian 11, 12, 13 and unstable
        "5.10.0-32-amd64, true",
        "6.1.0-28-amd64, false",
        "6.12.38+deb13-amd64, false",
        "7.2.13+deb14-amd64, false",
        // either side of 5.0 and 5.17, whose second stable update took the change
        "4.19.0-27-amd64, false",
        "5.0.0, true",
        "5.4.0-216-generic, true",
        "5.16.20, true",
        "5.17.15, false",
        "5.18.0, false",
        // not a release
        "null, false",
        "'', false",
        "unknown, false",
        "5, false"})
    void theKernelsFrom50To516UndercountBusyTime(String release, boolean undercounts) {
        assertThat(BusyTimeCounting.undercounts(release)).as(release).isEqualTo(undercounts);
    }
}
