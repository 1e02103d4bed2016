package io.raidpulse.collector.spool;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The per-host sequence number, kept in the spool directory ({@code sequence}: the next number
 * to hand out, a {@link SlotFile}) so it continues across collector restarts. Written before the
 * sample with that number is spooled, so a crash between the two shows as a gap of one, never a
 * repeat.
 */
public final class SequenceFile implements Closeable {
    private final SlotFile file;
    private long next;

    private SequenceFile(SlotFile file, long next) {
        this.file = file;
        this.next = next;
    }

    public static SequenceFile open(Path dir, boolean fsync) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve("sequence");
        SlotFile file = SlotFile.open(f, fsync);
        long next = 0;
        if (file.text() != null) {
            String text = file.text().trim();
            try {
                next = Long.parseLong(text);
            } catch (NumberFormatException e) {
                file.close();
                throw new IOException(f + " holds '" + text + "', not a sequence number: remove it to start again from 0");
            }
        }
        return new SequenceFile(file, next);
    }

    /** The next sequence number, persisted before it is returned. */
    public synchronized long next() throws IOException {
        long n = next;
        file.write((n + 1) + "\n");
        next = n + 1;
        return n;
    }

    @Override
    public synchronized void close() throws IOException {
        file.close();
    }

    /** The number {@link #next()} will return. */
    public synchronized long peek() {
        return next;
    }
}
