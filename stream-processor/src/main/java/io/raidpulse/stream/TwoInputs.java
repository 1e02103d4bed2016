package io.raidpulse.stream;

import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The input of a processor with parents of two value types (the capacity processors: a host's
 * sample or a closed window; the incident processor: a detector's alert or a sample's observation):
 * one sealed type instead of {@code Object}, each record tagged as what it is by a node between
 * parent and processor ({@link #first()}, {@link #second()}).
 */
public sealed interface TwoInputs<A, B> permits TwoInputs.First, TwoInputs.Second {
    /** Hands this input to the one of the two that takes its kind. */
    void to(Consumer<? super A> first, Consumer<? super B> second);

    record First<A, B>(A value) implements TwoInputs<A, B> {
        @Override
        public void to(Consumer<? super A> first, Consumer<? super B> second) {
            first.accept(value);
        }
    }

    record Second<A, B>(B value) implements TwoInputs<A, B> {
        @Override
        public void to(Consumer<? super A> first, Consumer<? super B> second) {
            second.accept(value);
        }
    }

    /** A node that passes its parents' records on as the first kind of input, key and timestamp unchanged. */
    static <A, B> Processor<String, A, String, TwoInputs<A, B>> first() {
        return tagging(First::new);
    }

    /** A node that passes its parents' records on as the second kind of input. */
    static <A, B> Processor<String, B, String, TwoInputs<A, B>> second() {
        return tagging(Second::new);
    }

    private static <V, A, B> Processor<String, V, String, TwoInputs<A, B>> tagging(Function<V, TwoInputs<A, B>> tag) {
        return new Processor<>() {
            private ProcessorContext<String, TwoInputs<A, B>> context;

            @Override
            public void init(ProcessorContext<String, TwoInputs<A, B>> context) {
                this.context = context;
            }

            @Override
            public void process(Record<String, V> record) {
                context.forward(record.withValue(tag.apply(record.value())));
            }
        };
    }
}
