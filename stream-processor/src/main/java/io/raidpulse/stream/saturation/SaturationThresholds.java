package io.raidpulse.stream.saturation;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.stream.load.SubjectLoad;
import java.time.Duration;

/**
 * When one subject counts as saturated. Read from {@code saturation.*} keys, or from a rule's
 * {@code saturation.rule.NAME.*} keys over those.
 *
 * @param fireUtil           %util at or above which a sample is hot (default 95)
 * @param clearUtil          %util below which a sample is cool (default 80); the gap between the two stops flapping
 * @param sustain            how long samples must stay hot before FIRING (default 30 s), counted in samples of the host's interval
 * @param clearAfter         how long samples must stay cool before RESOLVED (default 60 s), counted the same way
 * @param evidence           when queue or latency evidence is required besides %util
 * @param evidenceFactor     aqu-sz or await must reach this multiple of the subject's baseline to be evidence (default 3)
 * @param evidenceClearFactor below this multiple on both, the evidence is gone and the sample is cool (default 2)
 * @param minAquSz           baseline floor for aqu-sz: an idle device's baseline of 0 would make any queue evidence (default 1 request)
 * @param minAwaitMs         baseline floor for await, ms (default 1 ms)
 * @param baselineWindow     time constant of the exponentially weighted baseline over samples that are not hot (default 10 min)
 */
public record SaturationThresholds(double fireUtil, double clearUtil, Duration sustain, Duration clearAfter,
                                   Evidence evidence, double evidenceFactor, double evidenceClearFactor,
                                   double minAquSz, double minAwaitMs, Duration baselineWindow) {

    /** When %util alone is not enough. */
    public enum Evidence {
        /** for devices not known to be rotational and arrays with such members (iostat(1): they serve requests in parallel) */
        AUTO,
        ALWAYS,
        NEVER
    }

    public static final SaturationThresholds DEFAULTS = new SaturationThresholds(95.0, 80.0, Duration.ofSeconds(30),
            Duration.ofSeconds(60), Evidence.AUTO, 3.0, 2.0, 1.0, 1.0, Duration.ofMinutes(10));

    static SaturationThresholds read(Settings s, String prefix, SaturationThresholds d) {
        SaturationThresholds t = new SaturationThresholds(
                s.decimal(prefix + "fire-util", d.fireUtil, 1, 100),
                s.decimal(prefix + "clear-util", d.clearUtil, 0, 100),
                s.duration(prefix + "sustain", d.sustain, Duration.ZERO, Duration.ofDays(1)),
                s.duration(prefix + "clear-after", d.clearAfter, Duration.ZERO, Duration.ofDays(1)),
                s.choice(prefix + "evidence", d.evidence, Evidence.class),
                s.decimal(prefix + "evidence-factor", d.evidenceFactor, 1, 1000),
                s.decimal(prefix + "evidence-clear-factor", d.evidenceClearFactor, 1, 1000),
                s.decimal(prefix + "evidence-min-aqu-sz", d.minAquSz, 0.01, 1e6),
                s.decimal(prefix + "evidence-min-await-ms", d.minAwaitMs, 0.001, 1e6),
                s.duration(prefix + "baseline-window", d.baselineWindow, Duration.ofSeconds(1), Duration.ofDays(30)));
        if (t.clearUtil > t.fireUtil) {
            throw new ConfigException(prefix + "clear-util", "must not be above " + prefix + "fire-util (" + t.fireUtil + ")");
        }
        if (t.evidenceClearFactor > t.evidenceFactor) {
            throw new ConfigException(prefix + "evidence-clear-factor", "must not be above " + prefix + "evidence-factor ("
                    + t.evidenceFactor + ")");
        }
        return t;
    }

    boolean needsEvidence(SubjectLoad load) {
        return switch (evidence) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> load.parallel();
        };
    }

    /** Samples of {@code intervalS} seconds that cover {@code d}; at least one. */
    static int samples(Duration d, double intervalS) {
        double n = d.toMillis() / (intervalS * 1000.0);
        // 1e-9: 30 s at a 10 s interval is 3 samples even when the interval reads 10.000000001
        return Math.max(1, (int) Math.ceil(n - 1e-9));
    }
}
