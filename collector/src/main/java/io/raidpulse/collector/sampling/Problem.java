package io.raidpulse.collector.sampling;

/** One piece of input left out of a reading, with the kind for the error counter and the message that names file and line. */
public record Problem(ErrorKind kind, String subject, String message) {
}
