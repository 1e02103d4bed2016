package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.state.DecodedCache;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Turns the detectors' episodes (saturation, md health, capacity) into incidents, one per array
 * and per standalone device ({@link IncidentSubjects}), and forwards what the notifiers read:
 * one FIRING and one RESOLVED per incident, updates in between ({@link Incident}), keyed by host
 * so that a host's notifications stay in the order they were made.
 *
 * <p>Reads two kinds of record: {@link Alert}s from the detectors, and each sample's
 * {@link Observation} from intake, which reaches this processor after the detectors have
 * forwarded everything that sample caused (this processor is intake's last child), so that
 * episodes firing on one sample open one incident. Alerts the detectors raise on their own
 * schedule (a host gone silent) are told by a wall-clock check.
 */
public final class IncidentProcessor implements Processor<String, Object, String, Alert> {
    public static final String STORE = "incident-state";
    /** How often alerts that arrived without a sample after them (a silent host's) are told. */
    static final Duration FLUSH_EVERY = Duration.ofSeconds(1);

    private ProcessorContext<String, Alert> context;
    private DecodedCache<String, HostIncidents> store;

    public static StoreBuilder<KeyValueStore<String, HostIncidents>> storeBuilder() {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), HostIncidents.SERDE)
                .withCachingEnabled();
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        this.context = context;
        this.store = new DecodedCache<>(context.getStateStore(STORE));
        context.schedule(FLUSH_EVERY, PunctuationType.WALL_CLOCK_TIME, now -> flushPending());
    }

    @Override
    public void process(Record<String, Object> record) {
        if (record.value() instanceof Alert a) {
            HostIncidents h = store.get(a.getHost());
            if (h == null) {
                h = new HostIncidents();
            }
            Alert unknown = h.apply(a);
            if (unknown != null) {
                forward(unknown);
            }
            save(a.getHost(), h);
        } else if (record.value() instanceof Observation o) {
            HostIncidents h = store.get(o.host());
            if (h == null || !h.pending()) {
                return;
            }
            h.flush(o.host(), IncidentSubjects.of(o.sample()), o.load()).forEach(this::forward);
            save(o.host(), h);
        }
    }

    private void flushPending() {
        List<KeyValue<String, HostIncidents>> due = new ArrayList<>();
        try (KeyValueIterator<String, HostIncidents> all = store.store().all()) {
            while (all.hasNext()) {
                KeyValue<String, HostIncidents> kv = all.next();
                if (kv.value.pending()) {
                    due.add(kv);
                }
            }
        }
        for (KeyValue<String, HostIncidents> kv : due) {
            HostIncidents h = store.get(kv.key);
            h.flush(kv.key, null, null).forEach(this::forward);
            save(kv.key, h);
        }
    }

    private void save(String host, HostIncidents h) {
        if (h.isEmpty()) {
            store.delete(host);
        } else {
            store.put(host, h);
        }
    }

    private void forward(Alert a) {
        context.forward(new Record<>(a.getHost(), a, a.getEventTime().toEpochMilli()));
    }
}
