package io.raidpulse.topics;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Records for raidpulse.dead-letters: the original key and value bytes untouched, the original
 * headers, and where the record came from and why it was refused in {@code raidpulse.dlq.*}
 * headers.
 */
public final class DeadLetters {
    /** Why the record was refused: the decoding error or the invalid value, one line. */
    public static final String REASON = "raidpulse.dlq.reason";
    /** decode (not a record of the expected type) or validate (decoded, but impossible values). */
    public static final String STAGE = "raidpulse.dlq.stage";
    public static final String TOPIC = "raidpulse.dlq.topic";
    public static final String PARTITION = "raidpulse.dlq.partition";
    public static final String OFFSET = "raidpulse.dlq.offset";
    /** Which raidpulse component refused it: the stream processor's application id, or a consumer group. */
    public static final String CONSUMER = "raidpulse.dlq.consumer";

    public static final String STAGE_DECODE = "decode";
    public static final String STAGE_VALIDATE = "validate";

    private DeadLetters() {
    }

    public static ProducerRecord<byte[], byte[]> of(String deadLetterTopic, ConsumerRecord<byte[], byte[]> original,
                                                    String consumer, String stage, String reason) {
        Headers headers = new RecordHeaders();
        for (Header h : original.headers()) {
            headers.add(h);
        }
        headers.add(REASON, utf8(reason));
        headers.add(STAGE, utf8(stage));
        headers.add(TOPIC, utf8(original.topic()));
        headers.add(PARTITION, utf8(Integer.toString(original.partition())));
        headers.add(OFFSET, utf8(Long.toString(original.offset())));
        headers.add(CONSUMER, utf8(consumer));
        Long timestamp = original.timestamp() >= 0 ? original.timestamp() : null;
        return new ProducerRecord<>(deadLetterTopic, null, timestamp, original.key(), original.value(), headers);
    }

    public static String header(Headers headers, String name) {
        Header h = headers.lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
    }
}
