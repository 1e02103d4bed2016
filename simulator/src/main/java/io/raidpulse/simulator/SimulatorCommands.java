package io.raidpulse.simulator;

import java.util.List;

/** The simulator's subcommands, for the launcher to add to the {@code raidpulse} command. */
public final class SimulatorCommands {
    private SimulatorCommands() {
    }

    /** New instances of every command this module provides: {@link SimulateCommand}. */
    public static List<Object> commands() {
        return List.of(new SimulateCommand());
    }
}
