package io.raidpulse.stream.health;

import io.raidpulse.schema.ArrayHealthState;
import io.raidpulse.schema.MdHealthState;
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

    /**
     * An Avro {@link MdHealthState}; the binary formats of earlier builds are still read (format 2
     * added each array's inactive count to format 1).
     */
    static final StateSerde<HostHealth> SERDE = StateSerde.avro("md health", MdHealthState.class,
                    h -> new MdHealthState(h.lastSeenMs, h.arrays.values().stream().map(ArrayHealth::toRecord).toList()),
                    HostHealth::fromRecord)
            .alsoReading(2, r -> read(r, ArrayHealth::read))
            .alsoReading(1, r -> read(r, ArrayHealth::readFormat1));

    private static HostHealth fromRecord(MdHealthState r) {
        Map<String, ArrayHealth> arrays = new LinkedHashMap<>();
        for (ArrayHealthState a : r.getArrays()) {
            arrays.put(a.getArray(), ArrayHealth.fromRecord(a));
        }
        return new HostHealth(r.getLastSeenMs(), arrays);
    }

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
