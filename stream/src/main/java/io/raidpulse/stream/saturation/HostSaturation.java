package io.raidpulse.stream.saturation;

import io.raidpulse.schema.SaturationState;
import io.raidpulse.schema.SubjectSaturationState;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Saturation state of every device and array of one host, stored under the host name: one
 * store read and write per sample however many devices the host has.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms)
 * @param subjects   by device or array
 */
record HostSaturation(long lastSeenMs, Map<SubjectKey, SubjectSaturation> subjects) {

    /**
     * An Avro {@link SaturationState}; the binary formats of earlier builds are still read (format 2
     * added each subject's baseline sample count to format 1).
     */
    static final StateSerde<HostSaturation> SERDE = StateSerde.avro("saturation", SaturationState.class,
                    h -> new SaturationState(h.lastSeenMs, h.subjects.values().stream().map(SubjectSaturation::toRecord).toList()),
                    HostSaturation::fromRecord)
            .alsoReading(2, r -> fromRecord(SaturationBinaryFormats.format2(r)))
            .alsoReading(1, r -> fromRecord(SaturationBinaryFormats.format1(r)));

    private static HostSaturation fromRecord(SaturationState r) {
        Map<SubjectKey, SubjectSaturation> subjects = new LinkedHashMap<>();
        for (SubjectSaturationState s : r.getSubjects()) {
            subjects.put(new SubjectKey(s.getKind(), s.getSubject()), SubjectSaturation.fromRecord(s));
        }
        return new HostSaturation(r.getLastSeenMs(), subjects);
    }
}
