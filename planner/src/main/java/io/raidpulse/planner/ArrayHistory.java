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
 */
record ArrayHistory(String host, String array, Instant from, Instant until, int windowS, ArrayShape shape, String capacitySource,
                    Map<String, Map<String, Double>> percentiles, List<Window> windows) {

    /**
     * One closed window.
     *
     * @param start          window start
     * @param readsPerSec    r_iops: reads asked of the array per second
     * @param writesPerSec   w_iops
     * @param readKBs        rkB_s, kB = 1024 bytes
     * @param writeKBs       wkB_s
     * @param memberUtil     member_util_mean: mean %util of the leaf members, 0-100
     * @param busiestUtil    util_mean: mean %util of the busiest member, 0-100
     * @param aquSz          aqu_sz_mean: mean aqu-sz of the busiest member, requests
     * @param awaitMs        await_mean_ms: mean request time over all members' reads and writes, ms
     */
    record Window(Instant start, double readsPerSec, double writesPerSec, double readKBs, double writeKBs, double memberUtil,
                  double busiestUtil, double aquSz, double awaitMs) {
    }

    Double percentile(String field, String p) {
        Map<String, Double> f = percentiles.get(field);
        return f == null ? null : f.get(p);
    }
}
