package io.raidpulse.stream.capacity;

import io.raidpulse.schema.ArrayCapacityAlertState;
import io.raidpulse.schema.CapacityAlertState;
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

    /** An Avro {@link CapacityAlertState}; binary format 1 of earlier builds is still read. */
    static final StateSerde<HostCapacity> SERDE = StateSerde.avro("capacity alerts", CapacityAlertState.class,
                    h -> new CapacityAlertState(h.lastSeenMs, h.arrays.values().stream().map(ArrayCapacityState::toRecord).toList()),
                    HostCapacity::fromRecord)
            .alsoReading(1, r -> fromRecord(CapacityAlertBinaryFormat.format1(r)));

    private static HostCapacity fromRecord(CapacityAlertState r) {
        Map<String, ArrayCapacityState> arrays = new LinkedHashMap<>();
        for (ArrayCapacityAlertState a : r.getArrays()) {
            arrays.put(a.getArray(), ArrayCapacityState.fromRecord(a));
        }
        return new HostCapacity(r.getLastSeenMs(), arrays);
    }
}
