package io.raidpulse.launcher.fleet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Runs a fleet: every host's samples in the order of their true time (the fleet's start, each
 * host's phase and interval), encoded as the collector encodes them and handed to a {@link Sink}.
 * Fast mode runs simulated time as fast as it goes; real-time mode waits for each sample's time.
 */
final class Fleet {
    /** Where encoded samples go: Kafka keyed by host, as the collector sends them, or nowhere. */
    interface Sink {
        void send(String host, byte[] sample);
    }

    /**
     * What a run did: samples and bytes sent, hosts, wall time; in real time, how late the latest
     * of the hosts' first samples went out after its time (the hosts were built meanwhile) and the
     * latest of the later ones (a fleet larger than the process keeps up with shows there).
     */
    record Result(long samples, long bytes, int hosts, long wallNanos, long maxLateFirstMs, long maxLateMs) {
    }

    private final List<FleetHost> hosts;
    private final long startMs;

    Fleet(List<FleetMix.HostPlan> plans, long startMs, String version) {
        this.hosts = new ArrayList<>(plans.size());
        for (FleetMix.HostPlan p : plans) {
            hosts.add(new FleetHost(p, version));
        }
        this.startMs = startMs;
    }

    List<FleetHost> hosts() {
        return hosts;
    }

    /**
     * Runs every host to its end. {@code wallMs} is the clock real-time mode waits for (null: fast
     * mode); {@code stop} is checked between samples.
     */
    Result run(Sink sink, LongSupplier wallMs, BooleanSupplier stop) throws InterruptedException {
        long began = System.nanoTime();
        PriorityQueue<FleetHost> due = new PriorityQueue<>(Comparator.<FleetHost>comparingLong(h -> h.dueMs(startMs))
                .thenComparingInt(h -> h.plan().index()));
        due.addAll(hosts);
        long samples = 0;
        long bytes = 0;
        long maxLateFirst = 0;
        long maxLate = 0;
        while (!due.isEmpty() && !stop.getAsBoolean()) {
            FleetHost h = due.poll();
            if (wallMs != null) {
                long wait = h.dueMs(startMs) - wallMs.getAsLong();
                if (wait > 0) {
                    Thread.sleep(wait);
                }
                if (h.sequence() == 0) {
                    maxLateFirst = Math.max(maxLateFirst, -wait);
                } else {
                    maxLate = Math.max(maxLate, -wait);
                }
            }
            byte[] value = h.nextEncoded();
            sink.send(h.plan().host(), value);
            samples++;
            bytes += value.length;
            if (!h.finished()) {
                due.add(h);
            }
        }
        return new Result(samples, bytes, hosts.size(), System.nanoTime() - began, maxLateFirst, maxLate);
    }
}
