package io.raidpulse.stream.health;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.MdArray;
import io.raidpulse.stream.alert.Alerts;
import io.raidpulse.stream.alert.SubjectExpiry;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.state.DecodedCache;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.apache.kafka.streams.state.Stores;

/**
 * md health alerts per array: degraded, member faulty, inactive, no spare while degraded,
 * resync/recovery/reshape/check progress, mismatch_cnt after a check. Closes the episodes of
 * arrays that vanished or whose host went silent.
 */
public final class MdHealthDetector implements Processor<String, Observation, String, Alert> {
    public static final String STORE = "md-health-state";

    private final MdHealthRules rules;
    private final SubjectExpiry expiry;
    private ProcessorContext<String, Alert> context;
    private DecodedCache<String, HostHealth> store;

    public MdHealthDetector(HealthSettings settings, SubjectExpiry expiry) {
        this.rules = new MdHealthRules(settings);
        this.expiry = expiry;
    }

    public static StoreBuilder<KeyValueStore<String, HostHealth>> storeBuilder() {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), HostHealth.SERDE)
                .withCachingEnabled();
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        this.context = context;
        this.store = new DecodedCache<>(context.getStateStore(STORE));
        context.schedule(expiry.checkEvery(), PunctuationType.WALL_CLOCK_TIME, this::closeSilentHosts);
    }

    @Override
    public void process(Record<String, Observation> record) {
        Observation o = record.value();
        if (o.late()) {
            return;
        }
        HostHealth previous = store.get(o.host());
        if (previous == null && o.sample().getArrays().isEmpty()) {
            return;
        }
        Map<String, ArrayHealth> arrays = previous == null ? new LinkedHashMap<>() : previous.arrays();
        Set<String> seen = new HashSet<>();
        for (MdArray a : o.sample().getArrays()) {
            seen.add(a.getName());
            ArrayHealth h = arrays.computeIfAbsent(a.getName(), ArrayHealth::new);
            rules.observe(o.host(), h, a, o.time(), o.sample().getIntervalS()).forEach(this::emit);
        }
        for (Iterator<ArrayHealth> it = arrays.values().iterator(); it.hasNext(); ) {
            ArrayHealth h = it.next();
            if (seen.contains(h.array)) {
                continue;
            }
            h.absent += 1 + (int) o.missed();
            if (h.absent >= expiry.absentSamples()) {
                rules.expire(o.host(), h, SubjectExpiry.vanished(h.array, o.host(), h.absent)).forEach(this::emit);
                it.remove();
            }
        }
        if (arrays.isEmpty()) {
            store.delete(o.host());
        } else {
            store.put(o.host(), new HostHealth(context.currentSystemTimeMs(), arrays));
        }
    }

    private void closeSilentHosts(long now) {
        List<KeyValue<String, HostHealth>> silent = new ArrayList<>();
        try (KeyValueIterator<String, HostHealth> all = store.store().all()) {
            while (all.hasNext()) {
                KeyValue<String, HostHealth> kv = all.next();
                if (now - kv.value.lastSeenMs() >= expiry.silentHost().toMillis()) {
                    silent.add(kv);
                }
            }
        }
        for (KeyValue<String, HostHealth> kv : silent) {
            for (ArrayHealth h : kv.value.arrays().values()) {
                rules.expire(kv.key, h, SubjectExpiry.silent(kv.key, expiry.silentHost())).forEach(this::emit);
            }
            store.delete(kv.key);
        }
    }

    private void emit(Alert alert) {
        context.forward(new Record<>(Alerts.key(alert.getHost(), alert.getSubject(), alert.getKind()), alert,
                alert.getEventTime().toEpochMilli()));
    }
}
