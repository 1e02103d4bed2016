package io.raidpulse.stream.health;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.MdArray;
import io.raidpulse.stream.detector.HostDetector;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.topics.alert.SubjectExpiry;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * md health alerts per array: degraded, member faulty, inactive, no spare while degraded,
 * resync/recovery/reshape/check progress, mismatch_cnt after a check. Closes the episodes of
 * arrays that vanished or whose host went silent.
 */
public final class MdHealthDetector implements Processor<String, Observation, String, Alert> {
    public static final String STORE = "md-health-state";

    private final MdHealthRules rules;
    private final HostDetector<HostHealth> hosts;

    public MdHealthDetector(HealthSettings settings, SubjectExpiry expiry) {
        this.rules = new MdHealthRules(settings);
        this.hosts = new HostDetector<>(STORE, expiry);
    }

    public static StoreBuilder<KeyValueStore<String, HostHealth>> storeBuilder() {
        return HostDetector.storeBuilder(STORE, HostHealth.SERDE);
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        hosts.init(context, now -> hosts.closeSilentHosts(now, hosts.expiry().silentHost().toMillis(), HostHealth::lastSeenMs,
                HostHealth::arrays, this::expire));
    }

    @Override
    public void process(Record<String, Observation> record) {
        Observation o = record.value();
        if (o.late()) {
            return;
        }
        HostHealth previous = hosts.get(o.host());
        if (previous == null && o.sample().getArrays().isEmpty()) {
            return;
        }
        Map<String, ArrayHealth> arrays = previous == null ? new LinkedHashMap<>() : previous.arrays();
        Set<String> seen = new HashSet<>();
        for (MdArray a : o.sample().getArrays()) {
            seen.add(a.getName());
            ArrayHealth h = arrays.computeIfAbsent(a.getName(), ArrayHealth::new);
            rules.observe(o.host(), h, a, o.time(), o.sample().getIntervalS()).forEach(hosts::emit);
        }
        hosts.countAbsent(o, arrays, h -> seen.contains(h.subject()), this::expire);
        if (arrays.isEmpty()) {
            hosts.delete(o.host());
        } else {
            hosts.put(o.host(), new HostHealth(hosts.now(), arrays));
        }
    }

    private void expire(String host, ArrayHealth h, String reason, Consumer<Alert> emit) {
        rules.expire(host, h, reason).forEach(emit);
    }
}
