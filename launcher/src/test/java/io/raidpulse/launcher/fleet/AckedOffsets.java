package io.raidpulse.launcher.fleet;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Records of a topic whose time is known (a sample's time, an aggregate's window end), turned
 * into latencies when a consumer group's committed offset passes them: the InfluxDB sink commits
 * an offset only after InfluxDB acknowledged every point of the records before it, so the moment
 * the commit is seen is when their points were in InfluxDB, at most one poll of the commits late.
 * Records may be added from any thread; {@link #resolve} and the figures belong to one thread.
 */
final class AckedOffsets {
    private final Map<Integer, ConcurrentSkipListMap<Long, Long>> pending = new ConcurrentHashMap<>();
    /** records with a time before this are resolved but not counted (the run's warm-up) */
    private final long countFromMs;
    private long[] latencies = new long[1024];
    private int count;

    AckedOffsets(long countFromMs) {
        this.countFromMs = countFromMs;
    }

    void add(int partition, long offset, long timeMs) {
        pending.computeIfAbsent(partition, p -> new ConcurrentSkipListMap<>()).put(offset, timeMs);
    }

    /** Every known record of {@code partition} below {@code committed} is acknowledged at {@code nowMs}; how many were. */
    int resolve(int partition, long committed, long nowMs) {
        ConcurrentSkipListMap<Long, Long> p = pending.get(partition);
        if (p == null) {
            return 0;
        }
        ConcurrentNavigableMap<Long, Long> acked = p.headMap(committed);
        int n = 0;
        for (Long time : acked.values()) {
            if (time >= countFromMs) {
                if (count == latencies.length) {
                    latencies = Arrays.copyOf(latencies, count * 2);
                }
                latencies[count++] = nowMs - time;
            }
            n++;
        }
        acked.clear();
        return n;
    }

    /** Records added and not yet acknowledged. */
    int unresolved() {
        return pending.values().stream().mapToInt(Map::size).sum();
    }

    /** The counted latencies in ms, ascending. */
    long[] sorted() {
        long[] s = Arrays.copyOf(latencies, count);
        Arrays.sort(s);
        return s;
    }

    /** The {@code q} quantile of ascending values (nearest rank), NaN for none. */
    static double quantile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.max(0, Math.ceil(q * sorted.length) - 1)];
    }
}
