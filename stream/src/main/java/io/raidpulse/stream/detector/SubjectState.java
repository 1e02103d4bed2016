package io.raidpulse.stream.detector;

/** A detector's state of one device or array, as {@link HostDetector} counts its absences. */
public interface SubjectState {
    /** the device or array, as the host's samples name it */
    String subject();

    /** Adds {@code samples} to the count of consecutive samples of the host without this subject; returns the count. */
    int addAbsent(int samples);
}
