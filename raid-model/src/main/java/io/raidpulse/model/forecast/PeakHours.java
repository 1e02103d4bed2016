package io.raidpulse.model.forecast;

/**
 * The peak-hour rule shared by {@code plan}'s forecast and the CAPACITY_FORECAST alert, so that
 * both answer the same question the same way: a day's peak hour is the clock hour (UTC for the
 * alert, plan's {@code --time-zone} for plan) with the highest mean member util, ties going to the
 * hour with more I/O; a day counts only with windows in {@link #MIN_HOURS_A_DAY} of its hours (a
 * partial first or last day has not), and a trend needs {@link #MIN_DAYS} such days.
 */
public final class PeakHours {
    /** Days with a peak hour a trend needs: two weeks, so that a weekly cycle is not taken for growth. */
    public static final int MIN_DAYS = 14;
    /** Clock hours with windows a day needs to have its peak hour judged. */
    public static final int MIN_HOURS_A_DAY = 12;

    private PeakHours() {
    }

    /** Whether hour {@code a} (mean member util, I/Os per second) beats hour {@code b} as the peak. */
    public static boolean beats(double utilA, double iopsA, double utilB, double iopsB) {
        return utilA > utilB || utilA == utilB && iopsA > iopsB;
    }
}
