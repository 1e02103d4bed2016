package io.raidpulse.collector.procfs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Files of a kernel pseudo filesystem kept open from cycle to cycle and read again from offset
 * 0 ({@code pread}), instead of opened, read and closed every time. A kernfs file (cgroupfs,
 * sysfs) or a procfs seq_file makes its text anew on each read from offset 0 (fs/seq_file.c
 * seq_read_iter resets its iterator at position 0), so what is read is what a fresh open would
 * read; the path lookup, the open's own stat and the close are saved: on this project's build
 * machine 2 against 12 µs a file (tmpfs, collector's JVM flags). When the file's kernfs node is
 * removed (a cgroup that went away) a read of the kept descriptor fails (ENODEV): it is closed and
 * the path opened again, which fails with {@link NoSuchFileException} when nothing is there, as a
 * fresh read would.
 *
 * <p>Only for pseudo filesystems ({@link #pseudo}): a regular file replaced by a rename (a test's
 * or a recording's tree, the synthetic host) would be read as it was when opened, forever.
 *
 * <p>{@link #readAttribute} is for a file whose whole text one {@code show} call makes: a sysfs
 * or cgroupfs attribute (io.stat, an md attribute; kernfs's seq_show prints the one record, and
 * seq_read_iter grows its own buffer until that record fits, then hands over as much as the reader
 * asked for). A read from offset 0 that leaves room in the buffer has then had the whole text, and
 * the second read, which would return nothing, is not made: one system call a file instead of two.
 * A file of many records (/proc/diskstats, /proc/mdstat) is handed over a page at a time, short of
 * its end: {@link #read} reads it to the end.
 *
 * <p>Files not read in a cycle are closed at its end ({@link #endCycle}); at most {@link #MAX_OPEN}
 * are kept, any more are read as {@link ProcFiles#read} does. One thread.
 */
public final class KeptFiles {
    /** A host's file descriptor limit for the collector is far higher (systemd's hard limit, which the JVM raises to). */
    public static final int MAX_OPEN = 4096;
    private static final Set<String> PSEUDO = Set.of("cgroup2", "cgroup", "sysfs", "proc");

    private static final class Kept {
        final FileChannel channel;
        long cycle;

        Kept(FileChannel channel) {
            this.channel = channel;
        }
    }

    private final Map<String, Kept> open = new HashMap<>();
    private ByteBuffer buffer = ByteBuffer.allocate(4096);
    private long cycle;

    /**
     * Set to {@code any}, files on any filesystem are kept open as a pseudo filesystem's are: only
     * for a synthetic tree whose files are rewritten in place (SyntheticHost#rewrittenInPlace), so
     * the footprint benchmark measures the reading a real host's /proc, /sys and cgroupfs get.
     */
    public static final String ANY_FILESYSTEM_PROPERTY = "raidpulse.kept-files";

    /** Whether {@code dir} is on a kernel pseudo filesystem (cgroup2, sysfs, proc), whose files these can be. */
    public static boolean pseudo(Path dir) {
        if ("any".equals(System.getProperty(ANY_FILESYSTEM_PROPERTY))) {
            return true;
        }
        try {
            FileStore store = Files.getFileStore(dir);
            return PSEUDO.contains(store.type());
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** How many are open. */
    public int size() {
        return open.size();
    }

    /** The file's whole text, as {@link ProcFiles#read(String)} gives it, with the same exceptions. */
    public String read(String path) throws IOException {
        return read(path, false);
    }

    /** As {@link #read}, for a sysfs or cgroupfs attribute, which one read gives whole (see the class's comment). */
    public String readAttribute(String path) throws IOException {
        return read(path, true);
    }

    private String read(String path, boolean oneShow) throws IOException {
        Kept k = open.get(path);
        if (k != null) {
            try {
                k.cycle = cycle;
                return text(k.channel, oneShow);
            } catch (IOException e) {
                // the node was removed (ENODEV), or the channel closed by an interrupt: open it again below
                close(path);
            }
        }
        if (open.size() >= MAX_OPEN) {
            return ProcFiles.read(path);
        }
        FileChannel channel;
        try {
            channel = FileChannel.open(Path.of(path));
        } catch (IOException | UnsupportedOperationException e) {
            // absent, not allowed, not a directory on the way...: read as before, which throws what callers expect
            return ProcFiles.read(path);
        }
        String text;
        try {
            text = text(channel, oneShow);
        } catch (IOException e) {
            closeQuietly(channel);
            return ProcFiles.read(path);
        }
        Kept kept = new Kept(channel);
        kept.cycle = cycle;
        open.put(path, kept);
        return text;
    }

    /** Closes the files not read since the last call: the cgroups gone, or no longer read. */
    public void endCycle() {
        for (Iterator<Map.Entry<String, Kept>> it = open.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Kept> e = it.next();
            if (e.getValue().cycle != cycle) {
                closeQuietly(e.getValue().channel);
                it.remove();
            }
        }
        cycle++;
    }

    /** Closes every file. */
    public void closeAll() {
        open.values().forEach(k -> closeQuietly(k.channel));
        open.clear();
    }

    private void close(String path) {
        Kept k = open.remove(path);
        if (k != null) {
            closeQuietly(k.channel);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was written: nothing is lost
        }
    }

    /**
     * Reads from offset 0 to the end (a read returning -1), growing the buffer as needed; for an
     * attribute made by one show ({@code oneShow}), to the first read that leaves room in the buffer.
     */
    private String text(FileChannel channel, boolean oneShow) throws IOException {
        ByteBuffer b = buffer;
        b.clear();
        long position = 0;
        for (int r; (r = channel.read(b, position)) >= 0; ) {
            position += r;
            if (oneShow && b.hasRemaining()) {
                break;
            }
            if (!b.hasRemaining()) {
                ByteBuffer bigger = ByteBuffer.allocate(b.capacity() * 2);
                b.flip();
                bigger.put(b);
                b = bigger;
                buffer = b;
            }
        }
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }
}
