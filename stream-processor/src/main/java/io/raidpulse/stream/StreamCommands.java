package io.raidpulse.stream;

import java.util.List;

/**
 * The operator commands this module contributes to the {@code raidpulse} launcher and to its own
 * jar; {@code bench} and {@code plan} are the planner module's (PlannerCommands), in the launcher only.
 */
public final class StreamCommands {
    private StreamCommands() {
    }

    /** Fresh picocli command objects: {@code stream}. */
    public static List<Object> commands() {
        return List.of(new StreamCommand());
    }
}
