package io.raidpulse.stream;

import java.util.function.Function;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A node that passes its parents' records on wrapped as one kind of a processor's input, so that a
 * processor with parents of different value types takes one sealed type instead of {@code Object}
 * ({@code CapacityInput}, {@code IncidentInput}).
 */
public final class Tagging {
    private Tagging() {
    }

    /** Forwards each record with its value as {@code tag} makes it, key and timestamp unchanged. */
    public static <V, T> Processor<String, V, String, T> as(Function<V, T> tag) {
        return new Processor<>() {
            private ProcessorContext<String, T> context;

            @Override
            public void init(ProcessorContext<String, T> context) {
                this.context = context;
            }

            @Override
            public void process(Record<String, V> record) {
                context.forward(record.withValue(tag.apply(record.value())));
            }
        };
    }
}
