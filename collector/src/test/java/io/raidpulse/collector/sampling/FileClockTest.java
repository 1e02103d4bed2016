package io.raidpulse.collector.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileClockTest {

    @Test
    void readsTheSimulatedTimeAtEveryCall(@TempDir Path dir) throws Exception {
        Path time = dir.resolve("time");
        FileClock clock = new FileClock(time);
        Files.writeString(time, "1764460800000\n");
        assertThat(clock.instant()).isEqualTo(Instant.ofEpochMilli(1_764_460_800_000L));
        Files.writeString(time, "1764460805000");
        assertThat(clock.instant()).isEqualTo(Instant.ofEpochMilli(1_764_460_805_000L));
    }

    @Test
    void aFileWithoutATimeNamesTheFile(@TempDir Path dir) throws Exception {
        Path time = dir.resolve("time");
        Files.writeString(time, "soon");
        assertThatThrownBy(() -> new FileClock(time).instant()).hasMessageContaining(time.toString());
    }
}
