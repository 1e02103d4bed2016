package io.raidpulse.planner;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param saturation       how much of the history the array was saturated in: there the load is a floor on the demand
 * @param series           per window, for the report's charts (not in the JSON: a month of windows is megabytes)
 * @param forecast         when the daily peak hour reaches maxUtil and 100% on each layout at the history's growth
 * @param volume           a hardware RAID volume's controller and what its write cache means for the figures; null (absent
 *                         from the JSON) for an md array
 * @param consumers        who loads the array in its peak hour and what moving the one that drives it buys; null (absent
 *                         from the JSON) without per-consumer aggregates (raidpulse_consumer) in the history
 */
public record PlanReport(String host, String array, Instant from, Instant until, int windowS, int windows, String current,
                         String layoutText, String disksText, MemberDiskUsed memberDisk, String capacitySource,
                         Map<String, Map<String, Double>> load, Double modelWriteAmp, List<PeakHour> peakHours, String timeZone,
                         List<LayoutPlan> layouts, double maxUtil, Recommendation recommendation,
                         Saturation saturation, @JsonIgnore Series series, Forecast forecast,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Volume volume,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Consumers consumers) {

    /** The same report with what the consumers' aggregates say. */
    public PlanReport withConsumers(Consumers c) {
        return new PlanReport(host, array, from, until, windowS, windows, current, layoutText, disksText, memberDisk, capacitySource,
                load, modelWriteAmp, peakHours, timeZone, layouts, maxUtil, recommendation, saturation, series, forecast, volume, c);
    }

    /**
     * Who loads the array (raidpulse_consumer, METRICS.md): each consumer's share of the member load in the peak hour,
     * the application that loads it most over the history, and, when another consumer drives the peak, the p99 member
     * util without it.
     *
     * @param peakHour   the busiest hour of the day ({@link #peakHours}'s first), in the report's zone
     * @param peak       the consumers of the peak hour's windows, largest share first: their member I/Os over all of them
     * @param main       the consumer (a service, container...: not the sync, "other" or "unattributed") with the most member
     *                   I/Os over the history; null when there is none
     * @param mainShare  its share of the history's member I/Os, percent
     * @param driver     the peak hour's largest consumer when it is not {@code main}; null when the main application drives it
     * @param without    the current layout's member util without {@code driver}; null without a driver
     */
    public record Consumers(int peakHour, List<ConsumerShare> peak, String main, double mainShare, String driver, Without without) {
    }

    /**
     * One consumer in the peak hour (means over its windows).
     *
     * @param name          as the collector names it (postgresql@15-main.service), "md check" for the sync, "other", "unattributed"
     * @param kind          consumer_kind: service, container, pod, machine, sessions, slice, cgroup, other, unattributed, sync
     * @param memberLoadPct its member I/Os over every consumer's, percent
     * @param memberIops    member I/Os per second it cost
     * @param readsPerSec   reads per second it asked of the array
     * @param writesPerSec  writes per second it asked
     */
    public record ConsumerShare(String name, String kind, double memberLoadPct, double memberIops, double readsPerSec,
                                double writesPerSec) {
    }

    /**
     * The current layout without one consumer: each window's measured member util less that consumer's part, which is its
     * share of what the RAID model says the window's consumers cost the members (each at its own rates and request sizes;
     * a sync, which asks nothing of the array, its share of the member I/Os).
     *
     * @param consumer        who is taken out
     * @param p99             p99 member util without it, percent
     * @param p99LowerBound   whether that p99 lies in windows in which the array was saturated (the others' load there is a
     *                        floor on what they asked)
     * @param currentP99      p99 member util as measured, percent
     * @param enough          whether p99 is at or under the plan's max-util: no migration needed at this load
     * @param line            what the report says
     */
    public record Without(String consumer, double p99, boolean p99LowerBound, double currentP99, boolean enough, String line) {
    }

    /** Whether this is a hardware RAID volume's plan: every layout's figures come from the model and benchmarks. */
    @JsonIgnore
    public boolean hardware() {
        return volume != null;
    }

    /**
     * A hardware RAID volume: the controller hides its members, so its figures on every layout, the declared one too,
     * are the RAID model's over the member disk, scaled to an imported benchmark where one matches.
     *
     * @param controller the controller (declared, else the volume's INQUIRY vendor and model); null when not known
     * @param cache      the declared cache policy (write-back, write-back-battery, write-through); null when not declared
     * @param writeCache what the cache means for the hardware layouts' write figures, one line
     * @param sameDisks  how hardware and md layouts of one level on the same disks compare, one line
     */
    public record Volume(String controller, String cache, String writeCache, String sameDisks) {
    }

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
     * @param utilLowerBound whether each of p50, p95, p99 of util is a lower bound: it comes from windows in which the
     *                       array was saturated and served less than was asked (never for the current layout: measured)
     * @param modelUtil      the model's member %util at p50, p95, p99 over the member disk alone
     * @param modelUtilLowerBound the same for modelUtil (the current layout's too: the model is fed what was served)
     * @param headroom       100 - p99 util, percent points; at most this when the p99 is a lower bound
     * @param usableFraction share of the raw space that holds data
     * @param usableBytes    usable space, bytes; null when the member size is not known
     * @param usableChange   change of usable space against the current layout, percent
     * @param rebuildHours   lower bound on replacing a member, hours; null without redundancy or member size
     * @param kind           a hardware volume's plan: "hardware" (on the volume's controller) or "md" (md over the same
     *                       disks); null (absent) for an md array's
     * @param benchmarks     a hardware volume's plan: the benchmarks whose measured / model scaled this layout's figures, by
     *                       profile id, with the windows each matched; empty when none did; null for an md array's
     * @param writeFigures   a hardware volume's plan, the layouts on its controller: "benchmark" (a benchmark of the
     *                       controller gave every window with writes), "model" (write-through, or no writes: the model's
     *                       write cost stands), "upper_bound" (a write-back cache no benchmark measured: the model's write cost
     *                       is at most what the disks do) or "cache_unknown" (no cache declared); null otherwise
     */
    public record LayoutPlan(String key, String description, boolean current, int disks, Map<String, Double> util,
                             Map<String, Boolean> utilLowerBound, Map<String, Double> modelUtil, Map<String, Boolean> modelUtilLowerBound,
                             double headroom, double usableFraction, Double usableBytes,
                             double usableChange, Double rebuildHours,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String kind,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Integer> benchmarks,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String writeFigures) {

        /** An md array's layout. */
        public LayoutPlan(String key, String description, boolean current, int disks, Map<String, Double> util,
                          Map<String, Boolean> utilLowerBound, Map<String, Double> modelUtil, Map<String, Boolean> modelUtilLowerBound,
                          double headroom, double usableFraction, Double usableBytes, double usableChange, Double rebuildHours) {
            this(key, description, current, disks, util, utilLowerBound, modelUtil, modelUtilLowerBound, headroom, usableFraction,
                    usableBytes, usableChange, rebuildHours, null, null, null);
        }

        public double p99() {
            return util.get("p99");
        }

        /** Whether {@code p} of util is a lower bound. */
        public boolean lowerBound(String p) {
            return Boolean.TRUE.equals(utilLowerBound.get(p));
        }
    }

    /**
     * The history's windows in which the array was saturated (SaturatedWindows): it served what it
     * could while requests waited, so what was asked then is not known, only that it was at least
     * what was served.
     *
     * @param saturated        whether any window was
     * @param fireUtil         the busiest member's mean %util at or above which a window counts (saturation.fire-util)
     * @param evidenceNeeded   whether a window also needed queue or latency evidence (saturation.evidence)
     * @param windows          windows of history
     * @param saturatedWindows windows at saturation
     * @param saturatedS       time at saturation, seconds (saturated windows x the window length)
     * @param historyS         time the windows cover, seconds
     * @param share            saturatedWindows / windows, percent
     * @param longestS         longest stretch of consecutive saturated windows, seconds
     * @param utilInSaturation whether each of p50, p95, p99 of the current layout's member util lies in saturated windows
     * @param loadFloor        for r_iops and w_iops: whether each of their p50, p95, p99 lies in saturated windows (a floor
     *                         on what was asked)
     */
    public record Saturation(boolean saturated, double fireUtil, boolean evidenceNeeded, int windows, int saturatedWindows,
                             long saturatedS, long historyS, double share, long longestS, Map<String, Boolean> utilInSaturation,
                             Map<String, Map<String, Boolean>> loadFloor) {

        /** The percentiles of the current layout's member util that lie in saturated windows: "p95, p99". */
        public List<String> sizingPercentilesInSaturation() {
            return utilInSaturation.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        }

        public boolean floor(String field, String p) {
            Map<String, Boolean> f = loadFloor.get(field);
            return f != null && Boolean.TRUE.equals(f.get(p));
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
     * @param saturated whether the array was saturated in each window
     */
    public record Series(List<Long> times, Map<String, List<Double>> projected, List<Boolean> saturated) {
    }

    /**
     * The history's growth and where it leads (Forecast): a line through each day's peak hour.
     *
     * @param status     "trend" (the current layout's peak-hour util rises at 95%), "no_trend", or "too_short"
     * @param reason     one line saying which, with the slope
     * @param days       days with a peak hour (a day needs windows in 12 of its hours)
     * @param minDays    days a trend needs
     * @param lowerBound whether a peak hour lies in saturated windows: the load there is a floor on the demand, so
     *                   the growth, and every crossing's nearness, is a lower bound (a crossing may come sooner)
     * @param load       the peak hour's trend of r_iops, w_iops, read_fraction (reads / (reads + writes)) and
     *                   mean_request_kB
     * @param layouts    the current layout first, then each alternative; empty when too short
     * @param peaks      each day's peak hour, oldest first
     */
    public record Forecast(String status, String reason, int days, int minDays, boolean lowerBound, Map<String, LoadTrend> load,
                           List<LayoutForecast> layouts, List<DayPeak> peaks) {

        public boolean trend() {
            return "trend".equals(status);
        }
    }

    /**
     * @param atEnd    the line's value at the end of the history, per second
     * @param perDay   its slope, per second per day
     * @param perDaySe the slope's standard error
     */
    public record LoadTrend(double atEnd, double perDay, double perDaySe) {
    }

    /**
     * One layout's peak-hour member util and where its line leads.
     *
     * @param rising    whether its slope is above zero at 95%
     * @param atEnd     the line's member %util at the end of the history
     * @param perDay    its slope, percent points a day
     * @param perDaySe  the slope's standard error
     * @param crossings at maxUtil, then at 100%
     */
    public record LayoutForecast(String key, String description, boolean current, boolean rising, double atEnd, double perDay,
                                 double perDaySe, List<Crossing> crossings) {

        public Crossing at(double threshold) {
            return crossings.stream().filter(c -> c.threshold() == threshold).findFirst().orElse(null);
        }
    }

    /**
     * @param threshold member %util
     * @param already   whether the line is at or over it at the end of the history
     * @param date      when the line reaches it; null when already or without a rise
     * @param earliest  the same with the slope's 95% interval's high end (not before the history's end)
     * @param latest    with its low end
     */
    public record Crossing(double threshold, boolean already, Instant date, Instant earliest, Instant latest) {
    }

    /**
     * One day's busiest clock hour.
     *
     * @param hour         its start
     * @param readsPerSec  its mean reads per second
     * @param writesPerSec its mean writes per second
     * @param requestKB    its mean request size, kB (1024 bytes); 0 without I/O
     * @param util         mean member %util of its windows by layout key (the current layout: measured)
     * @param saturated    whether the array was saturated in one of its windows
     */
    public record DayPeak(Instant hour, double readsPerSec, double writesPerSec, double requestKB, Map<String, Double> util,
                          boolean saturated) {
    }
}
