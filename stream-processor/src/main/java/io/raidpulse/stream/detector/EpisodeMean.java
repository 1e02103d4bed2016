package io.raidpulse.stream.detector;

/**
 * The mean of one figure over a detector's episode. While an open episode cools down, the samples
 * of its cool run are held apart: if the run lasts the clear time, the episode ends without them
 * (its mean is that of the episode proper); if the run breaks, they were part of the episode
 * after all.
 */
public final class EpisodeMean {
    private double sum;
    private int count;
    private double coolSum;
    private int coolCount;

    /** A sample of the episode. */
    public void add(double v) {
        sum += v;
        count++;
    }

    /** A sample of the current cool run. */
    public void addCool(double v) {
        coolSum += v;
        coolCount++;
    }

    /** The cool run broke: its samples count for the episode, and the next cool run starts empty. */
    public void keepCool() {
        sum += coolSum;
        count += coolCount;
        dropCool();
    }

    /** The next cool run starts empty (the episode has just fired). */
    public void dropCool() {
        coolSum = 0;
        coolCount = 0;
    }

    public void reset() {
        sum = 0;
        count = 0;
        dropCool();
    }

    /** the mean over the episode's samples, 0 before the first */
    public double mean() {
        return count == 0 ? 0.0 : sum / count;
    }

    public double sum() {
        return sum;
    }

    public int count() {
        return count;
    }

    public double coolSum() {
        return coolSum;
    }

    public int coolCount() {
        return coolCount;
    }

    /** Restores the figures a state record kept. */
    public void restore(double sum, int count, double coolSum, int coolCount) {
        this.sum = sum;
        this.count = count;
        this.coolSum = coolSum;
        this.coolCount = coolCount;
    }
}
