package io.raidpulse.stream.aggregate;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.load.SubjectLoad;
import io.raidpulse.stream.state.DecodedStore;
import io.raidpulse.topics.aggregate.AggregateSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tumbling windows per device and per array, emitted once each when closed: when stream time
 * (the newest sample_time on the partition) passes the window's end plus the grace period.
 * Samples belong to the window their sample_time falls in; the smallest window takes samples, the
 * larger ones are built by merging its closed windows. A sample for a window already emitted is
 * too late and is not counted.
 */
public final class AggregateProcessor implements Processor<String, Observation, String, Aggregate> {
    public static final String STORE = "aggregate-windows";

    private static final Logger log = LoggerFactory.getLogger(AggregateProcessor.class);

    private final long[] sizes;
    private final long graceMs;
    private final int consumersTop;
    private ProcessorContext<String, Aggregate> context;
    private KeyValueStore<WindowKey, HostWindow> store;
    /** smallest end among open windows; MIN_VALUE: unknown, look in the store */
    private long nextEnd;

    public AggregateProcessor(AggregateSettings settings) {
        this.sizes = settings.windows().stream().mapToLong(Duration::toMillis).sorted().toArray();
        this.graceMs = settings.grace().toMillis();
        this.consumersTop = settings.consumersTop();
    }

    public static StoreBuilder<KeyValueStore<WindowKey, HostWindow>> storeBuilder() {
        // every window changed is put again (add, and the larger windows a closed one merges into)
        return DecodedStore.builder(STORE, WindowKey.SERDE, HostWindow.SERDE).puttingEveryChange();
    }

    @Override
    public void init(ProcessorContext<String, Aggregate> context) {
        this.context = context;
        this.store = context.getStateStore(STORE);
        this.nextEnd = Long.MIN_VALUE;
    }

    @Override
    public void process(Record<String, Observation> record) {
        Observation o = record.value();
        if (o.sample().getIntervalS() != null && (!o.load().devices().isEmpty() || !o.load().arrays().isEmpty())) {
            add(o);
        }
        closeWindows(context.currentStreamTimeMs());
    }

    private void add(Observation o) {
        long size = sizes[0];
        long start = Math.floorDiv(o.time(), size) * size;
        long end = start + size;
        if (end + graceMs <= context.currentStreamTimeMs()) {
            log.debug("sample {} of {} at {} arrived after its window closed; not counted", o.sequence(), o.host(), o.time());
            return;
        }
        WindowKey key = new WindowKey(end, size, o.host());
        HostWindow w = store.get(key);
        if (w == null) {
            w = new HostWindow(o.host(), start, size, new LinkedHashMap<>());
        }
        for (SubjectLoad d : o.load().devices()) {
            add(w, d, o.time());
        }
        for (SubjectLoad a : o.load().arrays()) {
            add(w, a, o.time());
        }
        store.put(key, w);
        if (nextEnd != Long.MIN_VALUE && end < nextEnd) {
            nextEnd = end;
        }
    }

    private static void add(HostWindow w, SubjectLoad load, long timeMs) {
        w.subjects().computeIfAbsent(SubjectKey.of(load), k -> new SubjectWindow(load.subject(), load.kind()))
                .add(load, timeMs);
    }

    private void closeWindows(long streamTime) {
        long bound = streamTime - graceMs;
        if (nextEnd != Long.MIN_VALUE && bound < nextEnd) {
            return;
        }
        while (true) {
            List<KeyValue<WindowKey, HostWindow>> closing = new ArrayList<>();
            try (KeyValueIterator<WindowKey, HostWindow> it = store.range(WindowKey.FIRST, WindowKey.endingAt(bound + 1))) {
                it.forEachRemaining(closing::add);
            }
            if (closing.isEmpty()) {
                break;
            }
            for (KeyValue<WindowKey, HostWindow> kv : closing) {
                // the latest value: merging below may have changed a larger window since the scan
                HostWindow w = store.get(kv.key);
                store.delete(kv.key);
                if (w != null) {
                    close(w);
                }
            }
        }
        nextEnd = Long.MAX_VALUE;
        try (KeyValueIterator<WindowKey, HostWindow> it = store.all()) {
            if (it.hasNext()) {
                nextEnd = it.next().key.endMs();
            }
        }
    }

    private void close(HostWindow w) {
        for (SubjectWindow s : w.subjects().values()) {
            Aggregate a = s.toAggregate(w.host(), w.startMs(), w.sizeMs(), consumersTop);
            context.forward(new Record<>(key(w.host(), s.subject), a, w.endMs()));
        }
        if (w.sizeMs() != sizes[0]) {
            return;
        }
        for (int i = 1; i < sizes.length; i++) {
            long size = sizes[i];
            long start = Math.floorDiv(w.startMs(), size) * size;
            WindowKey key = new WindowKey(start + size, size, w.host());
            HostWindow larger = store.get(key);
            if (larger == null) {
                larger = new HostWindow(w.host(), start, size, new LinkedHashMap<>());
            }
            for (SubjectWindow s : w.subjects().values()) {
                SubjectWindow target = larger.subjects().computeIfAbsent(SubjectKey.of(s.kind, s.subject),
                        x -> new SubjectWindow(s.subject, s.kind));
                target.merge(s);
            }
            store.put(key, larger);
        }
    }

    /** Record key on raidpulse.aggregates: host/subject. */
    public static String key(String host, String subject) {
        return host + "/" + subject;
    }
}
