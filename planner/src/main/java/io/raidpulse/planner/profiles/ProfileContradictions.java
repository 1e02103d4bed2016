package io.raidpulse.planner.profiles;

import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxQlResult;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.influx.sink.InfluxPoints;
import io.raidpulse.influx.sink.SinkSettings;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The benchmark profiles the live comparison found contradicted by the members' util: the array
 * windows of the last {@link #LOOKBACK_DAYS} days whose {@code capacity_contradicted} names
 * {@code profile:ID}, counted per profile, for {@code bench list} and {@code bench show}.
 */
final class ProfileContradictions {
    /** Days of 1-minute array windows looked at: the agg_1m retention. */
    static final int LOOKBACK_DAYS = 30;
    private static final String PREFIX = "profile:";

    private ProfileContradictions() {
    }

    /** Windows per profile id, from values of {@code capacity_contradicted}; other sources (model, default) are not profiles. */
    static Map<String, Long> count(Collection<String> contradicted) {
        Map<String, Long> out = new TreeMap<>();
        for (String c : contradicted) {
            if (c != null && c.startsWith(PREFIX) && c.length() > PREFIX.length()) {
                out.merge(c.substring(PREFIX.length()), 1L, Long::sum);
            }
        }
        return out;
    }

    /**
     * The counts from the InfluxDB the settings name ({@code influx.url}, from {@code --config} or
     * {@code --set}); empty when none is configured, or when it cannot be read (said on {@code err}).
     */
    static Optional<Map<String, Long>> read(Settings settings, PrintWriter err) {
        if (!settings.has(InfluxSettings.URL.name())) {
            return Optional.empty();
        }
        String source = (settings.get(SinkSettings.RETENTION_POLICIES) ? "\"" + InfluxPoints.aggregatePolicy(60) + "\"." : "")
                + "\"raidpulse_array\"";
        try (InfluxConnection influx = InfluxConnections.open(settings)) {
            InfluxQlResult r = influx.query("SELECT capacity_contradicted FROM " + source
                    + " WHERE capacity_contradicted =~ /^profile:/ AND time > now() - " + LOOKBACK_DAYS + "d");
            return Optional.of(count(r.rows().stream().map(row -> row.text("capacity_contradicted")).toList()));
        } catch (RuntimeException e) {
            err.println("contradicted profiles not read from InfluxDB at " + settings.get(InfluxSettings.URL) + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** What bench list and bench show say of one profile: "-" or "N windows" (1-minute windows of the last 30 days). */
    static String text(Map<String, Long> counts, String id) {
        Long n = counts.get(id);
        return n == null ? "-" : n + (n == 1 ? " window" : " windows");
    }
}
