package io.raidpulse.stream.load;

import io.raidpulse.md.SyncAction;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.Severity;

/**
 * A resync, recovery, reshape, check or repair running on an md array (md/sync_action), the
 * usual cause of members at 100% util that is not an outage.
 */
public record MdSync(String array, String action) {
    /** The sync running on {@code a}, or null: none, idle, frozen, or waiting (resync=DELAYED / PENDING). */
    public static MdSync running(MdArray a) {
        SyncAction action = SyncAction.of(a.getSyncAction());
        if (action == null || !action.running()) {
            return null;
        }
        String state = a.getSyncState();
        if ("delayed".equals(state) || "pending".equals(state)) {
            return null;
        }
        return new MdSync(a.getName(), action.word());
    }

    /** Whether {@code action} is a sync md runs (not idle or frozen). */
    public static boolean isSyncAction(String action) {
        SyncAction a = SyncAction.of(action);
        return a != null && a.running();
    }

    /** The action as a noun: "recover" is shown as "recovery", as mdstat prints it. */
    public static String noun(String action) {
        SyncAction a = SyncAction.of(action);
        return a == SyncAction.RECOVER ? a.noun() : action;
    }

    /** "md check running on md0", with md/sync_action's own word (check, resync, recover, reshape, repair). */
    public String cause() {
        return "md " + action + " running on " + array;
    }

    /** Scheduled checks and repairs are for the record; rebuilds and reshapes need attention. */
    public Severity severity() {
        SyncAction a = SyncAction.of(action);
        return a != null && a.scrub() ? Severity.INFO : Severity.WARNING;
    }
}
