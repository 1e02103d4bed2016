package io.raidpulse.collector.spool;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A small file replaced whole: the text goes to {@code NAME.tmp}, is forced to disk (with
 * {@code fsync}), and the temporary file is renamed over {@code NAME}, so a crash leaves either the
 * old text or the new one. Written and forced through one open channel. The spool's cursor and
 * sequence files were replaced so every second until they became {@link SlotFile}s; a file of the
 * old layout is converted through here once.
 */
final class ReplacedFile {
    private ReplacedFile() {
    }

    static void write(Path file, String text, boolean fsync) throws IOException {
        write(file, text.getBytes(StandardCharsets.US_ASCII), fsync);
    }

    static void write(Path file, byte[] content, boolean fsync) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        ByteBuffer bytes = ByteBuffer.wrap(content);
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            if (fsync) {
                ch.force(true);
            }
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
