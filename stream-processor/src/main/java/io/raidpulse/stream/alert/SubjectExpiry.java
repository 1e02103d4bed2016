package io.raidpulse.stream.alert;

import io.raidpulse.config.Settings;
import java.time.Duration;

/**
 * How open alerts on subjects that are gone get closed, so none stays open forever.
 *
 * @param absentSamples  a device or array missing from this many consecutive samples of its host
 *                       has vanished ({@code alerts.vanished-after-samples}, default 2: one sample may
 *                       lack a device whose input was unreadable, see HostSample.read_errors)
 * @param silentHost     a host that sent nothing for this long, by the stream processor's clock, has
 *                       gone silent ({@code alerts.silent-host-after}, default 10 min)
 * @param checkEvery     how often silent hosts are looked for ({@code alerts.silence-check-interval}, default 1 min)
 */
public record SubjectExpiry(int absentSamples, Duration silentHost, Duration checkEvery) {
    public static final SubjectExpiry DEFAULTS = new SubjectExpiry(2, Duration.ofMinutes(10), Duration.ofMinutes(1));

    public static SubjectExpiry from(Settings s) {
        return new SubjectExpiry(
                s.integer("alerts.vanished-after-samples", DEFAULTS.absentSamples, 1, 1_000_000),
                s.duration("alerts.silent-host-after", DEFAULTS.silentHost, Duration.ofSeconds(1), Duration.ofDays(365)),
                s.duration("alerts.silence-check-interval", DEFAULTS.checkEvery, Duration.ofMillis(100), Duration.ofHours(1)));
    }

    public static String vanished(String subject, String host, int samples) {
        return subject + " no longer reported by " + host + " (missing from " + samples + " samples)";
    }

    public static String silent(String host, Duration d) {
        return "no samples from " + host + " for " + Alerts.duration(d.toMillis());
    }
}
