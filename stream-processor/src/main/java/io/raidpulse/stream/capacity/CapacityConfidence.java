package io.raidpulse.stream.capacity;

import io.raidpulse.model.matching.CapacitySource;
import java.util.Locale;

/**
 * How sure an array window's capacity figure is ({@code capacity_confidence}), from where it came
 * from and, for the member capacity measured on the array's own members, how much it rests on:
 *
 * <ul>
 *   <li>HIGH: a trusted benchmark of the same array and workload matched (profile:ID); or the measured
 *       member figure is learned from at least {@link #HIGH_WINDOWS} busy windows and its relative
 *       standard error is at most {@link #HIGH_UNCERTAINTY}.</li>
 *   <li>MEDIUM: the model over a benchmarked member disk (model:ID: measured disks, the layout's cost
 *       from the model); or the measured figure rests on at least {@link #MEDIUM_WINDOWS} busy windows
 *       with a relative standard error of at most {@link #MEDIUM_UNCERTAINTY}.</li>
 *   <li>LOW: a disk-class default (default:CLASS, a spec-sheet guess, not these disks); or a measured
 *       figure on fewer windows or more spread, the window's own measurement standing in among them.</li>
 * </ul>
 *
 * A hardware RAID volume whose controller caches writes (write-back) is at most LOW without a benchmark
 * of that controller ({@link #atMost}): the model's write figures are an upper bound on the write cost.
 */
enum CapacityConfidence {
    HIGH, MEDIUM, LOW;

    /** Busy windows (1-minute: the aggregate's smallest) from which a measured member figure can be high confidence. */
    static final int HIGH_WINDOWS = 10;
    /** Relative standard error up to which a measured figure can be high confidence: 5% moves capacity_util by 5% of itself. */
    static final double HIGH_UNCERTAINTY = 0.05;
    /** Busy windows from which a measured figure can be medium confidence: fewer and the spread itself is a guess. */
    static final int MEDIUM_WINDOWS = 3;
    /** Relative standard error up to which a measured figure can be medium confidence: 15%, a 60% util read as 51-69%. */
    static final double MEDIUM_UNCERTAINTY = 0.15;

    /**
     * The rule above.
     *
     * @param learnedWindows measured sources: busy windows the member figure used is from (1 for a window's own
     *                       measurement); ignored for the others
     * @param uncertainty    measured sources: the figure's relative standard error, null when it is not known (under
     *                       two windows with a spread); ignored for the others
     */
    static CapacityConfidence of(CapacitySource source, int learnedWindows, Double uncertainty) {
        return switch (source) {
            case MEASURED_PROFILE -> HIGH;
            case SINGLE_DISK_MODEL -> MEDIUM;
            case DISK_CLASS_DEFAULT -> LOW;
            case MEASURED_MEMBERS -> {
                if (uncertainty == null) {
                    yield LOW;
                }
                if (learnedWindows >= HIGH_WINDOWS && uncertainty <= HIGH_UNCERTAINTY) {
                    yield HIGH;
                }
                yield learnedWindows >= MEDIUM_WINDOWS && uncertainty <= MEDIUM_UNCERTAINTY ? MEDIUM : LOW;
            }
        };
    }

    /** This confidence, or {@code most} when this one is above it. */
    CapacityConfidence atMost(CapacityConfidence most) {
        return compareTo(most) < 0 ? most : this;
    }

    /** As written to the aggregate and InfluxDB: high, medium, low. */
    String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
