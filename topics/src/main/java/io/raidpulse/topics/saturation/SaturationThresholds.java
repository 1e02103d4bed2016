package io.raidpulse.topics.saturation;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
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
 * @param undercountedUtil   %util from which a sample is hot with queue evidence alone on a kernel that under-counts busy time
 *                           ({@link BusyTimeCounting}: 5.0 to 5.16), default 50; below it the queue holds no such sample hot
 *                           (at or above fire-util it adds nothing: such a sample is hot already)
 */
public record SaturationThresholds(double fireUtil, double clearUtil, Duration sustain, Duration clearAfter,
                                   Evidence evidence, double evidenceFactor, double evidenceClearFactor,
                                   double minAquSz, double minAwaitMs, Duration baselineWindow, double undercountedUtil) {

    /** When %util alone is not enough. */
    public enum Evidence {
        /** for devices not known to be rotational and arrays with such members (iostat(1): they serve requests in parallel) */
        AUTO,
        ALWAYS,
        NEVER
    }

    /** The prefix of the keys below; a rule reads each of them under its own {@code saturation.rule.NAME.} instead. */
    static final String PREFIX = "saturation.";
    /**
     * The most a request takes at a rotating disk that keeps no queue, ms: a full seek and a
     * rotation of a 7200 rpm disk (about 15 ms) and a 1 MiB transfer at its media rate (about 7 ms).
     * What a subject judged by evidence learns as its baseline latency is held to it (the
     * stream processor's detector, and plan judging history as the detector does) when the
     * kernel says it spins: a hardware RAID volume (a PERC presents itself as rotational) busy
     * beyond its rate from its first minute would otherwise learn its queueing as normal. The lab's
     * PERC 5/i volume was: bonnie++'s writes first, at 262 a second with 46 waiting and 130-180 ms
     * each, then random reads at 570 a second with 60 waiting and 108 ms, never saturated against
     * a baseline of 150 ms.
     */
    public static final double ROTATING_BASELINE_MAX_AWAIT_MS = 25;

    public static final Key<Double> FIRE_UTIL = Keys.decimal("saturation.fire-util", 95, 1, 100, "%util at or above which a sample is hot");
    public static final Key<Double> CLEAR_UTIL = Keys.decimal("saturation.clear-util", 80, 0, 100, "%util below which a sample is cool");
    public static final Key<Duration> SUSTAIN = Keys.duration("saturation.sustain", Duration.ofSeconds(30), Duration.ZERO, Duration.ofDays(1),
            "hot this long to fire");
    public static final Key<Duration> CLEAR_AFTER = Keys.duration("saturation.clear-after", Duration.ofSeconds(60), Duration.ZERO,
            Duration.ofDays(1), "cool this long to resolve");
    public static final Key<Evidence> EVIDENCE = Keys.choice("saturation.evidence", Evidence.AUTO, Evidence.class,
            "auto, always or never: when queue or latency evidence is required");
    public static final Key<Double> EVIDENCE_FACTOR = Keys.decimal("saturation.evidence-factor", 3, 1, 1000,
            "aqu-sz or await over this multiple of the baseline is evidence");
    public static final Key<Double> EVIDENCE_CLEAR_FACTOR = Keys.decimal("saturation.evidence-clear-factor", 2, 1, 1000,
            "below this multiple on both, the evidence is gone");
    public static final Key<Double> MIN_AQU_SZ = Keys.decimal("saturation.evidence-min-aqu-sz", 1, 0.01, 1e6, "lowest baseline aqu-sz used");
    public static final Key<Double> MIN_AWAIT_MS = Keys.decimal("saturation.evidence-min-await-ms", 1, 0.001, 1e6,
            "lowest baseline await used, ms");
    public static final Key<Duration> BASELINE_WINDOW = Keys.duration("saturation.baseline-window", Duration.ofMinutes(10),
            Duration.ofSeconds(1), Duration.ofDays(30), "time constant of the baseline");
    /**
     * Where the kernel under-counts busy time, a disk that never idles reads 70-93% busy (the lab's on 5.10): half busy as
     * counted, with requests waiting beyond what the throughput explains, is saturated there.
     */
    public static final Key<Double> UNDERCOUNTED_UTIL = Keys.decimal("saturation.undercounted-util", 50, 1, 100,
            "on kernels that under-count busy time (5.0 to 5.16): %util from which queue evidence alone makes a sample hot");

    public static final SaturationThresholds DEFAULTS = new SaturationThresholds(FIRE_UTIL.defaultValue(), CLEAR_UTIL.defaultValue(),
            SUSTAIN.defaultValue(), CLEAR_AFTER.defaultValue(), EVIDENCE.defaultValue(), EVIDENCE_FACTOR.defaultValue(),
            EVIDENCE_CLEAR_FACTOR.defaultValue(), MIN_AQU_SZ.defaultValue(), MIN_AWAIT_MS.defaultValue(), BASELINE_WINDOW.defaultValue(),
            UNDERCOUNTED_UTIL.defaultValue());

    /** The thresholds under {@code prefix} ({@code saturation.} or a rule's), each unset one {@code d}'s. */
    static SaturationThresholds read(Settings s, String prefix, SaturationThresholds d) {
        SaturationThresholds t = new SaturationThresholds(
                s.get(at(prefix, FIRE_UTIL, d.fireUtil)),
                s.get(at(prefix, CLEAR_UTIL, d.clearUtil)),
                s.get(at(prefix, SUSTAIN, d.sustain)),
                s.get(at(prefix, CLEAR_AFTER, d.clearAfter)),
                s.get(at(prefix, EVIDENCE, d.evidence)),
                s.get(at(prefix, EVIDENCE_FACTOR, d.evidenceFactor)),
                s.get(at(prefix, EVIDENCE_CLEAR_FACTOR, d.evidenceClearFactor)),
                s.get(at(prefix, MIN_AQU_SZ, d.minAquSz)),
                s.get(at(prefix, MIN_AWAIT_MS, d.minAwaitMs)),
                s.get(at(prefix, BASELINE_WINDOW, d.baselineWindow)),
                s.get(at(prefix, UNDERCOUNTED_UTIL, d.undercountedUtil)));
        if (t.clearUtil > t.fireUtil) {
            throw new ConfigException(at(prefix, CLEAR_UTIL, null).name(), "must not be above " + at(prefix, FIRE_UTIL, null).name()
                    + " (" + t.fireUtil + ")");
        }
        if (t.evidenceClearFactor > t.evidenceFactor) {
            throw new ConfigException(at(prefix, EVIDENCE_CLEAR_FACTOR, null).name(), "must not be above "
                    + at(prefix, EVIDENCE_FACTOR, null).name() + " (" + t.evidenceFactor + ")");
        }
        return t;
    }

    /** {@code key} under {@code prefix} instead of {@code saturation.}, defaulting to {@code value}. */
    private static <T> Key<T> at(String prefix, Key<T> key, T value) {
        return key.named(prefix + key.name().substring(PREFIX.length())).withDefault(value);
    }

    /**
     * Whether %util alone is not enough for a subject: with {@code auto}, when it serves requests in
     * parallel (not known to be rotational, or an array with such a member; iostat(1)).
     */
    public boolean needsEvidence(boolean parallel) {
        return switch (evidence) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> parallel;
        };
    }

    /** Samples of {@code intervalS} seconds that cover {@code d}; at least one. */
    public static int samples(Duration d, double intervalS) {
        double n = d.toMillis() / (intervalS * 1000.0);
        // 1e-9: 30 s at a 10 s interval is 3 samples even when the interval reads 10.000000001
        return Math.max(1, (int) Math.ceil(n - 1e-9));
    }
}
