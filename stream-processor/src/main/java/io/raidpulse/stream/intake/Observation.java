package io.raidpulse.stream.intake;

import io.raidpulse.schema.HostSample;
import io.raidpulse.stream.load.HostLoad;

/**
 * One HostSample as the detectors and windows receive it: decoded, validated, its load computed
 * once, and placed in the host's sequence.
 *
 * @param restarted the collector restarted since the previous sample (collector_started changed)
 * @param missed    samples lost between the previous sample and this one (sequence gap), 0 after a restart
 * @param late      an older sample arriving after newer ones: counted in windows, not replayed into detectors
 */
public record Observation(String host, HostSample sample, HostLoad load, boolean restarted, long missed, boolean late) {

    public long sequence() {
        return sample.getSequence();
    }

    /** sample_time in ms. */
    public long time() {
        return sample.getSampleTime().toEpochMilli();
    }

    public long collectorStarted() {
        return sample.getCollectorStarted().toEpochMilli();
    }
}
