package io.raidpulse.collector.procfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeptFilesTest {
    @TempDir
    Path dir;

    private static long rchar(String io) {
        for (String line : io.split("\n")) {
            if (line.startsWith("rchar:")) {
                return Long.parseLong(line.substring("rchar:".length()).trim());
            }
        }
        throw new AssertionError("no rchar in " + io);
    }

    @Test
    void aKeptProcfsFileIsMadeAnewOnEachRead() throws IOException {
        Path io = Path.of("/proc/self/io");
        assumeTrue(Files.isReadable(io), "needs procfs");
        KeptFiles files = new KeptFiles();
        long first = rchar(files.read(io.toString()));
        // the first read itself read bytes: a text made anew counts them, a stale one would not
        long second = rchar(files.read(io.toString()));
        assertThat(second).isGreaterThan(first);
        assertThat(files.size()).isEqualTo(1);
        files.closeAll();
    }

    @Test
    void aKeptAttributeMadeByOneShowIsMadeAnewOnEachRead() throws IOException {
        // /proc/PID/io is one record (proc_single_show), as a sysfs or cgroupfs attribute is
        Path io = Path.of("/proc/self/io");
        assumeTrue(Files.isReadable(io), "needs procfs");
        KeptFiles files = new KeptFiles();
        String first = files.readAttribute(io.toString());
        assertThat(first).contains("rchar:").contains("cancelled_write_bytes:").endsWith("\n");
        assertThat(rchar(files.readAttribute(io.toString()))).isGreaterThan(rchar(first));
        files.closeAll();
    }

    @Test
    void anAttributeIsReadWholeWhateverItsLengthAgainstTheBuffer() throws IOException {
        Path f = dir.resolve("io.stat");
        KeptFiles files = new KeptFiles();
        // shorter than the first buffer, exactly as long (its read fills it: the next one must be made), and longer
        for (int length : new int[] {13, 4096, 4097, 3 * 4096 + 5}) {
            String text = "x".repeat(length - 1) + "\n";
            Files.writeString(f, text); // in place: the kept descriptor sees it, as a kernel file's made anew
            assertThat(files.readAttribute(f.toString())).as("%d bytes", length).isEqualTo(text);
        }
        files.closeAll();
    }

    @Test
    void procAndSysfsArePseudoFilesystemsATempDirectoryIsNot() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs procfs");
        assertThat(KeptFiles.pseudo(Path.of("/proc"))).isTrue();
        assertThat(KeptFiles.pseudo(dir)).isFalse();
    }

    @Test
    void readsTheWholeTextAsProcFilesDoes() throws IOException {
        Path f = dir.resolve("io.stat");
        String big = "8:0 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=0 dios=0\n".repeat(300); // beyond the first buffer
        Files.writeString(f, big);
        KeptFiles files = new KeptFiles();
        assertThat(files.read(f.toString())).isEqualTo(ProcFiles.read(f.toString())).isEqualTo(big);
        Files.writeString(f, "8:0 rbytes=5\n"); // rewritten in place, as a kernel's file is made anew
        assertThat(files.read(f.toString())).isEqualTo("8:0 rbytes=5\n");
        files.closeAll();
    }

    @Test
    void filesNotReadInACycleAreClosedAtItsEnd() throws IOException {
        Path a = Files.writeString(dir.resolve("a"), "a\n");
        Path b = Files.writeString(dir.resolve("b"), "b\n");
        KeptFiles files = new KeptFiles();
        files.read(a.toString());
        files.read(b.toString());
        files.endCycle();
        assertThat(files.size()).isEqualTo(2);
        files.read(a.toString());
        files.endCycle();
        assertThat(files.size()).isEqualTo(1);
        files.endCycle();
        assertThat(files.size()).isZero();
    }

    @Test
    void anAbsentFileIsNoSuchFileAndNotKept() {
        KeptFiles files = new KeptFiles();
        assertThatThrownBy(() -> files.read(dir.resolve("gone/io.stat").toString())).isInstanceOf(NoSuchFileException.class);
        assertThat(files.size()).isZero();
    }

    @Test
    void aKeptFileThatCannotBeReadIsReadAgainFromItsPath() throws IOException {
        Path f = Files.writeString(dir.resolve("io.stat"), "8:0 rbytes=1\n");
        KeptFiles files = new KeptFiles();
        files.read(f.toString());
        // an interrupt closes a kept channel (ClosedByInterruptException), as a removed cgroup's node fails its reads
        Thread.currentThread().interrupt();
        try {
            assertThat(files.read(f.toString())).isEqualTo("8:0 rbytes=1\n");
        } finally {
            Thread.interrupted();
        }
        files.closeAll();
    }
}
