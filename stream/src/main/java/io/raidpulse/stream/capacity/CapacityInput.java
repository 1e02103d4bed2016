package io.raidpulse.stream.capacity;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.stream.Tagging;
import io.raidpulse.stream.intake.Observation;
import java.util.function.Consumer;
import org.apache.kafka.streams.processor.api.Processor;

/**
 * What the capacity processors take in, from two parents: a host's sample (which arrays it has,
 * and their shape) or a closed window of one of its subjects.
 */
public sealed interface CapacityInput permits CapacityInput.Sample, CapacityInput.Window {
    /** Hands this input to the one of the two that takes its kind. */
    void to(Consumer<Observation> sample, Consumer<Aggregate> window);

    record Sample(Observation observation) implements CapacityInput {
        @Override
        public void to(Consumer<Observation> sample, Consumer<Aggregate> window) {
            sample.accept(observation);
        }
    }

    record Window(Aggregate aggregate) implements CapacityInput {
        @Override
        public void to(Consumer<Observation> sample, Consumer<Aggregate> window) {
            window.accept(aggregate);
        }
    }

    static Processor<String, Observation, String, CapacityInput> samples() {
        return Tagging.as(Sample::new);
    }

    static Processor<String, Aggregate, String, CapacityInput> windows() {
        return Tagging.as(Window::new);
    }
}
