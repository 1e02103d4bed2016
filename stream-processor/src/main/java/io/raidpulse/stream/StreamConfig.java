package io.raidpulse.stream;

import io.raidpulse.config.Settings;
import io.raidpulse.stream.capacity.CapacitySettings;
import io.raidpulse.stream.forecast.ForecastSettings;
import io.raidpulse.stream.health.HealthSettings;
import io.raidpulse.stream.intake.IntakeSettings;
import io.raidpulse.topics.StreamTopics;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.alert.SubjectExpiry;
import io.raidpulse.topics.saturation.SaturationRules;

/** Everything the topology's shape and detectors depend on, read once from the settings. */
public record StreamConfig(StreamTopics topics, SaturationRules saturation, HealthSettings health,
                           AggregateSettings aggregates, SubjectExpiry expiry, CapacitySettings capacity,
                           IntakeSettings intake, ForecastSettings forecast) {

    public static StreamConfig from(Settings s) {
        AggregateSettings aggregates = AggregateSettings.from(s);
        return new StreamConfig(StreamTopics.from(s), SaturationRules.from(s), HealthSettings.from(s), aggregates,
                SubjectExpiry.from(s), CapacitySettings.from(s), IntakeSettings.from(s), ForecastSettings.from(s, aggregates));
    }
}
