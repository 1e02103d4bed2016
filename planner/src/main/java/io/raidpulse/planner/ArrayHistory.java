package io.raidpulse.planner;

import io.raidpulse.model.capacity.ArrayShape;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One array's load over a period, as InfluxDB holds its closed windows (METRICS.md,
 * raidpulse_array).
 *
 * @param host           host name
 * @param array          array name
 * @param from           start of the period asked (inclusive)
 * @param until          end of the period asked (exclusive)
 * @param windowS        window length of the aggregates read, seconds
 * @param shape          the array's shape as last reported in the period
 * @param capacitySource what the stream processor compared the array with, last in the period; null when not known
 * @param percentiles    InfluxQL percentile(field, N) by field and "p50", "p95", "p99"
 * @param windows        every window of the period, oldest first
 * @param volume         what the aggregates of a hardware RAID volume (array_kind hardware) say of its controller; null for an
 *                       md array
 */
record ArrayHistory(String host, String array, Instant from, Instant until, int windowS, ArrayShape shape, String capacitySource,
                    Map<String, Map<String, Double>> percentiles, List<Window> windows, Volume volume) {

    /** An md array's history. */
    ArrayHistory(String host, String array, Instant from, Instant until, int windowS, ArrayShape shape, String capacitySource,
                 Map<String, Map<String, Double>> percentiles, List<Window> windows) {
        this(host, array, from, until, windowS, shape, capacitySource, percentiles, windows, null);
    }

    /**
     * A hardware RAID volume's controller, as its aggregates carry it (METRICS.md, raidpulse_array).
     *
     * @param controller the declared controller (collector.hwraid.DEVICE.controller), else the volume's INQUIRY vendor and
     *                   model ("DELL PERC H700"); null when neither is known
     * @param cache      the declared cache policy: write-back, write-back-battery or write-through; null when not declared
     */
    record Volume(String controller, String cache) {
    }

    /** Whether this is a hardware RAID volume's history: its figures are the volume's own, its members hidden. */
    boolean hardware() {
        return volume != null;
    }

    /**
     * One closed window.
     *
     * @param start          window start
     * @param readsPerSec    r_iops: reads asked of the array per second
     * @param writesPerSec   w_iops
     * @param readKBs        rkB_s, kB = 1024 bytes
     * @param writeKBs       wkB_s
     * @param memberUtil     member_util_mean: mean %util of the leaf members, 0-100 (0 for a hardware volume: hidden)
     * @param busiestUtil    util_mean: mean %util of the busiest member (a hardware volume: its own), 0-100
     * @param aquSz          aqu_sz_mean: mean aqu-sz of the busiest member (a hardware volume: its own), requests
     * @param awaitMs        await_mean_ms: mean request time over all members' reads and writes (a hardware volume: its own), ms
     */
    record Window(Instant start, double readsPerSec, double writesPerSec, double readKBs, double writeKBs, double memberUtil,
                  double busiestUtil, double aquSz, double awaitMs) {
    }

    Double percentile(String field, String p) {
        Map<String, Double> f = percentiles.get(field);
        return f == null ? null : f.get(p);
    }
}
