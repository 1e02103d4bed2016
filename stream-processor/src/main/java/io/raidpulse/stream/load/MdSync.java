package io.raidpulse.stream.load;

import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.Severity;
import java.util.Locale;
import java.util.Set;

/**
 * A resync, recovery, reshape, check or repair running on an md array (md/sync_action), the
 * usual cause of members at 100% util that is not an outage.
 */
public record MdSync(String array, String action) {
    private static final Set<String> ACTIONS = Set.of("resync", "recover", "reshape", "check", "repair");

    /** The sync running on {@code a}, or null: none, idle, frozen, or waiting (resync=DELAYED / PENDING). */
    public static MdSync running(MdArray a) {
        String action = a.getSyncAction() == null ? null : a.getSyncAction().toLowerCase(Locale.ROOT);
        if (action == null || !ACTIONS.contains(action)) {
            return null;
        }
        String state = a.getSyncState();
        if ("delayed".equals(state) || "pending".equals(state)) {
            return null;
        }
        return new MdSync(a.getName(), action);
    }

    /** Whether {@code action} is a sync md runs (not idle or frozen). */
    public static boolean isSyncAction(String action) {
        return action != null && ACTIONS.contains(action.toLowerCase(Locale.ROOT));
    }

    /** The action as a noun: "recover" is shown as "recovery", as mdstat prints it. */
    public static String noun(String action) {
        return "recover".equals(action) ? "recovery" : action;
    }

    /** "md check running on md0", with md/sync_action's own word (check, resync, recover, reshape, repair). */
    public String cause() {
        return "md " + action + " running on " + array;
    }

    /** Scheduled checks and repairs are for the record; rebuilds and reshapes need attention. */
    public Severity severity() {
        return "check".equals(action) || "repair".equals(action) ? Severity.INFO : Severity.WARNING;
    }
}
