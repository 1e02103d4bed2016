package io.raidpulse.stream.health;

import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import java.time.Duration;

/**
 * How often a running resync, recovery, reshape or check reports progress: a PROGRESS alert when
 * it advanced by {@code progressStepPct} since the last report, or after {@code progressInterval}
 * if it advanced at all; never one per sample.
 *
 * @param progressStepPct  {@code health.progress-step-pct}, percent of the sync (default 10)
 * @param progressInterval {@code health.progress-interval} (default 10 min)
 * @param volumeErrorsQuiet {@code health.volume-errors-quiet}: a hardware RAID volume's errors episode closes after this long
 *                          without another failed or timed-out command (default 10 min)
 */
public record HealthSettings(double progressStepPct, Duration progressInterval, Duration volumeErrorsQuiet) {
    public static final Key<Double> PROGRESS_STEP_PCT = Keys.decimal("health.progress-step-pct", 10, 0.1, 100,
            "sync PROGRESS every this many points");
    public static final Key<Duration> PROGRESS_INTERVAL = Keys.duration("health.progress-interval", Duration.ofMinutes(10),
            Duration.ofSeconds(1), Duration.ofDays(7), "or after this long if it advanced");
    public static final Key<Duration> VOLUME_ERRORS_QUIET = Keys.duration("health.volume-errors-quiet", Duration.ofMinutes(10),
            Duration.ofSeconds(1), Duration.ofDays(7), "a hardware RAID volume's I/O errors alert closes after this long without new ones");
    public static final HealthSettings DEFAULTS = new HealthSettings(PROGRESS_STEP_PCT.defaultValue(), PROGRESS_INTERVAL.defaultValue(),
            VOLUME_ERRORS_QUIET.defaultValue());

    public static HealthSettings from(Settings s) {
        return new HealthSettings(
                s.get(PROGRESS_STEP_PCT),
                s.get(PROGRESS_INTERVAL),
                s.get(VOLUME_ERRORS_QUIET));
    }
}
