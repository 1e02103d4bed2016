package io.raidpulse.collector.sampling;

import io.raidpulse.collector.iostat.DeviceInterval;
import io.raidpulse.collector.iostat.IostatMath;
import io.raidpulse.md.DiskStat;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the previous reading of every device and turns each new reading into intervals.
 * A device seen for the first time (or again after being absent) has no interval; so has every
 * device when uptime is unknown or went backwards (a reboot between two snapshots).
 */
public final class IntervalTracker {
    private Map<String, DiskStat> previous = Map.of();
    private Long previousUptimeCs;

    /** The result for one reading: interval in hundredths of a second (null when none) and each device's interval. */
    public record Step(Long intervalCs, Map<String, DeviceInterval> intervals) {
    }

    public Step next(Reading reading) {
        Long itv = null;
        Long up = reading.uptime() == null ? null : reading.uptime().centiseconds();
        if (up != null && previousUptimeCs != null && up >= previousUptimeCs) {
            itv = up - previousUptimeCs;
        }
        Map<String, DeviceInterval> intervals = new LinkedHashMap<>();
        Map<String, DiskStat> current = new HashMap<>();
        for (DiskStat d : reading.devices()) {
            current.put(d.name(), d);
            DiskStat p = previous.get(d.name());
            if (itv != null && p != null && p.extended() && d.extended()) {
                intervals.put(d.name(), IostatMath.compute(p, d, itv));
            }
        }
        previous = current;
        if (up != null) {
            previousUptimeCs = up;
        } else {
            previous = Map.of();
            previousUptimeCs = null;
        }
        return new Step(itv == null ? null : itv == 0 ? 1L : itv, intervals);
    }
}
