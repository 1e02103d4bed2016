package io.raidpulse.stream.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What {@code raidpulse plan} answers, in every output format. Utilisations are percent 0-100
 * (above 100: the layout could not carry the load); sizes bytes.
 *
 * @param host             host name
 * @param array            array name
 * @param from             start of the history read
 * @param until            end of the history read
 * @param windowS          aggregate window, seconds
 * @param windows          windows of history
 * @param current          the array as it is: "raid5 x4"
 * @param layoutText       md's layout and chunk: "left-symmetric, 512 KiB chunk"
 * @param disksText        the members: "4 x 16.0 TB ST16000NM001G-2KK103 (spinning)"
 * @param memberDisk       the member-disk profile the model ran over, and where it comes from
 * @param capacitySource   what the stream processor compared the array with (capacity_source), or null
 * @param load             percentiles of the load by field (InfluxQL percentile): r_iops, w_iops, read_fraction,
 *                         mean_request_kB, member_util_mean, util_mean, write_amp_io
 * @param modelWriteAmp    member I/Os per md write the model expects of the current layout at the median write size
 * @param peakHours        busiest hours of the day, busiest first
 * @param timeZone         zone of the peak hours
 * @param layouts          the current layout first, then each alternative
 * @param maxUtil          the p99 member util a layout should stay under to be comfortable, percent
 * @param recommendation   the answer
 * @param series           per window, for the report's charts (not in the JSON: a month of windows is megabytes)
 */
public record PlanReport(String host, String array, Instant from, Instant until, int windowS, int windows, String current,
                         String layoutText, String disksText, MemberDiskUsed memberDisk, String capacitySource,
                         Map<String, Map<String, Double>> load, Double modelWriteAmp, List<PeakHour> peakHours, String timeZone,
                         List<LayoutPlan> layouts, double maxUtil, Recommendation recommendation,
                         @JsonIgnore Series series) {

    /** The member disk behind the model: its profile id, what it is, where its figures come from. */
    public record MemberDiskUsed(String id, String description, String source, double randomReadIops, double randomWriteIops,
                                 double sequentialMBps) {
    }

    /**
     * One layout with the history's load on it.
     *
     * @param key            layout id as in the aggregates' projections: raid10-near2-4
     * @param description    "RAID10 near-2 on the same 4 disks"
     * @param current        whether this is the array as it is
     * @param disks          members
     * @param util           member %util at p50, p95, p99: measured for the current layout; for the others the
     *                       measured util of each window times the model's ratio of the two layouts' member costs
     *                       for that window's reads and writes
     * @param modelUtil      the model's member %util at p50, p95, p99 over the member disk alone
     * @param headroom       100 - p99 util, percent points
     * @param usableFraction share of the raw space that holds data
     * @param usableBytes    usable space, bytes; null when the member size is not known
     * @param usableChange   change of usable space against the current layout, percent
     * @param rebuildHours   lower bound on replacing a member, hours; null without redundancy or member size
     */
    public record LayoutPlan(String key, String description, boolean current, int disks, Map<String, Double> util,
                             Map<String, Double> modelUtil, double headroom, double usableFraction, Double usableBytes,
                             double usableChange, Double rebuildHours) {

        public double p99() {
            return util.get("p99");
        }
    }

    /** An hour of the day and the mean load of the history's windows in it. */
    public record PeakHour(int hour, double memberUtil, double iops, int windows) {
    }

    /**
     * @param choice the layout key recommended (the current one to keep it)
     * @param line   the one-line answer
     * @param reasons why, one line per layout
     */
    public record Recommendation(String choice, String line, List<String> reasons) {
    }

    /**
     * Per-window values for charts.
     *
     * @param times     window starts, ms since the epoch
     * @param projected by layout key, member %util of each window (the current layout: measured)
     */
    public record Series(List<Long> times, Map<String, List<Double>> projected) {
    }
}
