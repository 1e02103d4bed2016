package io.raidpulse.stream.health;

import io.raidpulse.config.Settings;
import java.time.Duration;

/**
 * How often a running resync, recovery, reshape or check reports progress: a PROGRESS alert when
 * it advanced by {@code progressStepPct} since the last report, or after {@code progressInterval}
 * if it advanced at all; never one per sample.
 *
 * @param progressStepPct  {@code health.progress-step-pct}, percent of the sync (default 10)
 * @param progressInterval {@code health.progress-interval} (default 10 min)
 */
public record HealthSettings(double progressStepPct, Duration progressInterval) {
    public static final HealthSettings DEFAULTS = new HealthSettings(10.0, Duration.ofMinutes(10));

    public static HealthSettings from(Settings s) {
        return new HealthSettings(
                s.decimal("health.progress-step-pct", DEFAULTS.progressStepPct, 0.1, 100),
                s.duration("health.progress-interval", DEFAULTS.progressInterval, Duration.ofSeconds(1), Duration.ofDays(7)));
    }
}
