package io.raidpulse.model.forecast;

/**
 * An ordinary least-squares line y = intercept + slope x, with the standard error of its slope
 * (sigma / sqrt(Sxx), sigma^2 the residual variance on n - 2 degrees of freedom) and the
 * two-sided 95% Student-t quantile for that many degrees of freedom.
 *
 * @param n         points fitted
 * @param intercept y at x = 0
 * @param slope     change of y per unit of x
 * @param slopeSe   standard error of the slope
 * @param meanX     mean of the x fitted: the line's pivot, where its level is known best
 * @param meanY     mean of the y fitted (the line passes through (meanX, meanY))
 * @param t95       two-sided 95% Student-t quantile on n - 2 degrees of freedom
 */
public record Trend(int n, double intercept, double slope, double slopeSe, double meanX, double meanY, double t95) {

    /** Fits {@code y} against {@code x}; at least 3 points, and not all at one x. */
    public static Trend fit(double[] x, double[] y) {
        int n = x.length;
        if (n != y.length || n < 3) {
            throw new IllegalArgumentException("a trend needs at least 3 points, got " + n);
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
        if (!(sxx > 0)) {
            throw new IllegalArgumentException("a trend needs points at more than one x");
        }
        double slope = sxy / sxx;
        double intercept = my - slope * mx;
        double rss = 0;
        for (int i = 0; i < n; i++) {
            double e = y[i] - (intercept + slope * x[i]);
            rss += e * e;
        }
        double se = Math.sqrt(rss / (n - 2) / sxx);
        return new Trend(n, intercept, slope, se, mx, my, t95(n - 2));
    }

    public double at(double x) {
        return intercept + slope * x;
    }

    /** The slope's 95% interval: slope -/+ t95 x slopeSe. */
    public double slopeLow() {
        return slope - t95 * slopeSe;
    }

    public double slopeHigh() {
        return slope + t95 * slopeSe;
    }

    /** Whether the slope is above zero at 95% (its interval's low end is). */
    public boolean rising() {
        return slopeLow() > 0;
    }

    /**
     * The x at which a line through the pivot (meanX, meanY) with {@code slope} reaches {@code y};
     * infinite when that slope does not rise. With {@link #slopeHigh()} it is the earliest of the
     * slope's 95% interval, with {@link #slopeLow()} the latest (the level at the pivot, known to
     * sigma / sqrt(n), is held).
     */
    public double reaches(double y, double slope) {
        if (!(slope > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return meanX + (y - meanY) / slope;
    }

    /**
     * Two-sided 95% quantile of Student's t on {@code df} degrees of freedom: the normal's 1.96
     * with the Cornish-Fisher terms of Abramowitz and Stegun 26.7.5 (within 0.5% from 5 degrees
     * of freedom, exact as df grows).
     */
    public static double t95(int df) {
        if (df < 1) {
            return Double.POSITIVE_INFINITY;
        }
        double z = 1.959963984540054;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        double z9 = z7 * z * z;
        double d = df;
        return z + (z3 + z) / (4 * d) + (5 * z5 + 16 * z3 + 3 * z) / (96 * d * d)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * d * d * d)
                + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * d * d * d * d);
    }
}
