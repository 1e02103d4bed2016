package io.raidpulse.stream.capacity;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.TwoInputs;
import io.raidpulse.stream.detector.HostDetector;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.topics.alert.SubjectExpiry;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * CAPACITY alerts: one {@link ArrayCapacityState} per md array and hardware RAID volume, fed their
 * aggregates of the smallest window that {@link CapacityComparison} filled. The observations tell
 * which arrays and volumes each host still reports, so that an open episode of one that vanished,
 * or of a host that went silent, is closed as the other detectors close theirs.
 */
public final class CapacityDetector implements Processor<String, TwoInputs<Observation, Aggregate>, String, Alert> {
    public static final String STORE = "capacity-alert-state";

    private final CapacitySettings settings;
    private final long windowMs;
    private final HostDetector<HostCapacity> hosts;

    /** @param windowMs the smallest aggregate window: the one the alert counts in */
    public CapacityDetector(CapacitySettings settings, SubjectExpiry expiry, long windowMs) {
        this.settings = settings;
        this.windowMs = windowMs;
        this.hosts = new HostDetector<>(STORE, expiry);
    }

    public static StoreBuilder<KeyValueStore<String, HostCapacity>> storeBuilder() {
        return HostDetector.storeBuilder(STORE, HostCapacity.SERDE);
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        SubjectExpiry expiry = hosts.expiry();
        // lastSeenMs is written at most every check interval
        long silentMs = expiry.silentHost().toMillis() + expiry.checkEvery().toMillis();
        hosts.init(context, now -> hosts.closeSilentHosts(now, silentMs, HostCapacity::lastSeenMs, HostCapacity::arrays,
                CapacityDetector::expire));
    }

    @Override
    public void process(Record<String, TwoInputs<Observation, Aggregate>> record) {
        record.value().to(this::sample, a -> {
            if (settings.enabled() && (a.getSubjectKind() == SubjectKind.ARRAY || a.getSubjectKind() == SubjectKind.HARDWARE)
                    && a.getWindowS() * 1000L == windowMs) {
                window(a);
            }
        });
    }

    /*
     * Only arrays with a run or an episode are kept: an idle array has nothing to remember, so a
     * host whose arrays are well within their capacity costs no store write (nor changelog record).
     */
    private void window(Aggregate a) {
        HostCapacity previous = hosts.get(a.getHost());
        Map<String, ArrayCapacityState> arrays = previous == null ? new LinkedHashMap<>() : previous.arrays();
        ArrayCapacityState s = arrays.get(a.getSubject());
        if (s == null) {
            s = new ArrayCapacityState(a.getSubject(), a.getSubjectKind());
        }
        hosts.emit(s.observe(a.getHost(), a, settings));
        if (s.phase != ArrayCapacityState.Phase.IDLE) {
            arrays.put(s.subject(), s);
        } else if (arrays.remove(s.subject()) == null) {
            return;
        }
        if (arrays.isEmpty()) {
            hosts.delete(a.getHost());
        } else {
            hosts.put(a.getHost(), new HostCapacity(hosts.now(), arrays));
        }
    }

    /** Windows close later than their samples, so only the samples say whether an array is still there. */
    private void sample(Observation o) {
        if (o.late()) {
            return;
        }
        HostCapacity h = hosts.get(o.host());
        if (h == null) {
            return;
        }
        Set<String> volumes = volumes(o.sample());
        Predicate<ArrayCapacityState> present = s -> s.kind == SubjectKind.HARDWARE ? volumes.contains(s.subject())
                : o.load().presentArrays().contains(s.subject());
        boolean changed = false;
        for (ArrayCapacityState s : h.arrays().values()) {
            if (present.test(s)) {
                changed |= s.present();
            }
        }
        changed |= hosts.countAbsent(o, h.arrays(), present, CapacityDetector::expire);
        long now = hosts.now();
        if (h.arrays().isEmpty()) {
            hosts.delete(o.host());
        } else if (changed || now - h.lastSeenMs() >= hosts.expiry().checkEvery().toMillis()) {
            hosts.put(o.host(), new HostCapacity(now, h.arrays()));
        }
    }

    /* The sample's hardware RAID volumes: a device no longer listed is no longer a volume, whether or not it is still there. */
    private static Set<String> volumes(HostSample sample) {
        if (sample.getHardwareVolumes() == null || sample.getHardwareVolumes().isEmpty()) {
            return Set.of();
        }
        Set<String> out = new HashSet<>();
        sample.getHardwareVolumes().forEach(v -> out.add(v.getDevice()));
        return out;
    }

    private static void expire(String host, ArrayCapacityState s, String reason, Consumer<Alert> emit) {
        emit.accept(s.expire(host, reason));
    }
}
