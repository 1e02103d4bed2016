package io.raidpulse.stream;

import io.raidpulse.stream.plan.PlanCommand;
import io.raidpulse.stream.profiles.BenchCommand;
import java.util.List;

/** The operator commands this module contributes to the {@code raidpulse} launcher. */
public final class StreamCommands {
    private StreamCommands() {
    }

    /** Fresh picocli command objects: {@code stream}, {@code bench} (import, list, show), {@code plan}. */
    public static List<Object> commands() {
        return List.of(new StreamCommand(), new BenchCommand(), new PlanCommand());
    }
}
