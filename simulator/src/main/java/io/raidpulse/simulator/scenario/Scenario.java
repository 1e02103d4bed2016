package io.raidpulse.simulator.scenario;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * @param controllers the RAID controllers (SCSI hosts) disks sit behind
 * @param collectorSettings settings for the collector that samples this host ({@code collector.hwraid.sda.level=raid5}),
 *     in the order given: what an operator would configure on it, given to it by whatever runs the scenario
 */
public record Scenario(String name, String description, String source, String host, Instant start,
        long durationSeconds, long intervalSeconds, long uptimeSeconds, int cpus, int hz, long speedLimitMinKib,
        long speedLimitMaxKib, List<ProfileSpec> profiles, List<DiskSpec> disks, List<ArraySpec> arrays,
        List<LoadPhase> loads, List<EventSpec> events, List<Expectation> expectations, long modelStepSeconds,
        List<ControllerSpec> controllers, Map<String, String> collectorSettings) {

    public Scenario {
        profiles = List.copyOf(profiles);
        disks = List.copyOf(disks);
        arrays = List.copyOf(arrays);
        loads = List.copyOf(loads);
        events = List.copyOf(events);
        expectations = List.copyOf(expectations);
        controllers = List.copyOf(controllers);
        collectorSettings = Collections.unmodifiableMap(new LinkedHashMap<>(collectorSettings));
    }

    public Optional<ControllerSpec> controller(String controllerName) {
        return controllers.stream().filter(c -> c.name().equals(controllerName)).findFirst();
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
                hz, speedLimitMinKib, speedLimitMaxKib, profiles, disks, arrays, loads, events, expectations, modelStepSeconds,
                controllers, collectorSettings);
    }

    /** Samples the simulation writes after the initial one. */
    public long steps() {
        return durationSeconds / intervalSeconds;
    }
}
