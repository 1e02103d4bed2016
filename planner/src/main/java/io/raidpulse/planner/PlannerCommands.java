package io.raidpulse.planner;

import io.raidpulse.planner.profiles.BenchCommand;
import java.util.List;

/** The operator commands this module contributes to the {@code raidpulse} launcher. */
public final class PlannerCommands {
    private PlannerCommands() {
    }

    /** Fresh picocli command objects: {@code bench} (import, list, show), {@code plan}. */
    public static List<Object> commands() {
        return List.of(new BenchCommand(), new PlanCommand());
    }
}
