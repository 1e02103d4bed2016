package io.raidpulse.simulator.truth;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What iostat -x would report for one device over one sample interval, from the model's exact
 * counters (sysstat rd_stats.c compute_ext_disk_stats; keys as iostat -o JSON names them).
 *
 * @param disk the whole disk the device is on (itself for a disk), null for an md array
 * @param util %util, 0-100
 * @param awaitMs reads, writes and flushes together, ms
 * @param parallel whether the device serves requests in parallel (not rotational: SSD, NVMe; md arrays over such; a
 *     hardware RAID volume, whatever queue/rotational shows)
 * @param capacityUsed % of the device's capacity (its profile's IOPS and transfer rate) the served
 *     requests used, 0-100: the simulator's own figure, no kernel counter has it; for a partition its
 *     disk's, 0 for an md array. For a rotational disk it equals util.
 */
public record DeviceTruth(String device, boolean md, String disk, double readsPerSecond, double writesPerSecond,
        double flushesPerSecond, double readKbPerSecond, double writeKbPerSecond, double readMergesPerSecond,
        double writeMergesPerSecond, double readAwaitMs, double writeAwaitMs, double flushAwaitMs,
        double readRequestKb, double writeRequestKb, double queueSize, double util, double awaitMs, boolean parallel,
        double capacityUsed) {

    /**
     * What saturation is judged by, %: util for a rotational device (busy serving one request at a
     * time); for a parallel one, whose util only says that a request was in flight, the capacity
     * used.
     */
    public double saturationLevel() {
        return parallel ? capacityUsed : util;
    }

    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("disk_device", device);
        m.put("md", md);
        m.put("disk", disk);
        m.put("r/s", round(readsPerSecond));
        m.put("w/s", round(writesPerSecond));
        m.put("f/s", round(flushesPerSecond));
        m.put("rkB/s", round(readKbPerSecond));
        m.put("wkB/s", round(writeKbPerSecond));
        m.put("rrqm/s", round(readMergesPerSecond));
        m.put("wrqm/s", round(writeMergesPerSecond));
        m.put("r_await", round(readAwaitMs));
        m.put("w_await", round(writeAwaitMs));
        m.put("f_await", round(flushAwaitMs));
        m.put("rareq-sz", round(readRequestKb));
        m.put("wareq-sz", round(writeRequestKb));
        m.put("aqu-sz", round(queueSize));
        m.put("util", round(util));
        m.put("parallel", parallel);
        m.put("capacity_used", round(capacityUsed));
        return m;
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000d;
    }
}
