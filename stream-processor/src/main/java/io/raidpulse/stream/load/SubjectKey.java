package io.raidpulse.stream.load;

import io.raidpulse.schema.SubjectKind;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One device or array of a host, as a map key: a device and an array may share a name (a
 * partition named like an array is not the array). Its equals and hashCode are written out: a
 * record's generated ones go through method handles that were 4% of the stream thread, every
 * detector looking each subject of each sample up.
 *
 * <p>{@link #of} gives one shared key per name (every host has its sda and md0), which the
 * processors keep in their per-host maps: a lookup finds its entry by identity, without reading
 * the stored key and its name back from memory (with 10,000 hosts, a host's state is long out of
 * the CPU's caches by its next sample; comparing the names was 4% of the stream thread).
 */
public record SubjectKey(SubjectKind kind, String subject) {
    /** Beyond this many names (a fleet naming its devices uniquely) keys are no longer shared, only made. */
    private static final int MAX_SHARED = 100_000;
    private static final ConcurrentHashMap<SubjectKey, SubjectKey> SHARED = new ConcurrentHashMap<>();

    public static SubjectKey of(SubjectLoad load) {
        return of(load.kind(), load.subject());
    }

    /** The shared key of {@code subject}; equal to {@code new SubjectKey(kind, subject)}. */
    public static SubjectKey of(SubjectKind kind, String subject) {
        SubjectKey k = new SubjectKey(kind, subject);
        SubjectKey shared = SHARED.get(k);
        if (shared != null) {
            return shared;
        }
        if (SHARED.size() >= MAX_SHARED) {
            return k;
        }
        shared = SHARED.putIfAbsent(k, k);
        return shared == null ? k : shared;
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
