package io.raidpulse.stream.saturation;

import io.raidpulse.stream.state.StateReader;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Saturation state of every device and array of one host, stored under the host name: one
 * store read and write per sample however many devices the host has.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms)
 * @param subjects   by device or array
 */
record HostSaturation(long lastSeenMs, Map<SubjectKey, SubjectSaturation> subjects) {

    /** Format 2 adds each subject's baseline sample count; format 1 (before it) is still read. */
    static final StateSerde<HostSaturation> SERDE = new StateSerde<HostSaturation>("saturation", 2,
            (h, w) -> {
                w.writeLong(h.lastSeenMs).writeInt(h.subjects.size());
                h.subjects.values().forEach(s -> s.write(w));
            },
            r -> read(r, SubjectSaturation::read))
            .alsoReading(1, r -> read(r, SubjectSaturation::readFormat1));

    private static HostSaturation read(StateReader r, Function<StateReader, SubjectSaturation> subject) {
        long seen = r.readLong();
        int n = r.readInt();
        Map<SubjectKey, SubjectSaturation> subjects = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            SubjectSaturation s = subject.apply(r);
            subjects.put(new SubjectKey(s.kind, s.subject), s);
        }
        return new HostSaturation(seen, subjects);
    }
}
