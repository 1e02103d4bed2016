package io.raidpulse.stream.load;

import io.raidpulse.schema.SubjectKind;
import java.util.Objects;

/**
 * One device or array of a host, as a map key: a device and an array may share a name (a
 * partition named like an array is not the array). Its equals and hashCode are written out: a
 * record's generated ones go through method handles that were 4% of the stream thread, every
 * detector looking each subject of each sample up.
 */
public record SubjectKey(SubjectKind kind, String subject) {
    public static SubjectKey of(SubjectLoad load) {
        return new SubjectKey(load.kind(), load.subject());
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof SubjectKey k && kind == k.kind && Objects.equals(subject, k.subject);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(kind) + Objects.hashCode(subject);
    }
}
