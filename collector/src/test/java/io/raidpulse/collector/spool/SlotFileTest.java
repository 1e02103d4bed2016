package io.raidpulse.collector.spool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A value rewritten in place survives reopening, a torn write of either slot, and the layout before it. */
class SlotFileTest {
    @TempDir
    Path dir;

    @Test
    void aNewFileHoldsNothingAndThenTheLastValueWritten() throws IOException {
        Path f = dir.resolve("cursor");
        try (SlotFile s = SlotFile.open(f, true)) {
            assertThat(s.text()).isNull();
            for (int i = 0; i < 5; i++) {
                s.write(i + " " + (i * 1000) + "\n");
            }
        }
        try (SlotFile s = SlotFile.open(f, false)) {
            assertThat(s.text()).isEqualTo("4 4000\n");
            s.write("5 5000\n");
        }
        try (SlotFile s = SlotFile.open(f, false)) {
            assertThat(s.text()).isEqualTo("5 5000\n");
        }
        assertThat(Files.size(f)).isEqualTo(2 * SlotFile.SLOT);
    }

    @Test
    void aWriteTornInEitherSlotLeavesTheValueBeforeIt() throws IOException {
        Path f = dir.resolve("sequence");
        for (int torn = 0; torn < 2; torn++) {
            Files.deleteIfExists(f);
            try (SlotFile s = SlotFile.open(f, false)) {
                s.write("41\n");
                s.write("42\n");
                if (torn == 1) {
                    s.write("43\n");
                }
            }
            // the slot last written (generation 2: slot 0; generation 3: slot 1) is cut off in the middle
            long newest = torn == 0 ? 0 : SlotFile.SLOT;
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                raf.seek(newest + 12);
                raf.write(new byte[] {0x7f, 0x7f, 0x7f});
            }
            try (SlotFile s = SlotFile.open(f, false)) {
                assertThat(s.text()).as("slot %d torn", newest / SlotFile.SLOT).isEqualTo(torn == 0 ? "41\n" : "42\n");
                s.write("44\n");
            }
            try (SlotFile s = SlotFile.open(f, false)) {
                assertThat(s.text()).isEqualTo("44\n");
            }
        }
    }

    @Test
    void aFirstWriteTornHoldsNothing() throws IOException {
        Path f = dir.resolve("sequence");
        try (SlotFile s = SlotFile.open(f, false)) {
            s.write("1\n");
        }
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(SlotFile.SLOT + 20);
        }
        try (SlotFile s = SlotFile.open(f, false)) {
            assertThat(s.text()).isNull();
        }
    }

    @Test
    void theTextAloneLayoutIsReadAndRewritten() throws IOException {
        Path f = Files.writeString(dir.resolve("cursor"), "3 81920\n");
        try (SlotFile s = SlotFile.open(f, true)) {
            assertThat(s.text()).isEqualTo("3 81920\n");
            assertThat(Files.size(f)).isEqualTo(2 * SlotFile.SLOT);
            s.write("3 90000\n");
        }
        try (SlotFile s = SlotFile.open(f, true)) {
            assertThat(s.text()).isEqualTo("3 90000\n");
        }
        assertThat(dir.resolve("cursor.tmp")).doesNotExist();
    }
}
