package io.raidpulse.stream.saturation;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AttributionStatus;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.detector.HostDetector;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.stream.load.HostLoad;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.load.SubjectLoad;
import io.raidpulse.topics.alert.SubjectExpiry;
import io.raidpulse.topics.saturation.BusyTimeCounting;
import io.raidpulse.topics.saturation.SaturationRules;
import java.util.Collections;
import java.util.IdentityHashMap;
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
 * Saturation alerts per device and per array: runs one {@link SubjectSaturation} state machine
 * per subject, and closes open episodes of subjects that vanished or whose host went silent.
 */
public final class SaturationDetector implements Processor<String, Observation, String, Alert> {
    public static final String STORE = "saturation-state";

    private final SaturationRules rules;
    private final HostDetector<HostSaturation> hosts;

    public SaturationDetector(SaturationRules rules, SubjectExpiry expiry) {
        this.rules = rules;
        this.hosts = new HostDetector<>(STORE, expiry);
    }

    public static StoreBuilder<KeyValueStore<String, HostSaturation>> storeBuilder() {
        return HostDetector.storeBuilder(STORE, HostSaturation.SERDE);
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        hosts.init(context, now -> hosts.closeSilentHosts(now, hosts.expiry().silentHost().toMillis(), HostSaturation::lastSeenMs,
                HostSaturation::subjects, SaturationDetector::expire));
    }

    @Override
    public void process(Record<String, Observation> record) {
        Observation o = record.value();
        if (o.late()) {
            return;
        }
        HostSaturation previous = hosts.get(o.host());
        Map<SubjectKey, SubjectSaturation> subjects = previous == null ? new LinkedHashMap<>() : previous.subjects();
        HostLoad load = o.load();
        // the states this sample observed, by identity: a subject's state is found once, in observe
        Set<SubjectSaturation> observed = Collections.newSetFromMap(new IdentityHashMap<>());
        if (o.sample().getIntervalS() != null) {
            SubjectSaturation.SampleContext ctx = new SubjectSaturation.SampleContext(o.host(), o.sequence(), o.time(),
                    o.collectorStarted(), o.sample().getIntervalS(),
                    BusyTimeCounting.undercounts(o.sample().getHost() == null ? null : o.sample().getHost().getKernel()),
                    o.sample().getIoAttribution() != null && o.sample().getIoAttribution().getStatus() == AttributionStatus.BETWEEN_READINGS);
            for (DeviceLoad d : load.devices()) {
                observe(subjects, observed, d, ctx, load);
            }
            for (ArrayLoad a : load.arrays()) {
                observe(subjects, observed, a, ctx, load);
            }
        }
        // listed without metrics (the first sample after a collector start) is not a disappearance
        hosts.countAbsent(o, subjects, s -> observed.contains(s)
                || (s.kind == SubjectKind.ARRAY ? load.presentArrays() : load.presentDevices()).contains(s.subject()),
                SaturationDetector::expire);
        hosts.put(o.host(), new HostSaturation(hosts.now(), subjects));
    }

    private void observe(Map<SubjectKey, SubjectSaturation> subjects, Set<SubjectSaturation> observed, SubjectLoad l,
                         SubjectSaturation.SampleContext ctx, HostLoad load) {
        SubjectSaturation s = subjects.computeIfAbsent(SubjectKey.of(l), k -> new SubjectSaturation(l.subject(), l.kind()));
        observed.add(s);
        hosts.emit(s.observe(l, ctx, rules.forSubject(ctx.host(), l.subject(), l.kind()), load.syncUnder(l)));
    }

    private static void expire(String host, SubjectSaturation s, String reason, Consumer<Alert> emit) {
        emit.accept(s.expire(host, reason));
    }
}
