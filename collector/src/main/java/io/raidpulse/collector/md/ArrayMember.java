package io.raidpulse.collector.md;

import java.util.List;
import java.util.Locale;

/**
 * One member of an array as the collector reports it.
 *
 * @param role          slot in the array (sysfs {@code slot}); null for spares, faulty and journal members, and
 *                      whenever only /proc/mdstat was read (its [n] is a descriptor number, not the slot)
 * @param status        what the member is doing, see {@link Status}
 * @param state         sysfs state words, or words derived from mdstat flags (faulty, spare, write_mostly,
 *                      replacement, journal, in_sync when known)
 * @param errors        corrected read errors (sysfs only)
 * @param recoveryStart sectors of the member already rebuilt (sysfs {@code recovery_start}, md's checkpoint);
 *                      null when in sync or unknown
 * @param number        the member's descriptor number: the [n] after its name in /proc/mdstat, mdadm --detail's
 *                      Number column (not the slot); null when /proc/mdstat did not list the member
 */
public record ArrayMember(String device, Integer role, Status status, List<String> state, boolean writeMostly,
                          boolean replacement, Long errors, Long recoveryStart, Integer number) {

    /** A member's part in its array, as mdadm --detail names it where it can. */
    public enum Status {
        /** Holds a slot and is in sync ("active sync"). */
        IN_SYNC,
        /**
         * Holds a slot and is not yet in sync: being rebuilt, or a replacement being built ("spare rebuilding").
         * sysfs: state spare (or replacement) with a slot number.
         */
        REBUILDING,
        /** An idle spare: no slot. */
        SPARE,
        /** Marked faulty. */
        FAULTY,
        /** A raid4/5/6 write journal. */
        JOURNAL,
        /** Not known from what was read (from /proc/mdstat alone while a member is being rebuilt). */
        UNKNOWN;

        /** The word the printout and the JSON use: in_sync, rebuilding, spare, faulty, journal, unknown. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public boolean inSync() {
        return status == Status.IN_SYNC;
    }

    public boolean faulty() {
        return status == Status.FAULTY;
    }
}
