package io.raidpulse.launcher.fleet;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * A state store's content as its changelog gives it back: the latest value of each key, a
 * tombstone removing it, as a restore (or compaction) leaves it. Its size in serialized bytes is
 * what an in-memory store holds in data, and what a standby replica or a restore copies.
 */
final class LiveState {
    private final Map<ByteBuffer, Integer> sizes = new HashMap<>();
    private long bytes;

    /** One changelog record: {@code value} null is a tombstone. */
    void apply(byte[] key, byte[] value) {
        ByteBuffer k = ByteBuffer.wrap(key);
        Integer before = value == null ? sizes.remove(k) : sizes.put(k, key.length + value.length);
        if (before != null) {
            bytes -= before;
        }
        if (value != null) {
            bytes += key.length + value.length;
        }
    }

    int entries() {
        return sizes.size();
    }

    /** Keys and values of the live entries, serialized. */
    long bytes() {
        return bytes;
    }
}
