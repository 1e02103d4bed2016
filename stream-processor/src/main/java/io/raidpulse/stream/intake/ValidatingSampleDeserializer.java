package io.raidpulse.stream.intake;

import io.raidpulse.schema.HostSample;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Decodes HostSamples and refuses impossible ones, both by throwing: Kafka Streams then hands the
 * undecoded record (original key and bytes) to {@link DeadLetterHandler}, which routes it to
 * raidpulse.dead-letters with the reason.
 */
public final class ValidatingSampleDeserializer implements Deserializer<HostSample> {
    private final Deserializer<HostSample> decoder;

    public ValidatingSampleDeserializer(Deserializer<HostSample> decoder) {
        this.decoder = decoder;
    }

    @Override
    public HostSample deserialize(String topic, byte[] data) {
        HostSample sample = decoder.deserialize(topic, data);
        if (sample != null) {
            String problem = SampleValidator.problem(sample);
            if (problem != null) {
                throw new InvalidSampleException(topic, problem);
            }
        }
        return sample;
    }

    @Override
    public HostSample deserialize(String topic, Headers headers, byte[] data) {
        return deserialize(topic, data);
    }
}
