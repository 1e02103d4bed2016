package io.raidpulse.influx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InfluxVersionTest {

    @ParameterizedTest
    @CsvSource({
            "1.6.7~rc0, 1, 6, false",
            "1.7.11, 1, 7, false",
            "1.8.10, 1, 8, true",
            "v2.7.4, 2, 7, true",
            "2.0.0-beta.1, 2, 0, true",
            "3.0.1, 3, 0, true"
    })
    void parsesWhatServersSend(String header, int major, int minor, boolean v2Write) {
        InfluxVersion v = InfluxVersion.parse(header);
        assertThat(v.major()).isEqualTo(major);
        assertThat(v.minor()).isEqualTo(minor);
        assertThat(v.hasV2Write()).isEqualTo(v2Write);
    }

    @ParameterizedTest
    @CsvSource({"''", "unknown", "nginx"})
    void somethingElseIsNoVersion(String header) {
        assertThat(InfluxVersion.parse(header)).isNull();
    }
}
