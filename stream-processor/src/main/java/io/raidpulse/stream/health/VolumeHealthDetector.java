package io.raidpulse.stream.health;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.stream.detector.HostDetector;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.topics.alert.SubjectExpiry;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * Hardware RAID volume health alerts ({@link VolumeHealthRules}): not running, failed or timed-out
 * commands. Closes the episodes of volumes that vanished or whose host went silent.
 */
public final class VolumeHealthDetector implements Processor<String, Observation, String, Alert> {
    public static final String STORE = "volume-health-state";

    private final VolumeHealthRules rules;
    private final HostDetector<HostVolumeHealth> hosts;

    public VolumeHealthDetector(HealthSettings settings, SubjectExpiry expiry) {
        this.rules = new VolumeHealthRules(settings);
        this.hosts = new HostDetector<>(STORE, expiry);
    }

    public static StoreBuilder<KeyValueStore<String, HostVolumeHealth>> storeBuilder() {
        return HostDetector.storeBuilder(STORE, HostVolumeHealth.SERDE);
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        hosts.init(context, now -> hosts.closeSilentHosts(now, hosts.expiry().silentHost().toMillis(), HostVolumeHealth::lastSeenMs,
                HostVolumeHealth::volumes, this::expire));
    }

    @Override
    public void process(Record<String, Observation> record) {
        Observation o = record.value();
        if (o.late()) {
            return;
        }
        List<HardwareVolume> seen = o.sample().getHardwareVolumes() == null ? List.of() : o.sample().getHardwareVolumes();
        HostVolumeHealth previous = hosts.get(o.host());
        if (previous == null && seen.isEmpty()) {
            return;
        }
        Map<String, VolumeHealth> volumes = previous == null ? new LinkedHashMap<>() : previous.volumes();
        Set<String> names = new HashSet<>();
        for (HardwareVolume v : seen) {
            names.add(v.getDevice());
            VolumeHealth h = volumes.computeIfAbsent(v.getDevice(), VolumeHealth::new);
            rules.observe(o.host(), h, v, o.time(), didIo(o.sample(), v.getDevice())).forEach(hosts::emit);
        }
        hosts.countAbsent(o, volumes, h -> names.contains(h.subject()), this::expire);
        if (volumes.isEmpty()) {
            hosts.delete(o.host());
        } else {
            hosts.put(o.host(), new HostVolumeHealth(hosts.now(), volumes));
        }
    }

    /** Whether {@code device} completed reads or writes in the sample's interval; true when the sample does not say. */
    static boolean didIo(HostSample sample, String device) {
        for (DeviceSample d : sample.getDevices()) {
            if (d.getName().equals(device)) {
                if (d.getDeltas() != null) {
                    return d.getDeltas().getReads() + d.getDeltas().getWrites() > 0;
                }
                return d.getMetrics() == null || d.getMetrics().getRS() + d.getMetrics().getWS() > 0;
            }
        }
        return true;
    }

    private void expire(String host, VolumeHealth h, String reason, Consumer<Alert> emit) {
        rules.expire(host, h, reason).forEach(emit);
    }
}
