package io.raidpulse.stream.capacity;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.alert.Alerts;
import io.raidpulse.stream.alert.SubjectExpiry;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.state.DecodedCache;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * CAPACITY alerts: one {@link ArrayCapacityState} per array, fed the array aggregates of the
 * smallest window that {@link CapacityComparison} filled. The observations tell which arrays
 * each host still reports, so that an open episode of an array that vanished, or of a host that
 * went silent, is closed as the other detectors close theirs.
 */
public final class CapacityDetector implements Processor<String, Object, String, Alert> {
    public static final String STORE = "capacity-alert-state";

    private final CapacitySettings settings;
    private final SubjectExpiry expiry;
    private final long windowMs;
    private ProcessorContext<String, Alert> context;
    private DecodedCache<String, HostCapacity> store;

    /** @param windowMs the smallest aggregate window: the one the alert counts in */
    public CapacityDetector(CapacitySettings settings, SubjectExpiry expiry, long windowMs) {
        this.settings = settings;
        this.expiry = expiry;
        this.windowMs = windowMs;
    }

    public static StoreBuilder<KeyValueStore<String, HostCapacity>> storeBuilder() {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), HostCapacity.SERDE)
                .withCachingEnabled();
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        this.context = context;
        this.store = new DecodedCache<>(context.getStateStore(STORE));
        context.schedule(expiry.checkEvery(), PunctuationType.WALL_CLOCK_TIME, this::closeSilentHosts);
    }

    @Override
    public void process(Record<String, Object> record) {
        if (record.value() instanceof Aggregate a) {
            if (settings.enabled() && a.getSubjectKind() == SubjectKind.ARRAY && a.getWindowS() * 1000L == windowMs) {
                window(a);
            }
        } else if (record.value() instanceof Observation o) {
            sample(o);
        }
    }

    /*
     * Only arrays with a run or an episode are kept: an idle array has nothing to remember, so a
     * host whose arrays are well within their capacity costs no store write (nor changelog record).
     */
    private void window(Aggregate a) {
        HostCapacity previous = store.get(a.getHost());
        Map<String, ArrayCapacityState> arrays = previous == null ? new LinkedHashMap<>() : previous.arrays();
        ArrayCapacityState s = arrays.get(a.getSubject());
        if (s == null) {
            s = new ArrayCapacityState(a.getSubject());
        }
        emit(s.observe(a.getHost(), a, settings));
        if (s.phase != ArrayCapacityState.Phase.IDLE) {
            arrays.put(s.array, s);
        } else if (arrays.remove(s.array) == null) {
            return;
        }
        if (arrays.isEmpty()) {
            store.delete(a.getHost());
        } else {
            store.put(a.getHost(), new HostCapacity(context.currentSystemTimeMs(), arrays));
        }
    }

    private void sample(Observation o) {
        if (o.late()) {
            return;
        }
        HostCapacity h = store.get(o.host());
        if (h == null) {
            return;
        }
        boolean changed = false;
        for (Iterator<ArrayCapacityState> it = h.arrays().values().iterator(); it.hasNext(); ) {
            ArrayCapacityState s = it.next();
            if (o.load().presentArrays().contains(s.array)) {
                changed |= s.absent != 0;
                s.absent = 0;
                continue;
            }
            changed = true;
            s.absent += 1 + (int) o.missed();
            if (s.absent >= expiry.absentSamples()) {
                emit(s.expire(o.host(), SubjectExpiry.vanished(s.array, o.host(), s.absent)));
                it.remove();
            }
        }
        long now = context.currentSystemTimeMs();
        if (h.arrays().isEmpty()) {
            store.delete(o.host());
        } else if (changed || now - h.lastSeenMs() >= expiry.checkEvery().toMillis()) {
            store.put(o.host(), new HostCapacity(now, h.arrays()));
        }
    }

    private void closeSilentHosts(long now) {
        List<KeyValue<String, HostCapacity>> silent = new ArrayList<>();
        try (KeyValueIterator<String, HostCapacity> all = store.store().all()) {
            while (all.hasNext()) {
                KeyValue<String, HostCapacity> kv = all.next();
                // lastSeenMs is written at most every check interval
                if (now - kv.value.lastSeenMs() >= expiry.silentHost().toMillis() + expiry.checkEvery().toMillis()) {
                    silent.add(kv);
                }
            }
        }
        for (KeyValue<String, HostCapacity> kv : silent) {
            for (ArrayCapacityState s : kv.value.arrays().values()) {
                emit(s.expire(kv.key, SubjectExpiry.silent(kv.key, expiry.silentHost())));
            }
            store.delete(kv.key);
        }
    }

    private void emit(Alert alert) {
        if (alert != null) {
            context.forward(new Record<>(Alerts.key(alert.getHost(), alert.getSubject(), alert.getKind()), alert,
                    alert.getEventTime().toEpochMilli()));
        }
    }
}
