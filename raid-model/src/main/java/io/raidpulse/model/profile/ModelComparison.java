package io.raidpulse.model.profile;

import java.util.Locale;

/**
 * A profile's measured figure next to what the capacity model expects for the same array,
 * disk and workload, or why no comparison was made.
 *
 * @param measured       the measured figure (IOPS, or bytes/s for sequential profiles)
 * @param expected       the model's figure in the same unit
 * @param metric         what was compared ("random IOPS", "sequential write")
 * @param sequential     true when the figures are bytes/s, false for IOPS
 * @param basis          the array shape and member disk the model used
 * @param skippedBecause why there is no comparison; null when there is one
 */
public record ModelComparison(Double measured, Double expected, String metric, boolean sequential, String basis, String skippedBecause) {

    static ModelComparison skipped(String why) {
        return new ModelComparison(null, null, null, false, null, why);
    }

    public boolean compared() {
        return skippedBecause == null;
    }

    /** measured / expected, or null without a comparison. */
    public Double ratio() {
        return compared() ? measured / expected : null;
    }

    /** "measured 22.2 MB/s is 0.20x the model's 108.5 MB/s (sequential write, raid10 near-2 x4, member disk ...)". */
    public String describe() {
        if (!compared()) {
            return "not compared with the model: " + skippedBecause;
        }
        return String.format(Locale.ROOT, "measured %s is %.2fx the model's %s (%s, %s)",
                figure(measured), ratio(), figure(expected), metric, basis);
    }

    private String figure(double v) {
        return sequential ? String.format(Locale.ROOT, "%.1f MB/s", v / 1e6) : String.format(Locale.ROOT, "%.0f IOPS", v);
    }
}
