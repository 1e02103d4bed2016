package io.raidpulse.simulator.scenario;

import java.util.Locale;

/**
 * Something an operator or the hardware does at a time: the equivalents of {@code mdadm --fail},
 * {@code --remove}, {@code --add}, {@code echo check > sync_action}, and a disk pulled or plugged.
 *
 * @param array the array acted on, null for attach/detach
 * @param device the member or disk acted on, null for sync actions
 * @param mismatches for check and repair: mismatch_cnt when the pass completes, sectors
 */
public record EventSpec(long atSecond, Action action, String array, String device, long mismatches, int line) {

    public enum Action {
        /** mdadm --fail: the member turns faulty. */
        FAIL,
        /** mdadm --remove: a faulty or spare member leaves the array. */
        REMOVE,
        /** mdadm --add: the device joins as a spare; recovery starts when the array is degraded. */
        ADD,
        /** echo check > md/sync_action. */
        CHECK,
        /** echo repair > md/sync_action. */
        REPAIR,
        /** A resync, as after an unclean shutdown. */
        RESYNC,
        /** echo idle > md/sync_action: stops a running check, repair or resync. */
        IDLE,
        /** The disk is plugged in: it appears with zeroed counters. */
        ATTACH,
        /** The disk is pulled: it disappears from /proc and /sys. */
        DETACH
    }

    /** The event as a scenario line writes it, for messages. */
    public String describe() {
        String what = action.name().toLowerCase(Locale.ROOT);
        return "at " + Units.formatSeconds(atSecond) + " " + what + (array != null ? " " + array : "")
                + (device != null ? " " + device : "");
    }
}
