package io.raidpulse.collector.spool;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded on-disk queue of Kafka records that survives restarts.
 *
 * <p>Layout: append-only segment files {@code NNNNNNNNNNNNNNNNNNNN.seg} (numbered in order) and
 * a {@code cursor} file ({@link SlotFile}) holding "segment offset" of the first record not yet
 * acknowledged by Kafka. Each record is framed as {@code length:int32 crc32c:int32 payload}
 * (big-endian), the CRC over the payload, and the payload is {@code keyLength:uint16 key(UTF-8)
 * value}. At open,
 * the newest segment is truncated after its last whole record (a write cut short by a crash);
 * a bad frame inside an older segment ends that segment (its remaining records are counted as
 * dropped).
 *
 * <p>Durability: with {@code fsync} each append is forced to disk before {@link #append}
 * returns (one fsync per sample, at most one per second), and the cursor file is rewritten
 * (one of its two slots, forced) after every acknowledged batch; without it both are left to
 * the page cache, which survives a crash of the process but not of the host.
 *
 * <p>Bound: when the segments exceed {@code maxBytes}, whole oldest segments are deleted first
 * (never the one being written), their unsent records are counted in {@link #dropped()}, and a
 * warning says how many were lost. The filesystem bounds it too: when it has less room than a
 * record needs plus {@link #RESERVE} (kept for the cursor and sequence files), or a write fails
 * for want of space, the oldest segments are dropped and counted the same way, so new samples
 * keep their place and old ones give theirs up, as when the bound is reached. A write that
 * failed half-way is cut off again, so no torn record stays in a segment. Thread-safe: one
 * thread appends, another reads and commits.
 */
public final class Spool implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(Spool.class);
    private static final int HEADER = 8;
    /** A frame longer than this is corruption, not a record (a HostSample of 1000 devices is about 400 KiB). */
    static final int MAX_RECORD = 16 << 20;
    /** Space left free on the spool's filesystem for the small files written next to the segments (cursor, sequence). */
    static final long RESERVE = 16 << 10;

    /** The newest record, where it begins, and its payload's size. */
    private record Tail(Position at, SpoolRecord record, int payload) {
    }

    /** A read position: segment number and byte offset in it. */
    public record Position(long segment, long offset) {
    }

    private final Path dir;
    private final long maxBytes;
    private final long segmentBytes;
    private final boolean fsync;
    private final TreeMap<Long, Long> segments = new TreeMap<>(); // number -> size in bytes
    private FileChannel active;
    private long activeNumber;
    private Position cursor;
    /** Where the cursor is kept: rewritten in place after every acknowledged batch */
    private SlotFile cursorFile;
    /**
     * The last record appended, where it begins and its payload's size: a sender that keeps up
     * peeks at nothing else, and is given it without opening its segment and copying 30 KB out
     * of it twice a second. Null until the first append after opening.
     */
    private Tail tail;
    private long dropped;
    private long appended;
    /** Whether the last look at the filesystem found it full; a state change is logged once. */
    private boolean filesystemFull;
    private long droppedBeforeFull;
    private boolean cursorUnwritten;
    private java.nio.file.FileStore store;

    private Spool(Path dir, long maxBytes, boolean fsync) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.segmentBytes = Math.max(64 << 10, Math.min(16 << 20, maxBytes / 8));
        this.fsync = fsync;
    }

    /** Opens (creating if needed) the spool in {@code dir}, bounded to {@code maxBytes} of segments. */
    public static Spool open(Path dir, long maxBytes, boolean fsync) throws IOException {
        Spool s = new Spool(dir, maxBytes, fsync);
        s.load();
        return s;
    }

    private void load() throws IOException {
        Files.createDirectories(dir);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.seg")) {
            for (Path f : files) {
                String n = f.getFileName().toString();
                try {
                    segments.put(Long.parseLong(n.substring(0, n.length() - 4)), Files.size(f));
                } catch (NumberFormatException e) {
                    LOG.warn("spool {}: ignoring {}, not a segment name", dir, n);
                }
            }
        }
        if (segments.isEmpty()) {
            segments.put(0L, 0L);
        }
        activeNumber = segments.lastKey();
        long valid = validLength(segment(activeNumber));
        active = FileChannel.open(segment(activeNumber), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        if (valid < active.size()) {
            LOG.warn("spool {}: cut {} bytes of an incomplete record off segment {} (a write interrupted by a crash)",
                    dir, active.size() - valid, activeNumber);
            active.truncate(valid);
            active.force(true);
        }
        segments.put(activeNumber, valid);
        active.position(valid);
        cursorFile = SlotFile.open(dir.resolve("cursor"), fsync);
        cursor = readCursor();
    }

    private Position readCursor() {
        Position first = new Position(segments.firstKey(), 0);
        if (cursorFile.text() == null) {
            return first;
        }
        try {
            String[] parts = cursorFile.text().trim().split(" ");
            Position p = new Position(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
            if (!segments.containsKey(p.segment()) || p.offset() > segments.get(p.segment())) {
                return first;
            }
            return p;
        } catch (RuntimeException e) {
            LOG.warn("spool {}: unreadable cursor ({}), sending from the oldest record", dir, e.toString());
            return first;
        }
    }

    /**
     * Appends one record; drops the oldest segments if the spool is over its bound or its
     * filesystem has no room for the record. {@code value} is kept as the newest record (the
     * caller must not change it afterwards).
     *
     * @throws IOException when the record cannot be written even with every older segment dropped
     */
    public synchronized void append(String key, byte[] value) throws IOException {
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        if (k.length > 0xFFFF || 2 + k.length + value.length > MAX_RECORD) {
            throw new IllegalArgumentException("record too large for the spool: " + (2 + k.length + value.length) + " bytes");
        }
        int payload = 2 + k.length + value.length;
        ByteBuffer frame = ByteBuffer.allocate(HEADER + payload);
        frame.putInt(payload).putInt(0).putShort((short) k.length).put(k).put(value);
        CRC32C crc = new CRC32C();
        crc.update(frame.array(), HEADER, payload);
        frame.putInt(4, (int) crc.getValue());
        frame.flip();
        if (segments.get(activeNumber) > 0 && segments.get(activeNumber) + frame.remaining() > segmentBytes) {
            roll();
        }
        makeRoom(frame.remaining());
        while (true) {
            long start = segments.get(activeNumber);
            try {
                while (frame.hasRemaining()) {
                    active.write(frame);
                }
                if (fsync) {
                    active.force(false);
                }
                break;
            } catch (IOException e) {
                // cut off what was written of the frame, then make room if there is anything to give up
                active.truncate(start);
                active.position(start);
                frame.rewind();
                if (!dropOldestForSpace(frame.remaining(), e.getMessage())) {
                    throw new IOException("spool " + dir + ": cannot write a record of " + frame.remaining() + " bytes ("
                            + e.getMessage() + ") and holds nothing older to drop", e);
                }
            }
        }
        long at = segments.get(activeNumber);
        segments.merge(activeNumber, (long) HEADER + payload, Long::sum);
        tail = new Tail(new Position(activeNumber, at), new SpoolRecord(key, value, new Position(activeNumber, at + HEADER + payload)),
                payload);
        appended++;
        enforceBound();
        notifyAll();
    }

    /**
     * Drops the oldest segments while the spool's filesystem has less room than {@code bytes} plus
     * {@link #RESERVE}, as long as there is an older segment to drop. Called before each append,
     * and by a caller about to write the files beside the segments. Says once when the filesystem
     * is full and once when it has room again.
     */
    public synchronized void makeRoom(long bytes) throws IOException {
        while (usableSpace() < bytes + RESERVE) {
            if (!dropOldestForSpace(bytes, "no space left")) {
                return;
            }
        }
        // full until the spool could grow to its own bound again: no flapping as segments come and go
        if (filesystemFull && usableSpace() - RESERVE >= maxBytes - bytes()) {
            filesystemFull = false;
            LOG.info("spool {}: its filesystem has space again ({} KiB free); {} unsent samples were dropped while it was full "
                    + "({} since start)", dir, usableSpace() >> 10, dropped - droppedBeforeFull, dropped);
        }
    }

    private long usableSpace() {
        try {
            if (store == null) {
                store = Files.getFileStore(dir);
            }
            return store.getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE; // cannot tell: let the write find out
        }
    }

    /**
     * Gives up the oldest segment for want of space: rolls first when only the active segment
     * holds records. False when there is nothing to give up.
     */
    private boolean dropOldestForSpace(long bytes, String why) throws IOException {
        if (!filesystemFull) {
            filesystemFull = true;
            droppedBeforeFull = dropped;
            LOG.error("spool {}: no space left on its filesystem for a sample of {} bytes ({}; {} KiB free): dropping the oldest "
                    + "unsent samples to make room for new ones, counted in spool_dropped; free space there", dir, bytes, why,
                    usableSpace() >> 10);
        }
        if (segments.size() == 1) {
            if (segments.get(activeNumber) == 0) {
                return false;
            }
            roll();
        }
        dropOldest("its filesystem is full");
        return true;
    }

    private void roll() throws IOException {
        active.close();
        activeNumber++;
        active = FileChannel.open(segment(activeNumber), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        segments.put(activeNumber, 0L);
        if (fsync) {
            forceDirectory();
        }
    }

    private void enforceBound() throws IOException {
        while (bytes() > maxBytes && segments.size() > 1) {
            dropOldest("it is full (" + maxBytes + " bytes)");
        }
    }

    /** Deletes the oldest segment (never the active one), counting its unsent records as dropped. */
    private void dropOldest(String why) throws IOException {
        long oldest = segments.firstKey();
        long size = segments.get(oldest);
        long from = cursor.segment() == oldest ? cursor.offset() : cursor.segment() > oldest ? size : 0;
        long lost = countRecords(segment(oldest), from);
        Files.deleteIfExists(segment(oldest));
        segments.remove(oldest);
        if (cursor.segment() <= oldest) {
            cursor = new Position(segments.firstKey(), 0);
            writeCursorOrWarn();
        }
        if (lost > 0) {
            dropped += lost;
            if (filesystemFull) {
                return; // said once when it filled up, and summed up when it has space again
            }
            LOG.warn("spool {}: {}: dropped the {} oldest unsent samples ({} dropped since start)", dir, why, lost, dropped);
        }
    }

    /** Up to {@code max} records from the read position, in order, without consuming them. */
    public synchronized List<SpoolRecord> peek(int max) throws IOException {
        return peek(max, Long.MAX_VALUE);
    }

    /**
     * Up to {@code max} records from the read position, in order, without consuming them, and
     * no more than {@code maxBytes} of keys and values together, though always the first one:
     * what a catch-up after a long outage holds in memory does not grow with the host's size.
     */
    public synchronized List<SpoolRecord> peek(int max, long maxBytes) throws IOException {
        List<SpoolRecord> out = new ArrayList<>();
        long bytes = 0;
        Position p = cursor;
        while (out.size() < max && bytes < maxBytes && p != null) {
            if (tail != null && p.equals(tail.at())) {
                // the newest record, still in memory: not read back from its segment
                if (out.isEmpty() || bytes + tail.payload() <= maxBytes) {
                    out.add(tail.record());
                }
                return out;
            }
            Long size = segments.get(p.segment());
            if (size == null) {
                Long next = segments.higherKey(p.segment());
                p = next == null ? null : new Position(next, 0);
                continue;
            }
            if (p.offset() >= size) {
                Long next = segments.higherKey(p.segment());
                p = next == null ? null : new Position(next, 0);
                continue;
            }
            try (FileChannel ch = FileChannel.open(segment(p.segment()), StandardOpenOption.READ)) {
                long off = p.offset();
                while (out.size() < max && off < size) {
                    byte[] payload = readFrame(ch, off, size);
                    if (payload == null) {
                        long lost = countRecords(segment(p.segment()), off);
                        dropped += Math.max(1, lost);
                        LOG.warn("spool {}: segment {} is corrupt at byte {}: skipping the rest of it", dir, p.segment(), off);
                        off = size;
                        segments.put(p.segment(), off);
                        break;
                    }
                    if (!out.isEmpty() && bytes + payload.length > maxBytes) {
                        return out; // read again by the next peek
                    }
                    bytes += payload.length;
                    off += HEADER + payload.length;
                    ByteBuffer b = ByteBuffer.wrap(payload);
                    int keyLen = Short.toUnsignedInt(b.getShort());
                    String key = new String(payload, 2, keyLen, StandardCharsets.UTF_8);
                    byte[] value = new byte[payload.length - 2 - keyLen];
                    System.arraycopy(payload, 2 + keyLen, value, 0, value.length);
                    out.add(new SpoolRecord(key, value, new Position(p.segment(), off)));
                }
                p = new Position(p.segment(), off);
            }
        }
        return out;
    }

    /** Waits until a record is available at the read position, or the timeout passes. */
    public synchronized boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Marks everything before {@code next} as sent: moves the read position and deletes fully sent segments. */
    public synchronized void commit(Position next) throws IOException {
        if (next.segment() < cursor.segment() || next.segment() == cursor.segment() && next.offset() <= cursor.offset()) {
            return;
        }
        cursor = next;
        while (segments.firstKey() < cursor.segment()) {
            Files.deleteIfExists(segment(segments.pollFirstEntry().getKey()));
        }
        writeCursorOrWarn();
    }

    /**
     * Persists the read position; when that fails (a full filesystem), the position is kept in
     * memory and written with the next move: a restart before then sends the records since the
     * last written position again, which the stream processor drops as repeats.
     */
    private void writeCursorOrWarn() {
        try {
            writeCursor();
            if (cursorUnwritten) {
                cursorUnwritten = false;
                LOG.info("spool {}: the read position is written again", dir);
            }
        } catch (IOException e) {
            if (!cursorUnwritten) {
                cursorUnwritten = true;
                LOG.warn("spool {}: cannot write the read position ({}); kept in memory until it can be", dir, e.toString());
            }
        }
    }

    public synchronized boolean isEmpty() {
        Position p = cursor;
        for (var e : segments.tailMap(p.segment(), true).entrySet()) {
            long from = e.getKey() == p.segment() ? p.offset() : 0;
            if (e.getValue() > from) {
                return false;
            }
        }
        return true;
    }

    /** Bytes held in segment files, sent or not. */
    public synchronized long bytes() {
        return segments.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Unsent records lost since this spool was opened: dropped when full, or in a corrupt segment. */
    public synchronized long dropped() {
        return dropped;
    }

    /** Records appended since this spool was opened. */
    public synchronized long appended() {
        return appended;
    }

    public Path directory() {
        return dir;
    }

    @Override
    public synchronized void close() throws IOException {
        if (active.isOpen()) {
            active.force(true);
            active.close();
        }
        cursorFile.close();
    }

    private void writeCursor() throws IOException {
        cursorFile.write(cursor.segment() + " " + cursor.offset() + "\n");
    }

    private void forceDirectory() {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // some filesystems cannot sync a directory; the segment itself is synced
        }
    }

    private Path segment(long n) {
        return dir.resolve(String.format("%020d.seg", n));
    }

    /** Length of the longest prefix of whole, CRC-valid frames. */
    private static long validLength(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long off = 0;
            while (off < size) {
                byte[] payload = readFrame(ch, off, size);
                if (payload == null) {
                    break;
                }
                off += HEADER + payload.length;
            }
            return off;
        }
    }

    private static long countRecords(Path file, long from) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long off = from;
            long n = 0;
            while (off < size) {
                byte[] payload = readFrame(ch, off, size);
                if (payload == null) {
                    break;
                }
                off += HEADER + payload.length;
                n++;
            }
            return n;
        }
    }

    /** The payload of the frame at {@code off}, or null when it is cut short or fails its CRC. */
    private static byte[] readFrame(FileChannel ch, long off, long size) throws IOException {
        if (size - off < HEADER) {
            return null;
        }
        ByteBuffer head = ByteBuffer.allocate(HEADER);
        readFully(ch, head, off);
        head.flip();
        int len = head.getInt();
        int crc = head.getInt();
        if (len < 2 || len > MAX_RECORD || size - off - HEADER < len) {
            return null;
        }
        ByteBuffer body = ByteBuffer.allocate(len);
        readFully(ch, body, off + HEADER);
        CRC32C c = new CRC32C();
        c.update(body.array(), 0, len);
        if ((int) c.getValue() != crc) {
            return null;
        }
        int keyLen = ((body.get(0) & 0xff) << 8) | (body.get(1) & 0xff);
        return keyLen + 2 <= len ? body.array() : null;
    }

    private static void readFully(FileChannel ch, ByteBuffer buf, long pos) throws IOException {
        while (buf.hasRemaining()) {
            int n = ch.read(buf, pos + buf.position());
            if (n < 0) {
                throw new IOException("unexpected end of spool segment");
            }
        }
    }
}
