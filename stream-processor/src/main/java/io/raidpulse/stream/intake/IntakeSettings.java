package io.raidpulse.stream.intake;

import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import java.time.Duration;

/**
 * What the intake accepts beyond the samples' own consistency.
 *
 * @param maxAhead a sample stamped further than this ahead of the stream processor's clock goes to
 *                 the dead letters ({@code intake.max-ahead}, default 30 min): its host's clock is
 *                 wrong, and everything the topology derives from it carries its sample time, which
 *                 Kafka brokers refuse beyond {@code log.message.timestamp.after.max.ms} (1 h by
 *                 default), failing the stream processor for every host
 */
public record IntakeSettings(Duration maxAhead) {
    public static final Key<Duration> MAX_AHEAD = Keys.duration("intake.max-ahead", Duration.ofMinutes(30), Duration.ofSeconds(1),
            Duration.ofDays(3650), "a sample stamped further ahead of this processor's clock goes to the dead letters");
    public static final IntakeSettings DEFAULTS = new IntakeSettings(MAX_AHEAD.defaultValue());

    public static IntakeSettings from(Settings s) {
        return new IntakeSettings(s.get(MAX_AHEAD));
    }
}
