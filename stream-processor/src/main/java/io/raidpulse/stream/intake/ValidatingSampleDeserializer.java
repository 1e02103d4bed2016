package io.raidpulse.stream.intake;

import io.raidpulse.schema.HostSample;
import io.raidpulse.topics.alert.Alerts;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Decodes HostSamples and refuses impossible ones, both by throwing: Kafka Streams then hands the
 * undecoded record (original key and bytes) to {@link DeadLetterHandler}, which routes it to
 * raidpulse.dead-letters with the reason. Impossible includes a sample time further ahead of this
 * processor's clock than {@link IntakeSettings#maxAhead()}: one host with a clock in the future
 * would otherwise have the broker refuse what the topology writes, and stop it for every host.
 */
public final class ValidatingSampleDeserializer implements Deserializer<HostSample> {
    private final Deserializer<HostSample> decoder;
    private final long maxAheadMs;
    private final LongSupplier clock;

    public ValidatingSampleDeserializer(Deserializer<HostSample> decoder, Duration maxAhead, LongSupplier clock) {
        this.decoder = decoder;
        this.maxAheadMs = maxAhead.toMillis();
        this.clock = clock;
    }

    @Override
    public HostSample deserialize(String topic, byte[] data) {
        HostSample sample = decoder.deserialize(topic, data);
        if (sample != null) {
            String problem = SampleValidator.problem(sample);
            if (problem == null) {
                problem = aheadOfClock(sample);
            }
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

    private String aheadOfClock(HostSample sample) {
        long ahead = sample.getSampleTime().toEpochMilli() - clock.getAsLong();
        if (ahead <= maxAheadMs) {
            return null;
        }
        return "sample_time " + sample.getSampleTime() + " of host " + sample.getHost().getHostname() + " is "
                + Alerts.duration(ahead) + " ahead of this stream processor's clock, more than intake.max-ahead ("
                + Alerts.duration(maxAheadMs) + "): the host's clock is wrong";
    }
}
