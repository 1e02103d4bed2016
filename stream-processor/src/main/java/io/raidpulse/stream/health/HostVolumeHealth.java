package io.raidpulse.stream.health;

import io.raidpulse.schema.VolumeHealthEntry;
import io.raidpulse.schema.VolumeHealthState;
import io.raidpulse.stream.state.StateSerde;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Volume health state of every hardware RAID volume of one host, stored under the host name.
 *
 * @param lastSeenMs when the stream processor last received a sample of the host, by its own clock (ms)
 */
record HostVolumeHealth(long lastSeenMs, Map<String, VolumeHealth> volumes) {

    static final StateSerde<HostVolumeHealth> SERDE = StateSerde.avro("volume health", VolumeHealthState.class,
            h -> new VolumeHealthState(h.lastSeenMs, h.volumes.values().stream().map(VolumeHealth::toRecord).toList()),
            HostVolumeHealth::fromRecord);

    private static HostVolumeHealth fromRecord(VolumeHealthState r) {
        Map<String, VolumeHealth> volumes = new LinkedHashMap<>();
        for (VolumeHealthEntry v : r.getVolumes()) {
            volumes.put(v.getDevice(), VolumeHealth.fromRecord(v));
        }
        return new HostVolumeHealth(r.getLastSeenMs(), volumes);
    }
}
