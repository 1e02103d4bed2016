package io.raidpulse.stream.state;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes the binary state formats of builds before the Avro state records (varints for counts and
 * times, raw IEEE doubles, length-prefixed UTF-8 strings), for tests that hold {@link StateReader}
 * and the stores' old-format readers to bytes as those builds wrote them.
 */
public final class StateWriter {
    private byte[] buf;
    private int pos;

    public StateWriter(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    private void ensure(int n) {
        if (pos + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
        }
    }

    public StateWriter writeByte(int b) {
        ensure(1);
        buf[pos++] = (byte) b;
        return this;
    }

    public StateWriter writeBoolean(boolean b) {
        return writeByte(b ? 1 : 0);
    }

    /** Zig-zag varint: small magnitudes of either sign take few bytes. */
    public StateWriter writeLong(long v) {
        long z = (v << 1) ^ (v >> 63);
        ensure(10);
        while ((z & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((z & 0x7F) | 0x80);
            z >>>= 7;
        }
        buf[pos++] = (byte) z;
        return this;
    }

    public StateWriter writeInt(int v) {
        return writeLong(v);
    }

    public StateWriter writeDouble(double v) {
        long bits = Double.doubleToRawLongBits(v);
        ensure(8);
        for (int i = 7; i >= 0; i--) {
            buf[pos++] = (byte) (bits >>> (i * 8));
        }
        return this;
    }

    /** A string or null. */
    public StateWriter writeString(String s) {
        if (s == null) {
            return writeInt(-1);
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeInt(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
        return this;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }
}
