package io.raidpulse.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The initramfs's pieces: the newc writer, read back by busybox's own cpio, and the static-binary check. */
class InitramfsTest {
    @TempDir
    Path dir;

    @Test
    void busyboxUnpacksWhatTheWriterWrote() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Cpio cpio = new Cpio(bytes)) {
            cpio.directory("bin");
            cpio.file("bin/hello", "#!/bin/sh\necho hello\n".getBytes(StandardCharsets.UTF_8), true);
            cpio.directory("etc");
            cpio.file("etc/odd", new byte[] {1, 2, 3}, false); // 3 bytes: the next header must be padded to 4
            cpio.symlink("etc/link", "odd");
        }
        Path archive = dir.resolve("a.cpio");
        Files.write(archive, bytes.toByteArray());
        Path out = Files.createDirectories(dir.resolve("out"));
        Process p = new ProcessBuilder(KernelPackage.busybox(), "cpio", "-i", "-d", "-F", archive.toString())
                .directory(out.toFile()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(said).isZero();
        assertThat(Files.readString(out.resolve("bin/hello"))).isEqualTo("#!/bin/sh\necho hello\n");
        assertThat(Files.isExecutable(out.resolve("bin/hello"))).isTrue();
        assertThat(Files.readAllBytes(out.resolve("etc/odd"))).containsExactly(1, 2, 3);
        assertThat(Files.readSymbolicLink(out.resolve("etc/link"))).isEqualTo(Path.of("odd"));
    }

    @Test
    void aStaticBusyboxPassesAndADynamicBinaryDoesNot() throws Exception {
        assertThat(Initramfs.dynamicallyLinked(Files.readAllBytes(Path.of(KernelPackage.busybox())))).isFalse();
        for (String dynamic : List.of("/bin/ls", "/usr/bin/ls")) {
            if (Files.isRegularFile(Path.of(dynamic))) {
                assertThat(Initramfs.dynamicallyLinked(Files.readAllBytes(Path.of(dynamic)))).as(dynamic).isTrue();
                return;
            }
        }
    }
}
