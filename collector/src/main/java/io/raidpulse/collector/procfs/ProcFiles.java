package io.raidpulse.collector.procfs;

import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/** Thin readers around procfs and sysfs files: the parsers take text, these fetch it. */
public final class ProcFiles {
    private ProcFiles() {
    }

    /**
     * FileInputStream reads up to 8 KiB through a buffer on the C stack and mallocs one for a
     * larger read: reads are no larger, so no read mallocs.
     */
    private static final int CHUNK = 8192;
    /** A larger buffer (a host's /proc/diskstats of thousands of devices) is used once and not kept. */
    private static final int KEPT = 1 << 20;
    /**
     * Each thread's buffer, reused from file to file: the sampling thread reads about 80 files a
     * cycle, and a new array for each was an eighth of what a cycle allocated.
     */
    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[2 * CHUNK]);

    /**
     * The whole file as text; procfs files report size 0, so this reads until EOF. Through
     * FileInputStream rather than {@code Files.readAllBytes}: a collector cycle reads about 300
     * files, and much of its code is still interpreted minutes after start, where NIO's layers
     * (channel factory, file channel, temporary direct buffer, size query) cost about twice the
     * CPU of the read itself (13 against 7 ms for 300 sysfs files with {@code -Xint}).
     * An absent file is a {@link NoSuchFileException} and an unreadable one an
     * {@link AccessDeniedException}, as from {@code Files}.
     */
    public static String read(Path file) throws IOException {
        return read(file.toString(), file);
    }

    /**
     * As {@link #read(Path)}, by name: the cgroup walk reads hundreds of io.stat files a cycle,
     * and a Path for each (parsed and normalised) is made only when one cannot be read.
     */
    public static String read(String name) throws IOException {
        return read(name, null);
    }

    private static String read(String name, Path path) throws IOException {
        FileInputStream in;
        try {
            in = new FileInputStream(name);
        } catch (FileNotFoundException e) {
            Path file = path != null ? path : Path.of(name);
            // FileInputStream says "not there", "not allowed" and "a directory" alike; Files' exceptions tell them apart
            if (Files.notExists(file)) {
                throw new NoSuchFileException(file.toString());
            }
            if (Files.isDirectory(file)) {
                throw new IOException("Is a directory");
            }
            throw new AccessDeniedException(file.toString());
        }
        try (in) {
            byte[] buf = BUFFER.get();
            int n = 0;
            for (int r; (r = in.read(buf, n, Math.min(CHUNK, buf.length - n))) > 0; ) {
                n += r;
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, n * 2);
                    if (buf.length <= KEPT) {
                        BUFFER.set(buf);
                    }
                }
            }
            return new String(buf, 0, n, StandardCharsets.UTF_8);
        }
    }

    /** The first line of a one-value sysfs file, trimmed; null when the file does not exist or cannot be read. */
    public static String readValue(Path file) {
        try {
            String text = read(file);
            int nl = text.indexOf('\n');
            return (nl >= 0 ? text.substring(0, nl) : text).trim();
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
