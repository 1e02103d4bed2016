package io.raidpulse.collector.spool;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The per-host sequence number, kept in the spool directory ({@code sequence}: the next number
 * to hand out) so it continues across collector restarts. Written before the sample with that
 * number is spooled, so a crash between the two shows as a gap of one, never a repeat.
 */
public final class SequenceFile {
    private final Path file;
    private final boolean fsync;
    private long next;

    private SequenceFile(Path file, boolean fsync, long next) {
        this.file = file;
        this.fsync = fsync;
        this.next = next;
    }

    public static SequenceFile open(Path dir, boolean fsync) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve("sequence");
        long next = 0;
        if (Files.exists(f)) {
            String text = Files.readString(f, StandardCharsets.US_ASCII).trim();
            try {
                next = Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IOException(f + " holds '" + text + "', not a sequence number: remove it to start again from 0");
            }
        }
        return new SequenceFile(f, fsync, next);
    }

    /** The next sequence number, persisted before it is returned. */
    public synchronized long next() throws IOException {
        long n = next;
        ReplacedFile.write(file, (n + 1) + "\n", fsync);
        next = n + 1;
        return n;
    }

    /** The number {@link #next()} will return. */
    public synchronized long peek() {
        return next;
    }
}
