package io.raidpulse.stream.forecast;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.alert.Alerts;
import io.raidpulse.stream.alert.SubjectExpiry;
import io.raidpulse.stream.state.DecodedCache;
import java.util.HashMap;
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
 * CAPACITY_FORECAST alerts ({@link ArrayForecast}), from the array aggregates of the forecast's
 * window ({@link ForecastSettings#windowMs()}), judged once a day per array. State: one entry per
 * host with arrays, written once per array window (an hour by default), so the forecast costs
 * nothing per sample.
 *
 * <p>A host that sends nothing closes no day, so its open episodes would stay open: hosts with an
 * open episode are watched by the stream processor's clock, and closed (history kept) when no
 * window arrived for {@code alerts.silent-host-after} past the window and its grace.
 */
public final class ForecastDetector implements Processor<String, Aggregate, String, Alert> {
    public static final String STORE = "forecast-state";

    private final ForecastSettings settings;
    private final SubjectExpiry expiry;
    private final long silentMs;
    private ProcessorContext<String, Alert> context;
    private DecodedCache<String, HostForecasts> store;
    /** Hosts with an open episode, and when a window of theirs last arrived, by this processor's clock. */
    private final Map<String, Long> watched = new HashMap<>();

    /** @param graceMs the aggregates' grace: a window arrives that long after its end */
    public ForecastDetector(ForecastSettings settings, SubjectExpiry expiry, long graceMs) {
        this.settings = settings;
        this.expiry = expiry;
        this.silentMs = expiry.silentHost().toMillis() + settings.windowMs() + graceMs;
    }

    public static StoreBuilder<KeyValueStore<String, HostForecasts>> storeBuilder() {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), HostForecasts.SERDE)
                .withCachingEnabled();
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        this.context = context;
        this.store = new DecodedCache<>(context.getStateStore(STORE));
        watched.clear();
        long now = context.currentSystemTimeMs();
        try (KeyValueIterator<String, HostForecasts> all = store.store().all()) {
            while (all.hasNext()) {
                KeyValue<String, HostForecasts> kv = all.next();
                if (kv.value.anyOpen()) {
                    watched.put(kv.key, now);
                }
            }
        }
        context.schedule(expiry.checkEvery(), PunctuationType.WALL_CLOCK_TIME, this::closeSilentHosts);
    }

    @Override
    public void process(Record<String, Aggregate> record) {
        Aggregate a = record.value();
        if (!settings.enabled() || a.getSubjectKind() != SubjectKind.ARRAY || a.getWindowS() * 1000L != settings.windowMs()) {
            return;
        }
        HostForecasts h = store.get(a.getHost());
        if (h == null) {
            h = new HostForecasts();
        }
        h.observe(a, settings).forEach(this::emit);
        store.put(a.getHost(), h);
        if (h.anyOpen()) {
            watched.put(a.getHost(), context.currentSystemTimeMs());
        } else {
            watched.remove(a.getHost());
        }
    }

    private void closeSilentHosts(long now) {
        for (Map.Entry<String, Long> e : List.copyOf(watched.entrySet())) {
            if (now - e.getValue() < silentMs) {
                continue;
            }
            HostForecasts h = store.get(e.getKey());
            if (h != null) {
                h.expire(e.getKey(), context.currentStreamTimeMs(), SubjectExpiry.silent(e.getKey(), java.time.Duration.ofMillis(silentMs)))
                        .forEach(this::emit);
                store.put(e.getKey(), h);
            }
            watched.remove(e.getKey());
        }
    }

    private void emit(Alert alert) {
        context.forward(new Record<>(Alerts.key(alert.getHost(), alert.getSubject(), alert.getKind()), alert,
                alert.getEventTime().toEpochMilli()));
    }
}
