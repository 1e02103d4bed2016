package io.raidpulse.stream.state;

import java.nio.charset.StandardCharsets;

/**
 * Reads the binary state formats of builds before the Avro state records: varint-encoded numbers
 * raw IEEE doubles and length-prefixed UTF-8 strings (null as length -1), in the order each format wrote them.
 */
public final class StateReader {
    private final byte[] buf;
    private int pos;

    public StateReader(byte[] buf) {
        this.buf = buf;
    }

    public int readByte() {
        if (pos >= buf.length) {
            throw new IllegalStateException("state record truncated at byte " + pos);
        }
        return buf[pos++];
    }

    public boolean readBoolean() {
        return readByte() != 0;
    }

    public long readLong() {
        long z = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int b = readByte();
            z |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return (z >>> 1) ^ -(z & 1);
            }
        }
        throw new IllegalStateException("malformed varint in state record at byte " + pos);
    }

    public int readInt() {
        return (int) readLong();
    }

    public double readDouble() {
        long bits = 0;
        for (int i = 0; i < 8; i++) {
            bits = (bits << 8) | (readByte() & 0xFF);
        }
        return Double.longBitsToDouble(bits);
    }

    public String readString() {
        int n = readInt();
        if (n < 0) {
            return null;
        }
        if (pos + n > buf.length) {
            throw new IllegalStateException("state record truncated in a string at byte " + pos);
        }
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }
}
