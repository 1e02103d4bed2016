package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.stream.Tagging;
import io.raidpulse.stream.intake.Observation;
import java.util.function.Consumer;
import org.apache.kafka.streams.processor.api.Processor;

/**
 * What the incident processor takes in, from two kinds of parent: an episode's alert from a
 * detector, or a sample's observation from intake (after every alert that sample caused).
 */
public sealed interface IncidentInput permits IncidentInput.Raised, IncidentInput.Sampled {
    /** Hands this input to the one of the two that takes its kind. */
    void to(Consumer<Alert> raised, Consumer<Observation> sampled);

    record Raised(Alert alert) implements IncidentInput {
        @Override
        public void to(Consumer<Alert> raised, Consumer<Observation> sampled) {
            raised.accept(alert);
        }
    }

    record Sampled(Observation observation) implements IncidentInput {
        @Override
        public void to(Consumer<Alert> raised, Consumer<Observation> sampled) {
            sampled.accept(observation);
        }
    }

    static Processor<String, Alert, String, IncidentInput> alerts() {
        return Tagging.as(Raised::new);
    }

    static Processor<String, Observation, String, IncidentInput> samples() {
        return Tagging.as(Sampled::new);
    }
}
