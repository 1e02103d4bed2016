package io.raidpulse.stream.capacity;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.stream.intake.Observation;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

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

    /** A node that passes its parent's records on as one kind of input. */
    static <V> Processor<String, V, String, CapacityInput> tagging(Function<V, CapacityInput> as) {
        return new Processor<>() {
            private ProcessorContext<String, CapacityInput> context;

            @Override
            public void init(ProcessorContext<String, CapacityInput> context) {
                this.context = context;
            }

            @Override
            public void process(Record<String, V> record) {
                context.forward(record.withValue(as.apply(record.value())));
            }
        };
    }

    static Processor<String, Observation, String, CapacityInput> samples() {
        return tagging(Sample::new);
    }

    static Processor<String, Aggregate, String, CapacityInput> windows() {
        return tagging(Window::new);
    }
}
