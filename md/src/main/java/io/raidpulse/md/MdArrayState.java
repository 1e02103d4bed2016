package io.raidpulse.md;

import java.util.Locale;

/**
 * An array's {@code md/array_state}, as md.c's {@code array_state_show} writes it (its
 * {@code array_states[]}): clear and inactive arrays are not running; readonly and read-auto run
 * without writing (read-auto turns active at the first write); clean, active, write-pending and
 * active-idle run read-write; broken runs with too many members gone (raid0 and linear).
 */
public enum MdArrayState {
    CLEAR("clear"),
    INACTIVE("inactive"),
    SUSPENDED("suspended"),
    READONLY("readonly"),
    READ_AUTO("read-auto"),
    CLEAN("clean"),
    ACTIVE("active"),
    WRITE_PENDING("write-pending"),
    ACTIVE_IDLE("active-idle"),
    BROKEN("broken");

    private final String word;

    MdArrayState(String word) {
        this.word = word;
    }

    /** As array_state holds it: read-auto. */
    public String word() {
        return word;
    }

    /** Assembled and running: neither clear nor inactive. */
    public boolean running() {
        return this != CLEAR && this != INACTIVE;
    }

    /** The state of an array_state word; null for null or a word md.c does not write. */
    public static MdArrayState of(String word) {
        if (word == null) {
            return null;
        }
        String w = word.trim().toLowerCase(Locale.ROOT);
        for (MdArrayState s : values()) {
            if (s.word.equals(w)) {
                return s;
            }
        }
        return null;
    }

    /**
     * What /proc/mdstat's array line says of the state where sysfs is not readable: "inactive",
     * "broken", "(read-only)", "(auto-read-only)", else active (md_seq_show prints no finer state).
     */
    public static MdArrayState ofMdstat(MdstatArray a) {
        if (!a.active()) {
            return INACTIVE;
        }
        if (a.broken()) {
            return BROKEN;
        }
        if ("read-only".equals(a.readOnly())) {
            return READONLY;
        }
        return "auto-read-only".equals(a.readOnly()) ? READ_AUTO : ACTIVE;
    }
}
