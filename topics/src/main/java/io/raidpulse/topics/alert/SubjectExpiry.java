package io.raidpulse.topics.alert;

import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
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
    public static final Key<Integer> VANISHED_AFTER = Keys.integer("alerts.vanished-after-samples", 2, 1, 1_000_000,
            "samples missing before a subject's episodes close");
    public static final Key<Duration> SILENT_HOST_AFTER = Keys.duration("alerts.silent-host-after", Duration.ofMinutes(10),
            Duration.ofSeconds(1), Duration.ofDays(365), "silence before a host's episodes close");
    public static final Key<Duration> SILENCE_CHECK_INTERVAL = Keys.duration("alerts.silence-check-interval", Duration.ofMinutes(1),
            Duration.ofMillis(100), Duration.ofHours(1), "how often silent hosts are looked for");
    public static final SubjectExpiry DEFAULTS = new SubjectExpiry(VANISHED_AFTER.defaultValue(), SILENT_HOST_AFTER.defaultValue(),
            SILENCE_CHECK_INTERVAL.defaultValue());

    public static SubjectExpiry from(Settings s) {
        return new SubjectExpiry(
                s.get(VANISHED_AFTER),
                s.get(SILENT_HOST_AFTER),
                s.get(SILENCE_CHECK_INTERVAL));
    }

    public static String vanished(String subject, String host, int samples) {
        return subject + " no longer reported by " + host + " (missing from " + samples + " samples)";
    }

    public static String silent(String host, Duration d) {
        return "no samples from " + host + " for " + Alerts.duration(d.toMillis());
    }
}
