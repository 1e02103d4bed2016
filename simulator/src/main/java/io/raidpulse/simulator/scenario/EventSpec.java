package io.raidpulse.simulator.scenario;

import java.util.Locale;

/**
 * Something an operator or the hardware does at a time: the equivalents of {@code mdadm --fail},
 * {@code --remove}, {@code --add}, {@code echo check > sync_action}, a disk pulled or plugged, and
 * what a controller's volume goes through (taken offline, commands failing or timing out).
 *
 * @param array the array acted on, null for attach/detach and a volume's events
 * @param device the member or disk acted on, null for sync actions
 * @param mismatches for check and repair: mismatch_cnt when the pass completes, sectors
 * @param failed for io-errors: commands that complete with an error status (ioerr_cnt rises by it)
 * @param timedOut for io-errors: commands that time out (iotmo_cnt rises by it)
 */
public record EventSpec(long atSecond, Action action, String array, String device, long mismatches, long failed, long timedOut,
        int line) {

    /** An md or disk event, with no command counts. */
    public EventSpec(long atSecond, Action action, String array, String device, long mismatches, int line) {
        this(atSecond, action, array, device, mismatches, 0, 0, line);
    }

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
        DETACH,
        /** A disk behind a controller goes offline (its SCSI device state): the kernel sends it no I/O. */
        OFFLINE,
        /** The disk's SCSI device state is running again (echo running > device/state, a rescan). */
        RUNNING,
        /** Commands to the disk fail or time out: its ioerr_cnt and iotmo_cnt rise. */
        IO_ERRORS
    }

    /** The event as a scenario line writes it, for messages. */
    public String describe() {
        String what = action.name().toLowerCase(Locale.ROOT).replace('_', '-');
        return "at " + Units.formatSeconds(atSecond) + " " + what + (array != null ? " " + array : "")
                + (device != null ? " " + device : "");
    }
}
