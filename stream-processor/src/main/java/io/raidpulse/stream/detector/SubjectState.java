package io.raidpulse.stream.detector;

/** A detector's state of one device or array, as {@link HostDetector} counts its absences. */
public interface SubjectState {
    /** the device or array, as the host's samples name it */
    String subject();

    /** consecutive samples of the host without this subject */
    int absent();

    void absent(int samples);
}
