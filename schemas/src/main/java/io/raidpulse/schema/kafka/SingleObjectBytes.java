package io.raidpulse.schema.kafka;

import java.io.IOException;

/**
 * Avro single-object bytes ({@code C3 01}, the writer schema's 64-bit fingerprint little-endian,
 * the body) written without a {@code Schema} object: for a process that knows its one schema's
 * fingerprint already (the collector's HostSample, held to it by a test) and writes the body
 * itself. {@link SingleObjectCodec} writes through here too.
 */
public final class SingleObjectBytes {
    static final int HEADER = 10;

    private SingleObjectBytes() {
    }

    /**
     * {@code value}, a {@code typeName} (named in errors), as single-object bytes: {@code header}
     * (made once by {@link #header}), then the body {@code body} writes; null stays null (a tombstone).
     */
    public static <V> byte[] encode(byte[] header, String typeName, V value, SingleObjectCodec.BodyWriter<V> body) {
        if (value == null) {
            return null;
        }
        ArrayEncoder e = ArrayEncoder.take();
        try {
            e.writeFixed(header, 0, HEADER);
            body.write(value, e);
        } catch (IOException | RuntimeException x) {
            e.release();
            throw new IllegalArgumentException("cannot encode " + typeName + ": " + x.getMessage(), x);
        }
        return e.bytes();
    }

    /** The header of a value written with the schema of {@code fingerprint}. */
    public static byte[] header(long fingerprint) {
        byte[] h = new byte[HEADER];
        h[0] = (byte) 0xC3;
        h[1] = 0x01;
        for (int i = 0; i < 8; i++) {
            h[2 + i] = (byte) (fingerprint >>> (8 * i));
        }
        return h;
    }
}
