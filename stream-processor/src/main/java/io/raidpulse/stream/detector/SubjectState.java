package io.raidpulse.stream.detector;

/**
 * A detector's state of one device or array: its name, and the count of its host's samples
 * without it, which {@link HostDetector} keeps to expire a subject that is gone.
 */
public abstract class SubjectState {
    private final String subject;
    /** consecutive host samples without this subject */
    private int absent;

    protected SubjectState(String subject) {
        this.subject = subject;
    }

    /** the device or array, as the host's samples name it */
    public final String subject() {
        return subject;
    }

    /** Adds {@code samples} to the count of consecutive samples of the host without this subject; returns the count. */
    public final int addAbsent(int samples) {
        return absent += samples;
    }

    /** The subject is in its host's sample: the absence count starts over. Returns whether it was counting. */
    public final boolean present() {
        boolean was = absent != 0;
        absent = 0;
        return was;
    }

    /** consecutive host samples without this subject, as the state record keeps it */
    public final int absent() {
        return absent;
    }

    /** Restores the absence count from a state record. */
    protected final void restoreAbsent(int samples) {
        absent = samples;
    }
}
