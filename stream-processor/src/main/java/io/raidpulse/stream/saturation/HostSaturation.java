package io.raidpulse.stream.saturation;

import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Saturation state of every device and array of one host, stored under the host name: one
 * store read and write per sample however many devices the host has.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms)
 * @param subjects   by "DEVICE:sdb" / "ARRAY:md0"
 */
record HostSaturation(long lastSeenMs, Map<String, SubjectSaturation> subjects) {

    static final StateSerde<HostSaturation> SERDE = new StateSerde<>("saturation", 1,
            (h, w) -> {
                w.writeLong(h.lastSeenMs).writeInt(h.subjects.size());
                h.subjects.values().forEach(s -> s.write(w));
            },
            r -> {
                long seen = r.readLong();
                int n = r.readInt();
                Map<String, SubjectSaturation> subjects = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    SubjectSaturation s = SubjectSaturation.read(r);
                    subjects.put(key(s.kind, s.subject), s);
                }
                return new HostSaturation(seen, subjects);
            });

    static String key(io.raidpulse.schema.SubjectKind kind, String subject) {
        return kind.name() + ":" + subject;
    }
}
