package io.raidpulse.stream.intake;

import org.apache.kafka.common.errors.SerializationException;

/** A HostSample that decoded but holds impossible values ({@link SampleValidator}). */
public final class InvalidSampleException extends SerializationException {
    private final String reason;

    public InvalidSampleException(String topic, String reason) {
        super("invalid HostSample on " + topic + ": " + reason);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
