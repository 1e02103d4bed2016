package io.raidpulse.stream.aggregate;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The key of one host's open window of one size in the aggregates store. Stored big-endian as
 * end, size, host: the store is ordered by those bytes, so windows sort by their end, and the
 * windows to close are one range scan from {@link #FIRST}. (The bytes of the {@code Bytes} keys
 * of earlier builds, so a changelog they wrote restores.)
 */
record WindowKey(long endMs, long sizeMs, String host) {
    static final WindowKey FIRST = new WindowKey(0, 0, "");

    static final Serde<WindowKey> SERDE = Serdes.serdeFrom((topic, k) -> k == null ? null : k.bytes(),
            (topic, b) -> b == null ? null : of(b));

    /** The first key of windows ending at {@code endMs}: the bound of a scan for those that end before it. */
    static WindowKey endingAt(long endMs) {
        return new WindowKey(endMs, 0, "");
    }

    byte[] bytes() {
        byte[] h = host.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(16 + h.length).putLong(endMs).putLong(sizeMs).put(h).array();
    }

    /** Written out, as {@link io.raidpulse.stream.load.SubjectKey}'s: the store looks a key up for every sample. */
    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof WindowKey k && endMs == k.endMs && sizeMs == k.sizeMs && Objects.equals(host, k.host);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Long.hashCode(endMs) + Long.hashCode(sizeMs)) + Objects.hashCode(host);
    }

    static WindowKey of(byte[] b) {
        ByteBuffer buffer = ByteBuffer.wrap(b);
        return new WindowKey(buffer.getLong(), buffer.getLong(), new String(b, 16, b.length - 16, StandardCharsets.UTF_8));
    }
}
