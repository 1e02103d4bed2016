package io.raidpulse.influx;

/**
 * A write InfluxDB did not acknowledge. {@link #retriable()} tells whether the same points may
 * succeed later (server down, overloaded, not yet authorised or database not yet created) or
 * were refused for good (HTTP 400 line-protocol or field-type errors, 413 too large).
 */
public final class InfluxWriteException extends RuntimeException {
    private final int status;

    public InfluxWriteException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** HTTP status, 0 when no response arrived (connection refused, timeout). */
    public int status() {
        return status;
    }

    public boolean retriable() {
        return !(status == 400 || status == 413 || status == 422);
    }
}
