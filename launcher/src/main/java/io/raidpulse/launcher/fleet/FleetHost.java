package io.raidpulse.launcher.fleet;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sample.SampleEncoding;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.schema.HostSample;
import io.raidpulse.simulator.model.HostModel;
import java.time.Instant;

/**
 * One simulated host of the fleet: its model, stepped one sample interval at a time, and the
 * collector's own sampler over what the model shows ({@link ModelReading}), so its HostSamples are
 * those a collector would publish on that host: the first at the start without rates (as a
 * collector's first sample), then one per interval, numbered from 0.
 */
final class FleetHost {
    private final FleetMix.HostPlan plan;
    private final HostModel model;
    private final HostSampler sampler;
    private long sequence;

    FleetHost(FleetMix.HostPlan plan, String version) {
        this.plan = plan;
        this.model = new HostModel(plan.scenario());
        this.sampler = new HostSampler(() -> ModelReading.read(model, hostTime()), DeviceFilter.defaults(),
                new HostInfo.Identity(plan.host(), null, null, null), version, plan.scenario().start(),
                () -> ModelReading.inventory(model), this::simulatedNanos);
    }

    FleetMix.HostPlan plan() {
        return plan;
    }

    HostModel model() {
        return model;
    }

    /** The host's clock at the model's current second. */
    Instant hostTime() {
        return plan.scenario().start().plusSeconds(model.second());
    }

    /** True time, epoch ms, at which sample {@code sequence} is due: the fleet's start, the host's phase, its intervals. */
    long dueMs(long fleetStartMs) {
        return fleetStartMs + plan.phaseMs() + sequence * plan.intervalS() * 1000;
    }

    boolean finished() {
        return sequence > plan.scenario().steps();
    }

    long sequence() {
        return sequence;
    }

    /** The next sample: the start's, or the interval after the previous one. */
    HostSample next() {
        return SampleEncoding.toAvro(nextEncoded());
    }

    /** {@link #next} as the topic's bytes, written as the collector writes its own. */
    byte[] nextEncoded() {
        if (sequence > 0) {
            model.advanceTo(model.second() + plan.intervalS());
        }
        return SampleEncoding.encode(sampler.next(sequence++, 0));
    }

    private long simulatedNanos() {
        return model.second() * 1_000_000_000L;
    }
}
