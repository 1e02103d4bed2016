package io.raidpulse.schema.kafka;

import java.util.Arrays;
import org.apache.avro.io.BinaryData;
import org.apache.avro.io.BinaryEncoder;

/**
 * Avro's binary encoding into a byte array of its own that grows as needed, reused from one value
 * to the next by the thread that encodes them ({@link #take}). Avro's buffered encoder made a new
 * 2 KiB buffer for every value and copied it into a synchronized stream that grew in steps and was
 * copied once more at the end: a stream thread encodes every open window of its hosts (2 KiB and
 * more each) at every commit. The varints, floats and doubles are Avro's own ({@link BinaryData}),
 * the rest is {@link BinaryEncoder}'s, so the bytes are the same.
 */
final class ArrayEncoder extends BinaryEncoder {
    private static final int INITIAL = 4096;
    /** a larger array is dropped after its value rather than held by the thread for good */
    private static final int KEPT = 64 * 1024;
    private static final ThreadLocal<ArrayEncoder> OF_THREAD = ThreadLocal.withInitial(ArrayEncoder::new);

    private byte[] buf = new byte[INITIAL];
    private int pos;
    private boolean inUse;

    /** This thread's encoder, empty; a new one if it is in use (a value encoded while encoding another). Give it back with {@link #bytes}. */
    static ArrayEncoder take() {
        ArrayEncoder e = OF_THREAD.get();
        if (e.inUse) {
            e = new ArrayEncoder();
        }
        e.inUse = true;
        e.pos = 0;
        return e;
    }

    /** What was written, and the encoder free for the next value. */
    byte[] bytes() {
        byte[] out = Arrays.copyOf(buf, pos);
        release();
        return out;
    }

    /** Frees the encoder without its bytes (the value failed to encode). */
    void release() {
        inUse = false;
        pos = 0;
        if (buf.length > KEPT) {
            buf = new byte[INITIAL];
        }
    }

    private void ensure(int n) {
        if (pos + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
        }
    }

    @Override
    public void writeBoolean(boolean b) {
        ensure(1);
        buf[pos++] = (byte) (b ? 1 : 0);
    }

    @Override
    public void writeInt(int n) {
        ensure(5);
        pos += BinaryData.encodeInt(n, buf, pos);
    }

    @Override
    public void writeLong(long n) {
        ensure(10);
        pos += BinaryData.encodeLong(n, buf, pos);
    }

    @Override
    public void writeFloat(float f) {
        ensure(4);
        pos += BinaryData.encodeFloat(f, buf, pos);
    }

    @Override
    public void writeDouble(double d) {
        ensure(8);
        pos += BinaryData.encodeDouble(d, buf, pos);
    }

    @Override
    public void writeFixed(byte[] bytes, int start, int len) {
        ensure(len);
        System.arraycopy(bytes, start, buf, pos, len);
        pos += len;
    }

    @Override
    protected void writeZero() {
        ensure(1);
        buf[pos++] = 0;
    }

    @Override
    public int bytesBuffered() {
        return pos;
    }

    @Override
    public void flush() {
    }
}
