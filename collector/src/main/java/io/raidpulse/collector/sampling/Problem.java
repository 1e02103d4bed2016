package io.raidpulse.collector.sampling;

/**
 * One piece of input that did not have the kernel's shape, with the kind for the error counter and
 * the message that names file and line.
 *
 * @param leftOut true when the input was left out of the reading (a device, an array, a line); false
 *                when the rest of it was kept and the message says what was made of the odd part
 */
public record Problem(ErrorKind kind, String subject, String message, boolean leftOut) {
    public Problem(ErrorKind kind, String subject, String message) {
        this(kind, subject, message, true);
    }
}
