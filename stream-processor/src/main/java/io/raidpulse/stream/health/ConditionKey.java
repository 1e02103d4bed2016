package io.raidpulse.stream.health;

import io.raidpulse.schema.AlertKind;

/**
 * Which md health condition of an array an episode is of: its alert kind, and for a faulty member
 * the member, since each faulty member is an episode of its own. Stored in the md health store as
 * its text ({@code ARRAY_DEGRADED}, {@code MEMBER_FAULTY:sdb}), which {@link #parse} reads back.
 *
 * @param member the member device of a MEMBER_FAULTY condition; null for every other kind
 */
record ConditionKey(AlertKind kind, String member) {
    static final ConditionKey SYNC = of(AlertKind.SYNC);
    static final ConditionKey MISMATCH = of(AlertKind.MISMATCH);
    static final ConditionKey ARRAY_INACTIVE = of(AlertKind.ARRAY_INACTIVE);
    static final ConditionKey ARRAY_DEGRADED = of(AlertKind.ARRAY_DEGRADED);
    static final ConditionKey NO_SPARE = of(AlertKind.NO_SPARE);

    ConditionKey {
        if ((kind == AlertKind.MEMBER_FAULTY) != (member != null)) {
            throw new IllegalArgumentException("a " + kind + " condition " + (member == null ? "needs" : "has no") + " member");
        }
    }

    static ConditionKey of(AlertKind kind) {
        return new ConditionKey(kind, null);
    }

    static ConditionKey faulty(String member) {
        return new ConditionKey(AlertKind.MEMBER_FAULTY, member);
    }

    /** The key {@link #toString} wrote; an unknown kind is refused (IllegalArgumentException). */
    static ConditionKey parse(String text) {
        int colon = text.indexOf(':');
        return colon < 0 ? of(AlertKind.valueOf(text)) : new ConditionKey(AlertKind.valueOf(text.substring(0, colon)), text.substring(colon + 1));
    }

    @Override
    public String toString() {
        return member == null ? kind.name() : kind.name() + ":" + member;
    }
}
