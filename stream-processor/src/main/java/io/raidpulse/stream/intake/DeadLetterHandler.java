package io.raidpulse.stream.intake;

import io.raidpulse.schema.kafka.RecordDecodingException;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.topics.DeadLetters;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends every record the stream processor cannot decode, or finds invalid, to the dead-letter
 * topic with its original key and bytes, and carries on. Kafka Streams produces these records in
 * the same transaction as the task's other output (exactly_once_v2).
 */
public final class DeadLetterHandler implements DeserializationExceptionHandler {
    /** Streams config key for the dead-letter topic name (raidpulse's own, read here). */
    public static final String TOPIC_CONFIG = "raidpulse.dead-letter.topic";

    private static final Logger log = LoggerFactory.getLogger(DeadLetterHandler.class);

    private String topic = Topics.DEAD_LETTERS;
    private String consumer = "raidpulse-stream";

    @Override
    public void configure(Map<String, ?> configs) {
        Object t = configs.get(TOPIC_CONFIG);
        if (t != null) {
            topic = t.toString();
        }
        Object app = configs.get(StreamsConfig.APPLICATION_ID_CONFIG);
        if (app != null) {
            consumer = app.toString();
        }
    }

    @Override
    public Response handleError(ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
        String stage;
        String reason;
        if (exception instanceof InvalidSampleException invalid) {
            stage = DeadLetters.STAGE_VALIDATE;
            reason = invalid.reason();
        } else if (exception instanceof RecordDecodingException decoding) {
            stage = DeadLetters.STAGE_DECODE;
            reason = decoding.reason();
        } else {
            stage = DeadLetters.STAGE_DECODE;
            reason = String.valueOf(exception);
        }
        log.warn("dead letter from {}-{}@{}: {}", record.topic(), record.partition(), record.offset(), reason);
        return Response.resume(List.of(DeadLetters.of(topic, record, consumer, stage, reason)));
    }
}
