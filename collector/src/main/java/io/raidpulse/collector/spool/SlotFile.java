package io.raidpulse.collector.spool;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * A short text rewritten in place and kept across crashes: the spool's read position and the
 * sequence file, each rewritten every second.
 *
 * <p>Layout: two slots of {@link #SLOT} bytes, written in turn, each with one positional write
 * on a descriptor kept open: the magic {@code "RPSLOT1\n"}, a generation (int64), the text's
 * length (uint16), the text (US-ASCII), and a CRC32C of everything before it in the slot, all
 * big-endian. The value is the text of the whole slot with the higher generation. A crash in
 * the middle of a write can tear only the slot being written, and the other one still holds the
 * value before it; a file with no whole slot (its first write torn) holds no value. With
 * {@code fsync} each write is forced before {@link #write} returns.
 *
 * <p>Until 2026-12-06 these files held the text alone and were replaced through a temporary
 * file and a rename ({@link ReplacedFile}): 0.7-1.1 ms of CPU each on this project's build
 * machine (ext4 writes a file renamed over another back at once), twice a second, the largest
 * part of the agent's CPU left. A file of that layout is read as before and rewritten in this
 * one, through a temporary file and a rename, when opened.
 */
final class SlotFile implements Closeable {
    static final int SLOT = 128;
    private static final byte[] MAGIC = "RPSLOT1\n".getBytes(StandardCharsets.US_ASCII);
    /** magic, generation, length before the text; its CRC after */
    private static final int OVERHEAD = MAGIC.length + 8 + 2 + 4;
    static final int MAX_TEXT = SLOT - OVERHEAD;

    private final FileChannel channel;
    private final boolean fsync;
    private final ByteBuffer slot = ByteBuffer.allocate(SLOT);
    private long generation;
    private String text;

    private SlotFile(FileChannel channel, boolean fsync, long generation, String text) {
        this.channel = channel;
        this.fsync = fsync;
        this.generation = generation;
        this.text = text;
    }

    /** Opens {@code file}, creating it when absent, and reads its value; a file of the text-alone layout is rewritten in this one. */
    static SlotFile open(Path file, boolean fsync) throws IOException {
        byte[] bytes = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
        String text = null;
        long generation = 0;
        if (bytes.length > 0 && bytes.length < SLOT && !startsWithMagic(bytes, 0)) {
            text = new String(bytes, StandardCharsets.US_ASCII);
            if (text.length() > MAX_TEXT) {
                text = text.substring(0, MAX_TEXT); // not a value of ours: the caller says so when it does not parse
            }
            generation = 1;
            byte[] converted = new byte[2 * SLOT];
            encode(ByteBuffer.wrap(converted, slotOffset(generation), SLOT), generation, text);
            ReplacedFile.write(file, converted, fsync);
        } else {
            for (int s = 0; s < 2; s++) {
                int at = s * SLOT;
                if (bytes.length >= at + SLOT && startsWithMagic(bytes, at)) {
                    ByteBuffer b = ByteBuffer.wrap(bytes, at, SLOT);
                    b.position(at + MAGIC.length);
                    long g = b.getLong();
                    int length = Short.toUnsignedInt(b.getShort());
                    if (length <= MAX_TEXT && crcOk(bytes, at, length) && (text == null || g > generation)) {
                        text = new String(bytes, at + MAGIC.length + 10, length, StandardCharsets.US_ASCII);
                        generation = g;
                    }
                }
            }
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        return new SlotFile(channel, fsync, generation, text);
    }

    /** The value as last written or read; null for none (a new file). */
    String text() {
        return text;
    }

    /** Writes {@code value} (US-ASCII, at most {@link #MAX_TEXT} bytes) over the older slot. */
    void write(String value) throws IOException {
        if (value.length() > MAX_TEXT) {
            throw new IllegalArgumentException("at most " + MAX_TEXT + " characters: " + value);
        }
        long next = generation + 1;
        slot.clear();
        encode(slot, next, value);
        slot.flip();
        long at = slotOffset(next);
        while (slot.hasRemaining()) {
            channel.write(slot, at + slot.position());
        }
        if (fsync) {
            channel.force(false);
        }
        generation = next;
        text = value;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static int slotOffset(long generation) {
        return (int) (generation & 1) * SLOT;
    }

    /** Writes one slot at {@code b}'s position: magic, generation, length, text, CRC, zeros to its end. */
    private static void encode(ByteBuffer b, long generation, String value) {
        int start = b.position();
        byte[] t = value.getBytes(StandardCharsets.US_ASCII);
        b.put(MAGIC).putLong(generation).putShort((short) t.length).put(t);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), b.arrayOffset() + start, b.position() - start);
        b.putInt((int) crc.getValue());
        while (b.position() < start + SLOT) {
            b.put((byte) 0);
        }
    }

    private static boolean crcOk(byte[] bytes, int at, int length) {
        int covered = MAGIC.length + 10 + length;
        CRC32C crc = new CRC32C();
        crc.update(bytes, at, covered);
        return ByteBuffer.wrap(bytes, at + covered, 4).getInt() == (int) crc.getValue();
    }

    private static boolean startsWithMagic(byte[] bytes, int at) {
        return bytes.length >= at + MAGIC.length && Arrays.equals(bytes, at, at + MAGIC.length, MAGIC, 0, MAGIC.length);
    }
}
