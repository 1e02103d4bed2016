package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.stream.TwoInputs;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.state.DecodedStore;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * Turns the detectors' episodes (saturation, md health, capacity) into incidents, one per array
 * and per standalone device ({@link IncidentSubjects}), and forwards what the notifiers read:
 * one FIRING and one RESOLVED per incident, updates in between ({@link Incident}), keyed by host
 * so that a host's notifications stay in the order they were made.
 *
 * <p>Reads two kinds of record ({@link TwoInputs}): {@link Alert}s from the detectors, and each sample's
 * {@link Observation} from intake, which reaches this processor after the detectors have
 * forwarded everything that sample caused (this processor is intake's last child), so that
 * episodes firing on one sample open one incident. Alerts the detectors raise on their own
 * schedule (a host gone silent) are told by a wall-clock check.
 *
 * <p>CAPACITY_FORECAST episodes pass through as they are, each its own incident: a forecast is
 * judged once a day and stays open for weeks, and folded into an array's incident it would absorb
 * every later degradation or saturation of that array into one long-open incident.
 */
public final class IncidentProcessor implements Processor<String, TwoInputs<Alert, Observation>, String, Alert> {
    public static final String STORE = "incident-state";
    /** How often alerts that arrived without a sample after them (a silent host's) are told. */
    static final Duration FLUSH_EVERY = Duration.ofSeconds(1);

    private ProcessorContext<String, Alert> context;
    private KeyValueStore<String, HostIncidents> store;
    /** Hosts with alerts applied since their last flush: what the wall-clock check looks at, not the whole store. */
    private final Set<String> unflushed = new HashSet<>();

    public static StoreBuilder<KeyValueStore<String, HostIncidents>> storeBuilder() {
        return DecodedStore.builder(STORE, Serdes.String(), HostIncidents.SERDE);
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        this.context = context;
        this.store = context.getStateStore(STORE);
        unflushed.clear();
        // restored from the changelog: a host left with something to tell (its alerts came from a
        // punctuation just before a crash) is told by the next check
        try (KeyValueIterator<String, HostIncidents> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<String, HostIncidents> kv = all.next();
                if (kv.value.pending()) {
                    unflushed.add(kv.key);
                }
            }
        }
        context.schedule(FLUSH_EVERY, PunctuationType.WALL_CLOCK_TIME, now -> flushPending());
    }

    @Override
    public void process(Record<String, TwoInputs<Alert, Observation>> record) {
        record.value().to(this::raised, this::sampled);
    }

    private void raised(Alert a) {
        if (a.getKind() == AlertKind.CAPACITY_FORECAST) {
            // a planning notice, judged once a day and open for weeks: its own incident, never folded into live trouble
            forward(a);
            return;
        }
        HostIncidents h = store.get(a.getHost());
        if (h == null) {
            h = new HostIncidents();
        }
        Alert unknown = h.apply(a);
        if (unknown != null) {
            forward(unknown);
        }
        save(a.getHost(), h);
        unflushed.add(a.getHost());
    }

    private void sampled(Observation o) {
        HostIncidents h = store.get(o.host());
        if (h == null || !h.pending()) {
            return;
        }
        h.flush(o.host(), IncidentSubjects.of(o.sample()), o.load()).forEach(this::forward);
        save(o.host(), h);
        unflushed.remove(o.host());
    }

    private void flushPending() {
        for (String host : List.copyOf(unflushed)) {
            HostIncidents h = store.get(host);
            if (h != null && h.pending()) {
                h.flush(host, null, null).forEach(this::forward);
                save(host, h);
            }
            unflushed.remove(host);
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
