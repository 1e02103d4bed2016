package io.raidpulse.simulator.truth;

/**
 * The saturation detector's thresholds (the stream processor's defaults: fire at 95% sustained 30 s, clear below
 * 80% for 60 s). A sample covers the interval ending at its time, so a run of samples covers
 * {@code count x interval} seconds: the condition has held for the sustain time at the sample
 * where the run covers it.
 *
 * <p>The thresholds apply to %util for rotational devices. For parallel devices (SSD, NVMe, and
 * arrays of them) they apply to the share of the device's capacity in use instead: their %util is
 * the time with at least one request in flight, near 100 long before they run out of capacity
 * (iostat(1)), which is why the stream processor asks such devices for queue or latency evidence
 * besides %util. Saturated means what that evidence is for: the device cannot take more.
 *
 * @param fireUtil %util at or above which a sample counts towards firing
 * @param sustainSeconds how long the samples must cover before FIRING
 * @param clearUtil %util below which a sample counts towards clearing
 * @param clearSeconds how long the clearing samples must cover before RESOLVED
 */
public record SaturationRule(double fireUtil, long sustainSeconds, double clearUtil, long clearSeconds) {
    public static final SaturationRule DEFAULTS = new SaturationRule(95, 30, 80, 60);
}
