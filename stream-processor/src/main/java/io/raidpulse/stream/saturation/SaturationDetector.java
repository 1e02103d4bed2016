package io.raidpulse.stream.saturation;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.alert.Alerts;
import io.raidpulse.stream.alert.SubjectExpiry;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.stream.load.HostLoad;
import io.raidpulse.stream.load.SubjectLoad;
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
 * Saturation alerts per device and per array: runs one {@link SubjectSaturation} state machine
 * per subject, and closes open episodes of subjects that vanished or whose host went silent.
 */
public final class SaturationDetector implements Processor<String, Observation, String, Alert> {
    public static final String STORE = "saturation-state";

    private final SaturationRules rules;
    private final SubjectExpiry expiry;
    private ProcessorContext<String, Alert> context;
    private DecodedCache<String, HostSaturation> store;

    public SaturationDetector(SaturationRules rules, SubjectExpiry expiry) {
        this.rules = rules;
        this.expiry = expiry;
    }

    public static StoreBuilder<KeyValueStore<String, HostSaturation>> storeBuilder() {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), HostSaturation.SERDE)
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
        HostSaturation previous = store.get(o.host());
        Map<String, SubjectSaturation> subjects = previous == null ? new LinkedHashMap<>() : previous.subjects();
        HostLoad load = o.load();
        Set<String> observed = new HashSet<>();
        if (o.sample().getIntervalS() != null) {
            SubjectSaturation.SampleContext ctx = new SubjectSaturation.SampleContext(o.host(), o.sequence(), o.time(),
                    o.collectorStarted(), o.sample().getIntervalS());
            for (DeviceLoad d : load.devices()) {
                observe(subjects, observed, d, ctx, load);
            }
            for (ArrayLoad a : load.arrays()) {
                observe(subjects, observed, a, ctx, load);
            }
        }
        for (Iterator<SubjectSaturation> it = subjects.values().iterator(); it.hasNext(); ) {
            SubjectSaturation s = it.next();
            if (observed.contains(HostSaturation.key(s.kind, s.subject))) {
                continue;
            }
            boolean present = s.kind == SubjectKind.ARRAY ? load.presentArrays().contains(s.subject)
                    : load.presentDevices().contains(s.subject);
            if (present) {
                // listed without metrics: the first sample after a collector start, not a disappearance
                continue;
            }
            s.absent += 1 + (int) o.missed();
            if (s.absent >= expiry.absentSamples()) {
                emit(s.expire(o.host(), SubjectExpiry.vanished(s.subject, o.host(), s.absent)));
                it.remove();
            }
        }
        store.put(o.host(), new HostSaturation(context.currentSystemTimeMs(), subjects));
    }

    private void observe(Map<String, SubjectSaturation> subjects, Set<String> observed, SubjectLoad l,
                         SubjectSaturation.SampleContext ctx, HostLoad load) {
        String key = HostSaturation.key(l.kind(), l.subject());
        observed.add(key);
        SubjectSaturation s = subjects.computeIfAbsent(key, k -> new SubjectSaturation(l.subject(), l.kind()));
        emit(s.observe(l, ctx, rules.forSubject(ctx.host(), l.subject(), l.kind()), load.syncUnder(l)));
    }

    private void closeSilentHosts(long now) {
        List<KeyValue<String, HostSaturation>> silent = new ArrayList<>();
        try (KeyValueIterator<String, HostSaturation> all = store.store().all()) {
            while (all.hasNext()) {
                KeyValue<String, HostSaturation> kv = all.next();
                if (now - kv.value.lastSeenMs() >= expiry.silentHost().toMillis()) {
                    silent.add(kv);
                }
            }
        }
        for (KeyValue<String, HostSaturation> kv : silent) {
            for (SubjectSaturation s : kv.value.subjects().values()) {
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
