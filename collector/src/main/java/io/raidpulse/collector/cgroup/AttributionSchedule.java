package io.raidpulse.collector.cgroup;

import io.raidpulse.collector.sample.AttributionStatus;
import io.raidpulse.md.Counts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which cycles read io.stat ({@code collector.attribution.interval}). Every cycle on a host of
 * few cgroups; spaced on a host of hundreds, where reading them is most of what the agent costs:
 * 450 io.stat a second cost four times the rest of a cycle (collector/README.md, Footprint).
 * Between two readings the devices' own I/O is summed, so a reading's consumers and the device
 * I/O they are set against ("unattributed", and the clamp to what the device did) cover the same
 * span: io.stat's counters are cumulative, a reading's differences are the span's.
 *
 * <p>Spaced only while the readings work (ATTRIBUTED, FIRST_SAMPLE): a hierarchy that could not be
 * read, or has no io controller, is tried again every cycle, which costs no io.stat read.
 */
public final class AttributionSchedule {
    /** auto: io.stat files read a second on average, at most; each file costs about 12 us here (Footprint). */
    public static final int AUTO_FILES_PER_S = 50;
    /** auto: the readings at most this far apart, so that a saturation episode's 30 s hold three. */
    public static final Duration AUTO_MAX = Duration.ofSeconds(10);

    /** null: auto */
    private final Duration interval;
    private boolean spaced;
    private double targetS;
    private double spanS;
    private int cycles;
    /** Each device's own I/O summed over the span's cycles so far, and how many cycles it had one. */
    private final Map<String, Sum> sums = new HashMap<>();

    private static final class Sum {
        final long[] ios;
        int cycles;

        Sum(int fields) {
            ios = new long[fields];
        }
    }

    /**
     * The devices a reading sets its consumers against, and the seconds since the last reading
     * (null when a cycle of the span had no interval: the devices then have none either).
     */
    public record Span(List<DeviceIo> devices, Double seconds) {
    }

    public AttributionSchedule(Duration interval) {
        this.interval = interval;
    }

    /**
     * This cycle: the span to read io.stat for, or null when it is not read this cycle (its
     * devices' I/O is then added to the next reading's). {@code intervalS}: the cycle's interval,
     * null when it has none (the first sample, a reboot): a reading starts over then.
     */
    public Span cycle(List<DeviceIo> devices, Double intervalS) {
        if (!spaced || intervalS == null) {
            reset();
            return new Span(devices, intervalS);
        }
        spanS += intervalS;
        cycles++;
        for (DeviceIo d : devices) {
            if (d.ios() == null) {
                continue;
            }
            Sum s = sums.computeIfAbsent(d.name(), k -> new Sum(d.ios().length));
            for (int f = 0; f < s.ios.length; f++) {
                // -1: the kernel's diskstats has no discard fields; it stays -1
                s.ios[f] = d.ios()[f] < 0 || s.cycles > 0 && s.ios[f] < 0 ? -1 : Counts.plus(s.ios[f], d.ios()[f]);
            }
            s.cycles++;
        }
        // half a cycle early rather than a cycle late: 9.9 s of 1 s cycles reads at 10
        if (spanS < targetS - intervalS / 2) {
            return null;
        }
        List<DeviceIo> out = new ArrayList<>(devices.size());
        for (DeviceIo d : devices) {
            Sum s = sums.get(d.name());
            // a device without I/O counts in one of the span's cycles (new since the last reading) has none for it
            out.add(new DeviceIo(d.name(), d.major(), d.minor(), s != null && s.cycles == cycles ? s.ios : null));
        }
        Span span = new Span(out, spanS);
        reset();
        return span;
    }

    /**
     * What a reading found: whether the next ones are spaced, and by how much (auto: by the
     * files it read).
     */
    public void read(AttributionStatus status, int filesRead, double cycleS) {
        boolean working = status == AttributionStatus.ATTRIBUTED || status == AttributionStatus.FIRST_SAMPLE;
        targetS = interval != null ? interval.toMillis() / 1000.0
                : Math.min(AUTO_MAX.toMillis() / 1000.0, (double) filesRead / AUTO_FILES_PER_S);
        // readings round(target / cycle) cycles apart (cycle() reads half a cycle early): under 1.5 cycles, every cycle
        spaced = working && cycleS > 0 && targetS >= cycleS * 1.5;
    }

    /** Seconds between readings as last set: what the log line says; 0 before the first reading. */
    public double targetS() {
        return spaced ? targetS : 0;
    }

    private void reset() {
        spanS = 0;
        cycles = 0;
        sums.clear();
    }
}
