package io.raidpulse.stream.health;

import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * md health state of every array of one host, stored under the host name.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms)
 */
record HostHealth(long lastSeenMs, Map<String, ArrayHealth> arrays) {

    static final StateSerde<HostHealth> SERDE = new StateSerde<>("md health", 1,
            (h, w) -> {
                w.writeLong(h.lastSeenMs).writeInt(h.arrays.size());
                h.arrays.values().forEach(a -> a.write(w));
            },
            r -> {
                long seen = r.readLong();
                int n = r.readInt();
                Map<String, ArrayHealth> arrays = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    ArrayHealth a = ArrayHealth.read(r);
                    arrays.put(a.array, a);
                }
                return new HostHealth(seen, arrays);
            });
}
