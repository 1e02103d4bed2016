package io.raidpulse.simulator.scenario;

/** A rate that goes linearly from {@code from} to {@code to} over a load phase; constant when equal. */
public record Ramp(double from, double to) {
    public static final Ramp ZERO = new Ramp(0, 0);

    /** The rate at {@code fraction} (0 to 1) of the phase. */
    public double at(double fraction) {
        return from + (to - from) * fraction;
    }
}
