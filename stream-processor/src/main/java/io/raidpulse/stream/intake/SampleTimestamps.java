package io.raidpulse.stream.intake;

import io.raidpulse.schema.HostSample;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * Event time of a HostSample is its sample_time (when the counters were read), whatever
 * timestamp the producer or a spool replay gave the Kafka record: windows and stream time follow
 * the hosts' clocks.
 */
public final class SampleTimestamps implements TimestampExtractor {
    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (record.value() instanceof HostSample s && s.getSampleTime() != null) {
            return s.getSampleTime().toEpochMilli();
        }
        return record.timestamp() >= 0 ? record.timestamp() : partitionTime;
    }
}
