package io.raidpulse.schema.kafka;

import org.apache.kafka.common.errors.SerializationException;

/**
 * A record value that cannot be decoded into the expected type: not single-object encoded,
 * written with a schema this build does not know, or corrupt. The one exception consumers
 * catch to route a record to {@code raidpulse.dead-letters} with {@link #reason()}.
 */
public final class RecordDecodingException extends SerializationException {
    private final String reason;

    public RecordDecodingException(String topic, String type, String reason, Throwable cause) {
        super("cannot decode " + type + (topic == null ? "" : " from " + topic) + ": " + reason, cause);
        this.reason = reason;
    }

    /** Short reason without topic or type, for a dead-letter header. */
    public String reason() {
        return reason;
    }
}
