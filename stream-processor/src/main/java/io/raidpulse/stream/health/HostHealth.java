package io.raidpulse.stream.health;

import io.raidpulse.schema.ArrayHealthState;
import io.raidpulse.schema.MdHealthState;
import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;

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
            .alsoReading(2, r -> fromRecord(HealthBinaryFormats.format2(r)))
            .alsoReading(1, r -> fromRecord(HealthBinaryFormats.format1(r)));

    private static HostHealth fromRecord(MdHealthState r) {
        Map<String, ArrayHealth> arrays = new LinkedHashMap<>();
        for (ArrayHealthState a : r.getArrays()) {
            arrays.put(a.getArray(), ArrayHealth.fromRecord(a));
        }
        return new HostHealth(r.getLastSeenMs(), arrays);
    }
}
