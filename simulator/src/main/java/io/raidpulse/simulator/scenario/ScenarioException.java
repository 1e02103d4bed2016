package io.raidpulse.simulator.scenario;

import io.raidpulse.config.UserException;

/** A scenario the simulator cannot run: names the scenario, the line and the field; exit code 2. */
public final class ScenarioException extends UserException {
    private final int line;

    public ScenarioException(String source, int line, String problem) {
        super("scenario " + source + (line > 0 ? " line " + line : "") + ": " + problem, EXIT_USAGE, null);
        this.line = line;
    }

    /** 1-based line of the scenario text, 0 when the problem concerns the whole scenario. */
    public int line() {
        return line;
    }
}
