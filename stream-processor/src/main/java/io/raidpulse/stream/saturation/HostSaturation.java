package io.raidpulse.stream.saturation;

import io.raidpulse.schema.SaturationState;
import io.raidpulse.schema.SubjectSaturationState;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.state.StateSerde;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.io.Encoder;

/**
 * Saturation state of every device and array of one host, stored under the host name: one
 * store read and write per sample however many devices the host has.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms)
 * @param subjects   by device or array
 */
record HostSaturation(long lastSeenMs, Map<SubjectKey, SubjectSaturation> subjects) {

    /**
     * An Avro {@link SaturationState}, written straight from the state ({@link #write}); the binary
     * formats of earlier builds are still read (format 2 added each subject's baseline sample count
     * to format 1).
     */
    static final StateSerde<HostSaturation> SERDE = StateSerde.avro("saturation", SaturationState.class,
                    h -> new SaturationState(h.lastSeenMs, h.subjects.values().stream().map(SubjectSaturation::toRecord).toList()),
                    HostSaturation::fromRecord)
            .writingDirectly(HostSaturation::write)
            .alsoReading(2, r -> fromRecord(SaturationBinaryFormats.format2(r)))
            .alsoReading(1, r -> fromRecord(SaturationBinaryFormats.format1(r)));

    /** The SaturationState record's body, from the state itself: every sample changes its host's, written at every commit. */
    private static void write(HostSaturation h, Encoder out) throws IOException {
        out.writeLong(h.lastSeenMs);
        out.writeArrayStart();
        out.setItemCount(h.subjects.size());
        for (SubjectSaturation s : h.subjects.values()) {
            out.startItem();
            s.write(out);
        }
        out.writeArrayEnd();
    }

    private static HostSaturation fromRecord(SaturationState r) {
        Map<SubjectKey, SubjectSaturation> subjects = new LinkedHashMap<>();
        for (SubjectSaturationState s : r.getSubjects()) {
            subjects.put(SubjectKey.of(s.getKind(), s.getSubject()), SubjectSaturation.fromRecord(s));
        }
        return new HostSaturation(r.getLastSeenMs(), subjects);
    }
}
