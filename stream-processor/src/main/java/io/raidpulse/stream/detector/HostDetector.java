package io.raidpulse.stream.detector;

import io.raidpulse.schema.Alert;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.state.DecodedStore;
import io.raidpulse.topics.alert.Alerts;
import io.raidpulse.topics.alert.SubjectExpiry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.Punctuator;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * What every alert detector shares, held by each one (composition, not a base class): one state
 * store entry per host, kept decoded and encoded at commit ({@link DecodedStore}); a wall-clock check for
 * hosts gone silent; the counting of samples that lack a subject; and the forwarding of alerts,
 * keyed by host/subject/kind. A detector adds its rules: what one input does to a host's state.
 *
 * @param <H> the state of one host: its subjects' states, and whatever the detector keeps beside
 */
public final class HostDetector<H> {
    /** Closes one subject's open episodes for {@code reason}, handing each alert to {@code emit}. */
    @FunctionalInterface
    public interface Expire<S> {
        void expire(String host, S subject, String reason, Consumer<Alert> emit);
    }

    private final String storeName;
    private final SubjectExpiry expiry;
    private ProcessorContext<String, Alert> context;
    private KeyValueStore<String, H> store;

    public HostDetector(String storeName, SubjectExpiry expiry) {
        this.storeName = storeName;
        this.expiry = expiry;
    }

    /**
     * The detector's store: in memory, decoded (its changelog restores it), a host's repeated writes
     * encoded once per commit; a detector puts a host's state after every sample that changed it.
     */
    public static <H> StoreBuilder<KeyValueStore<String, H>> storeBuilder(String name, Serde<H> serde) {
        return DecodedStore.builder(name, Serdes.String(), serde).puttingEveryChange();
    }

    /** Binds to the processor's context, and runs {@code check} every {@code alerts.silence-check-interval}. */
    public void init(ProcessorContext<String, Alert> context, Punctuator check) {
        this.context = context;
        this.store = context.getStateStore(storeName);
        context.schedule(expiry.checkEvery(), PunctuationType.WALL_CLOCK_TIME, check);
    }

    public SubjectExpiry expiry() {
        return expiry;
    }

    public H get(String host) {
        return store.get(host);
    }

    public void put(String host, H state) {
        store.put(host, state);
    }

    public void delete(String host) {
        store.delete(host);
    }

    /** The stream processor's own clock, ms: when a host was last heard from. */
    public long now() {
        return context.currentSystemTimeMs();
    }

    public long streamTime() {
        return context.currentStreamTimeMs();
    }

    /** Every host in the store, read before {@code each} runs (so that it may write the store). */
    public void forEach(BiConsumer<String, H> each) {
        List<KeyValue<String, H>> all = new ArrayList<>();
        try (KeyValueIterator<String, H> it = store.all()) {
            it.forEachRemaining(all::add);
        }
        all.forEach(kv -> each.accept(kv.key, kv.value));
    }

    /**
     * Hosts whose state was last written {@code silentMs} or longer before {@code now} (by
     * {@code lastSeenMs}) have gone silent: each of their subjects is closed for that reason by
     * {@code close}, and the host dropped from the store.
     */
    public <S> void closeSilentHosts(long now, long silentMs, ToLongFunction<H> lastSeenMs,
                                     Function<H, ? extends Map<?, S>> subjects, Expire<S> close) {
        List<KeyValue<String, H>> silent = new ArrayList<>();
        try (KeyValueIterator<String, H> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<String, H> kv = all.next();
                if (now - lastSeenMs.applyAsLong(kv.value) >= silentMs) {
                    silent.add(kv);
                }
            }
        }
        for (KeyValue<String, H> kv : silent) {
            for (S s : subjects.apply(kv.value).values()) {
                close.expire(kv.key, s, SubjectExpiry.silent(kv.key, expiry.silentHost()), this::emit);
            }
            store.delete(kv.key);
        }
    }

    /**
     * One sample of {@code o.host()} without the subjects {@code reported} does not hold: each
     * counts it (and the samples lost before it) as absent, and one absent for
     * {@code alerts.vanished-after-samples} is closed by {@code close} and removed from {@code subjects}.
     *
     * @return whether any subject's count changed
     */
    public <S extends SubjectState> boolean countAbsent(Observation o, Map<?, S> subjects, Predicate<S> reported,
                                                        Expire<S> close) {
        boolean changed = false;
        for (Iterator<S> it = subjects.values().iterator(); it.hasNext(); ) {
            S s = it.next();
            if (reported.test(s)) {
                continue;
            }
            changed = true;
            int absent = s.addAbsent(1 + (int) o.missed());
            if (absent >= expiry.absentSamples()) {
                close.expire(o.host(), s, SubjectExpiry.vanished(s.subject(), o.host(), absent), this::emit);
                it.remove();
            }
        }
        return changed;
    }

    /** Forwards an alert keyed by host/subject/kind, at its event time; null is nothing. */
    public void emit(Alert alert) {
        if (alert != null) {
            context.forward(new Record<>(Alerts.key(alert.getHost(), alert.getSubject(), alert.getKind()), alert,
                    alert.getEventTime().toEpochMilli()));
        }
    }
}
