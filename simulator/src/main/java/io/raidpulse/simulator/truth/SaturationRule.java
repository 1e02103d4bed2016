package io.raidpulse.simulator.truth;

/**
 * The saturation detector's thresholds (issue 4 defaults: fire at 95% sustained 30 s, clear below
 * 80% for 60 s). A sample covers the interval ending at its time, so a run of samples covers
 * {@code count x interval} seconds: the condition has held for the sustain time at the sample
 * where the run covers it.
 *
 * @param fireUtil %util at or above which a sample counts towards firing
 * @param sustainSeconds how long the samples must cover before FIRING
 * @param clearUtil %util below which a sample counts towards clearing
 * @param clearSeconds how long the clearing samples must cover before RESOLVED
 */
public record SaturationRule(double fireUtil, long sustainSeconds, double clearUtil, long clearSeconds) {
    public static final SaturationRule DEFAULTS = new SaturationRule(95, 30, 80, 60);
}
