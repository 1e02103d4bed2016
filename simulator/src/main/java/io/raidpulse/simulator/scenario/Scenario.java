package io.raidpulse.simulator.scenario;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A parsed scenario: the simulated host, its disks and arrays, the application load over time, the
 * events, and the episodes it promises. Times are whole seconds since the scenario start.
 *
 * @param source where the text came from, for messages (a shipped name or a file path)
 * @param uptimeSeconds /proc/uptime at the scenario start
 * @param cpus CPUs of the host: /proc/uptime's idle field sums idle time over them
 * @param hz the kernel's tick rate: io_ticks advance in whole jiffies (CONFIG_HZ, 250 on Debian)
 * @param speedLimitMinKib /proc/sys/dev/raid/speed_limit_min, KiB/s
 * @param speedLimitMaxKib /proc/sys/dev/raid/speed_limit_max, KiB/s
 * @param modelStepSeconds the model's integration step (1 s; longer only without events, for months of steady or ramped load)
 */
public record Scenario(String name, String description, String source, String host, Instant start,
        long durationSeconds, long intervalSeconds, long uptimeSeconds, int cpus, int hz, long speedLimitMinKib,
        long speedLimitMaxKib, List<ProfileSpec> profiles, List<DiskSpec> disks, List<ArraySpec> arrays,
        List<LoadPhase> loads, List<EventSpec> events, List<Expectation> expectations, long modelStepSeconds) {

    public Scenario {
        profiles = List.copyOf(profiles);
        disks = List.copyOf(disks);
        arrays = List.copyOf(arrays);
        loads = List.copyOf(loads);
        events = List.copyOf(events);
        expectations = List.copyOf(expectations);
    }

    public Optional<ProfileSpec> profile(String profileName) {
        return profiles.stream().filter(p -> p.name().equals(profileName)).findFirst();
    }

    public Optional<DiskSpec> disk(String diskName) {
        return disks.stream().filter(d -> d.name().equals(diskName)).findFirst();
    }

    public Optional<ArraySpec> array(String arrayName) {
        return arrays.stream().filter(a -> a.name().equals(arrayName)).findFirst();
    }

    /** The same scenario starting at {@code newStart}: every time in it is relative to the start. */
    public Scenario withStart(Instant newStart) {
        return new Scenario(name, description, source, host, newStart, durationSeconds, intervalSeconds, uptimeSeconds, cpus,
                hz, speedLimitMinKib, speedLimitMaxKib, profiles, disks, arrays, loads, events, expectations, modelStepSeconds);
    }

    /** Samples the simulation writes after the initial one. */
    public long steps() {
        return durationSeconds / intervalSeconds;
    }
}
