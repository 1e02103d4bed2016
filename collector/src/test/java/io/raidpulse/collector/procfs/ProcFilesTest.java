package io.raidpulse.collector.procfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ProcFiles reads a file whole through a buffer it reuses: larger files, and smaller ones after them, come back exact. */
class ProcFilesTest {
    @TempDir
    Path dir;

    @Test
    void filesOfAnySizeComeBackWholeOneAfterAnother() throws IOException {
        StringBuilder big = new StringBuilder();
        for (int i = 0; big.length() < 3 * 1024 * 1024; i++) {
            big.append("   8       ").append(i).append(" sda").append(i).append(" 1 2 3 4 5 6 7 8 9 10 11\n");
        }
        Path diskstats = Files.writeString(dir.resolve("diskstats"), big);
        Path state = Files.writeString(dir.resolve("state"), "in_sync\n");
        Path medium = Files.writeString(dir.resolve("medium"), "x".repeat(20_000));
        for (int round = 0; round < 2; round++) {
            assertThat(ProcFiles.read(state)).isEqualTo("in_sync\n");
            assertThat(ProcFiles.read(medium)).hasSize(20_000);
            assertThat(ProcFiles.read(diskstats)).isEqualTo(big.toString());
            assertThat(ProcFiles.read(state.toString())).isEqualTo("in_sync\n");
            assertThat(ProcFiles.read(Files.writeString(dir.resolve("empty"), ""))).isEmpty();
        }
    }

    @Test
    void anAbsentFileIsNoSuchFile() {
        assertThatThrownBy(() -> ProcFiles.read(dir.resolve("gone"))).isInstanceOf(NoSuchFileException.class);
        assertThat(ProcFiles.readValue(dir.resolve("gone"))).isNull();
    }
}
