package io.raidpulse.stream.load;

import io.raidpulse.schema.SubjectKind;

/**
 * One device or array of a host, as a map key: a device and an array may share a name (a
 * partition named like an array is not the array).
 */
public record SubjectKey(SubjectKind kind, String subject) {
    public static SubjectKey of(SubjectLoad load) {
        return new SubjectKey(load.kind(), load.subject());
    }
}
