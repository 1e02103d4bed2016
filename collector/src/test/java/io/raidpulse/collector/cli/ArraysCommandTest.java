package io.raidpulse.collector.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ArraysCommandTest {
    @Test
    void timeLeftAsAnOperatorReadsIt() {
        assertThat(ArraysCommand.duration(0)).isEqualTo("0 s");
        assertThat(ArraysCommand.duration(4)).isEqualTo("4 s");
        assertThat(ArraysCommand.duration(119)).isEqualTo("119 s");
        assertThat(ArraysCommand.duration(120)).isEqualTo("2 min");
        assertThat(ArraysCommand.duration(7199)).isEqualTo("119 min");
        assertThat(ArraysCommand.duration(7200)).isEqualTo("2 h");
        assertThat(ArraysCommand.duration(9716)).isEqualTo("2 h 41 min");
        assertThat(ArraysCommand.duration(47 * 3600 + 59 * 60)).isEqualTo("47 h 59 min");
        assertThat(ArraysCommand.duration(48 * 3600)).isEqualTo("2 d");
        assertThat(ArraysCommand.duration(3 * 86400 + 5 * 3600 + 59)).isEqualTo("3 d 5 h");
    }
}
