package io.raidpulse.topics.testing;

import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostIdentity;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The samples one collector would send: sequence numbers, sample times and intervals advance by
 * themselves; lost samples, restarts and late samples are explicit.
 */
public final class HostFeed {
    public final String host;
    private final long intervalMs;
    private long sequence;
    private long time;
    private long started;
    /** the next sample is the first after a collector start: no interval, no metrics */
    private boolean first;
    /** uname -r of the host's kernel */
    private String kernel = "6.1.0";

    public HostFeed(String host, long startMs, long intervalMs) {
        this.host = host;
        this.intervalMs = intervalMs;
        this.time = startMs;
        this.started = startMs - 5_000;
        this.sequence = 100;
    }

    /**
     * A start time {@code span} before now, on a whole minute, for samples that go through a real
     * broker: the broker keeps them (records stamped months ago fall to its 7-day retention at its
     * first retention check, 30 s after it started, and a test loses them mid-run) and, as long as
     * they span less than {@code span} plus an hour, none lies beyond what it accepts from the future.
     */
    public static long recentStart(Duration span) {
        return (System.currentTimeMillis() - span.toMillis()) / 60_000 * 60_000;
    }

    /** The host runs this kernel release from the next sample on ({@code uname -r}; 6.1.0 until told). */
    public HostFeed kernel(String release) {
        this.kernel = release;
        return this;
    }

    public long time() {
        return time;
    }

    public long sequence() {
        return sequence;
    }

    public double intervalS() {
        return intervalMs / 1000.0;
    }

    /** The next sample, one interval after the previous one. */
    public HostSample next(List<Dev> devices, List<Md> arrays) {
        HostSample s = sample(sequence, time, first ? null : intervalMs / 1000.0, devices, arrays);
        first = false;
        sequence++;
        time += intervalMs;
        return s;
    }

    public HostSample next(Dev... devices) {
        return next(List.of(devices), List.of());
    }

    /** The next sample after a stalled collector: one interval of {@code ms} instead of the usual. */
    public HostSample stalled(long ms, List<Dev> devices, List<Md> arrays) {
        time += ms - intervalMs;
        HostSample s = sample(sequence, time, ms / 1000.0, devices, arrays);
        sequence++;
        time += intervalMs;
        return s;
    }

    /** Samples lost on the way: sequence and time move on without a record. */
    public HostFeed lose(int samples) {
        sequence += samples;
        time += samples * intervalMs;
        return this;
    }

    /** The collector restarts after {@code downMs}: the next sample has no interval and no metrics. */
    public HostFeed restart(long downMs) {
        time += downMs;
        started = time - 1000;
        first = true;
        return this;
    }

    /** A sample with an explicit sequence and time (late or duplicate). */
    public HostSample at(long seq, long t, List<Dev> devices, List<Md> arrays) {
        return sample(seq, t, intervalMs / 1000.0, devices, arrays);
    }

    private HostSample sample(long seq, long t, Double interval, List<Dev> devices, List<Md> arrays) {
        List<DeviceSample> ds = new ArrayList<>();
        devices.forEach(d -> ds.add(d.build(interval)));
        List<MdArray> as = new ArrayList<>();
        arrays.forEach(a -> as.add(a.build()));
        return HostSample.newBuilder()
                .setHost(HostIdentity.newBuilder().setHostname(host).setKernel(kernel).setCollectorVersion("test").build())
                .setSequence(seq)
                .setSampleTime(Instant.ofEpochMilli(t))
                .setUptimeS(t / 1000.0)
                .setIntervalS(interval)
                .setCollectorStarted(Instant.ofEpochMilli(started))
                .setDevices(ds)
                .setArrays(as)
                .setReadErrors(Map.of())
                .build();
    }
}
