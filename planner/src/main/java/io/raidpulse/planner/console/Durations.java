package io.raidpulse.planner.console;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.time.Duration;
import java.util.Map;

/** Durations given as command-line options, read as settings read them ({@code 500ms}, {@code 10s}, {@code 5m}, {@code 2h}, {@code 30d}). */
public final class Durations {
    private Durations() {
    }

    /** The option's value; a value that is no duration, or out of range, is a usage error naming the option. */
    public static Duration option(String option, String value, Duration min, Duration max) {
        try {
            return Settings.of(Map.of(option, value)).duration(option, null, min, max);
        } catch (ConfigException e) {
            throw UserException.usage(option + ": expected a duration like 90s, 30m, 12h or 30d, from " + Settings.formatDuration(min)
                    + " to " + Settings.formatDuration(max) + ", got '" + value + "'");
        }
    }
}
