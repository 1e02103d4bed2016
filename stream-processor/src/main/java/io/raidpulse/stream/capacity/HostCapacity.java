package io.raidpulse.stream.capacity;

import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Capacity alert state of the arrays of one host that have a run or an episode, stored under the host name.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms),
 *                   to within {@code alerts.silence-check-interval}
 * @param arrays     by array name
 */
record HostCapacity(long lastSeenMs, Map<String, ArrayCapacityState> arrays) {

    static final StateSerde<HostCapacity> SERDE = new StateSerde<>("capacity alerts", 1,
            (h, w) -> {
                w.writeLong(h.lastSeenMs).writeInt(h.arrays.size());
                h.arrays.values().forEach(s -> s.write(w));
            },
            r -> {
                long seen = r.readLong();
                int n = r.readInt();
                Map<String, ArrayCapacityState> arrays = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    ArrayCapacityState s = ArrayCapacityState.read(r);
                    arrays.put(s.array, s);
                }
                return new HostCapacity(seen, arrays);
            });
}
