package io.raidpulse.stream.health;

import io.raidpulse.stream.state.StateReader;
import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * md health state of every array of one host, stored under the host name.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms)
 */
record HostHealth(long lastSeenMs, Map<String, ArrayHealth> arrays) {

    /** Format 2 adds each array's inactive count; format 1 is still read. */
    static final StateSerde<HostHealth> SERDE = new StateSerde<HostHealth>("md health", 2,
            (h, w) -> {
                w.writeLong(h.lastSeenMs).writeInt(h.arrays.size());
                h.arrays.values().forEach(a -> a.write(w));
            },
            r -> read(r, ArrayHealth::read))
            .alsoReading(1, r -> read(r, ArrayHealth::readFormat1));

    private static HostHealth read(StateReader r, Function<StateReader, ArrayHealth> array) {
        long seen = r.readLong();
        int n = r.readInt();
        Map<String, ArrayHealth> arrays = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            ArrayHealth a = array.apply(r);
            arrays.put(a.array, a);
        }
        return new HostHealth(seen, arrays);
    }
}
