package io.raidpulse.stream.forecast;

import io.raidpulse.model.forecast.PeakHours;
import io.raidpulse.model.forecast.Trend;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.ArrayForecastState;
import io.raidpulse.schema.DayPeakState;
import io.raidpulse.schema.ForecastEpisodeState;
import io.raidpulse.schema.HourSumsState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.topics.alert.Alerts;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The forecast of one md array or hardware RAID volume: the hours of the current UTC day summed from its closed windows, the
 * peak hour of each of the last {@code capacity.forecast-history} days, and the open
 * CAPACITY_FORECAST episodes, one per threshold.
 *
 * <p>When the first window of a later day arrives, the day is closed: its peak hour is kept (with
 * {@value PeakHours#MIN_HOURS_A_DAY} hours or more), the line through the kept peak hours' member
 * util is fitted ({@link Trend}), and each threshold's crossing is judged:
 *
 * <pre>
 * none open --crossing nearer than forecast-warn (or already reached)--> FIRING
 * FIRING --crossing further than 1.5 x forecast-warn, or no rising trend below the threshold--> RESOLVED
 * </pre>
 *
 * The margin between firing and resolving keeps a crossing that wanders by a day or two around the
 * warning distance from opening and closing an episode every day.
 *
 * <p>A hardware RAID volume hides its members, and its own %util says little (it serves several
 * requests at once): its line is through the share of its capacity its windows used
 * ({@code capacity_util} x 100, against the same thresholds); a window without a capacity figure
 * counts no hour, so a volume whose capacity is never known has no forecast.
 */
final class ArrayForecast {
    static final long HOUR_MS = 3_600_000;
    static final long DAY_MS = 86_400_000;
    /** An open episode resolves when its crossing is further than this multiple of forecast-warn. */
    static final double RESOLVE_BEYOND = 1.5;

    final String array;
    /** ARRAY (an md array: its member util) or HARDWARE (a hardware RAID volume: its capacity use) */
    final SubjectKind kind;
    /** how alerts name a hardware RAID volume, as its last window showed it; null for an md array */
    String described;
    /** UTC epoch day of the hours being summed; Long.MIN_VALUE before the first window */
    long day = Long.MIN_VALUE;
    final double[] utilSum = new double[24];
    final double[] readSum = new double[24];
    final double[] writeSum = new double[24];
    final int[] count = new int[24];
    /** the kept days' peak hours, oldest first */
    final List<DayPeak> peaks = new ArrayList<>();
    /** open episodes by threshold */
    final Map<Double, Episode> open = new LinkedHashMap<>();

    /** One day's peak hour: its start, its mean member util (%) and its mean reads and writes per second. */
    record DayPeak(long hourMs, double util, double reads, double writes) {
        /** The middle of the hour, in days since the epoch: the x of the fit. */
        double x() {
            return (hourMs + HOUR_MS / 2.0) / DAY_MS;
        }
    }

    /** An open episode: when it fired, and the crossing last predicted (ms; the interval's ends, latest may be infinite). */
    static final class Episode {
        final double threshold;
        final long startMs;
        long crossingMs;
        long earliestMs;
        long latestMs;

        Episode(double threshold, long startMs) {
            this.threshold = threshold;
            this.startMs = startMs;
        }
    }

    /** Where the trend reaches a threshold: at {@code end} when it already has. */
    record Crossing(long atMs, long earliestMs, long latestMs, boolean already) {
    }

    ArrayForecast(String array) {
        this(array, SubjectKind.ARRAY);
    }

    ArrayForecast(String subject, SubjectKind kind) {
        this.array = subject;
        this.kind = kind;
    }

    /**
     * What the line is through, in percent, of one window: an md array's member util; a hardware RAID volume's
     * capacity_util x 100; null when the window has none.
     */
    static Double figure(Aggregate a) {
        if (a.getSubjectKind() == SubjectKind.HARDWARE) {
            return a.getCapacityUtil() == null ? null : a.getCapacityUtil() * 100;
        }
        return a.getMemberUtilMean();
    }

    /** What the figure is, after a percentage: "70% member util", "70% of its capacity". */
    private String unit() {
        return kind == SubjectKind.HARDWARE ? " of its capacity" : " member util";
    }

    /** What the figure is, as a noun: "member util", "capacity use". */
    private String noun() {
        return kind == SubjectKind.HARDWARE ? "capacity use" : "member util";
    }

    /** How summaries name the subject: md0, or "hardware RAID5 volume sda (PERC H700, 4 disks)". */
    private String named() {
        return described != null ? described : array;
    }

    /** Adds one closed window; returns the state changes closing the previous day caused. */
    List<Alert> observe(String host, Aggregate a, ForecastSettings s) {
        Double util = figure(a);
        if (kind == SubjectKind.HARDWARE) {
            described = DeviceLoad.volume(array, a.getLevel(), a.getController(), a.getRaidDisks());
        }
        long hour = Math.floorDiv(a.getWindowStart().toEpochMilli(), HOUR_MS) * HOUR_MS;
        long d = Math.floorDiv(hour, DAY_MS);
        List<Alert> out = List.of();
        if (day == Long.MIN_VALUE) {
            day = d;
        } else if (d < day) {
            // a window of a day already closed (a host delivering its spool out of order): its day was judged without it
            return out;
        } else if (d > day) {
            out = closeDay(host, s);
            day = d;
        }
        if (util == null) {
            return out;
        }
        int h = (int) ((hour - d * DAY_MS) / HOUR_MS);
        utilSum[h] += util;
        readSum[h] += a.getRIops();
        writeSum[h] += a.getWIops();
        count[h]++;
        return out;
    }

    /** Closes the day being summed: keeps its peak hour and judges the trend at its end. */
    List<Alert> closeDay(String host, ForecastSettings s) {
        int hours = 0;
        int peak = -1;
        for (int h = 0; h < 24; h++) {
            if (count[h] == 0) {
                continue;
            }
            hours++;
            if (peak < 0 || PeakHours.beats(utilSum[h] / count[h], (readSum[h] + writeSum[h]) / count[h], utilSum[peak] / count[peak],
                    (readSum[peak] + writeSum[peak]) / count[peak])) {
                peak = h;
            }
        }
        if (hours >= PeakHours.MIN_HOURS_A_DAY) {
            peaks.add(new DayPeak(day * DAY_MS + peak * HOUR_MS, utilSum[peak] / count[peak], readSum[peak] / count[peak],
                    writeSum[peak] / count[peak]));
        }
        Arrays.fill(utilSum, 0);
        Arrays.fill(readSum, 0);
        Arrays.fill(writeSum, 0);
        Arrays.fill(count, 0);
        long end = (day + 1) * DAY_MS;
        peaks.removeIf(p -> p.hourMs < end - s.historyDays() * DAY_MS);
        return judge(host, s, end);
    }

    /** The episodes' changes with the trend of the kept peak hours at {@code end}. */
    List<Alert> judge(String host, ForecastSettings s, long end) {
        List<Alert> out = new ArrayList<>();
        Trend t = trend();
        for (Iterator<Episode> it = open.values().iterator(); it.hasNext(); ) {
            Episode e = it.next();
            if (!configured(e.threshold, s)) {
                out.add(resolved(host, e, end, "the threshold is no longer configured (capacity.forecast-util " + num(s.maxUtil()) + ")"));
                it.remove();
            }
        }
        if (t == null && open.isEmpty()) {
            return out;
        }
        for (double threshold : s.thresholds()) {
            Crossing c = t == null ? null : crossing(t, threshold, end);
            boolean near = c != null && c.atMs - end <= s.warn().toMillis();
            Episode e = open.get(threshold);
            if (e == null) {
                if (near) {
                    e = new Episode(threshold, end);
                    predict(e, c);
                    open.put(threshold, e);
                    out.add(firing(host, e, t, c, end, s));
                }
            } else if (t == null) {
                open.remove(threshold);
                out.add(resolved(host, e, end, String.format(Locale.ROOT, "too few days with a peak hour for a trend any more (%d of the"
                        + " last %d, %d needed)", peaks.size(), s.historyDays(), PeakHours.MIN_DAYS)));
            } else if (c == null || c.atMs - end > RESOLVE_BEYOND * s.warn().toMillis()) {
                open.remove(threshold);
                String why = c == null
                        ? String.format(Locale.ROOT, "no rising trend any more: the peak hour of %d days changes %+.2f points of %s a"
                                + " day (±%.2f), %.1f%% now", t.n(), t.slope(), noun(), t.t95() * t.slopeSe(), t.at(end / (double) DAY_MS))
                        : "now reaches it around " + date(c.atMs) + " (in " + Alerts.duration(c.atMs - end) + "), beyond "
                                + num(RESOLVE_BEYOND) + " x " + Alerts.duration(s.warn().toMillis());
                out.add(resolved(host, e, end, why));
            } else {
                predict(e, c);
            }
        }
        return out;
    }

    /** Closes every open episode (the array or its host is gone): RESOLVED with the reason, at {@code at}. */
    List<Alert> expire(String host, long at, String reason) {
        List<Alert> out = new ArrayList<>();
        for (Episode e : open.values()) {
            out.add(resolved(host, e, Math.max(at, e.startMs), reason));
        }
        open.clear();
        return out;
    }

    private static boolean configured(double threshold, ForecastSettings s) {
        for (double t : s.thresholds()) {
            if (t == threshold) {
                return true;
            }
        }
        return false;
    }

    /** The line through the kept peak hours; null with fewer than {@value PeakHours#MIN_DAYS}. */
    Trend trend() {
        if (peaks.size() < PeakHours.MIN_DAYS) {
            return null;
        }
        double[] x = new double[peaks.size()];
        double[] y = new double[peaks.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = peaks.get(i).x();
            y[i] = peaks.get(i).util();
        }
        return Trend.fit(x, y);
    }

    /**
     * Where {@code t} reaches {@code threshold}: already (its level at {@code end} is there), a date
     * with the dates of the slope's 95% interval, or null without a rising trend. Plan's forecast
     * answers the same way.
     */
    static Crossing crossing(Trend t, double threshold, long end) {
        double endDays = end / (double) DAY_MS;
        if (t.at(endDays) >= threshold) {
            return new Crossing(end, end, end, true);
        }
        if (!t.rising()) {
            return null;
        }
        return new Crossing(ms(t.reaches(threshold, t.slope())), Math.max(end, ms(t.reaches(threshold, t.slopeHigh()))),
                ms(t.reaches(threshold, t.slopeLow())), false);
    }

    private static long ms(double days) {
        return Double.isInfinite(days) ? Long.MAX_VALUE : Math.round(days * DAY_MS);
    }

    private static void predict(Episode e, Crossing c) {
        e.crossingMs = c.atMs;
        e.earliestMs = c.earliestMs;
        e.latestMs = c.latestMs;
    }

    private Alert firing(String host, Episode e, Trend t, Crossing c, long end, ForecastSettings s) {
        DayPeak last = peaks.get(peaks.size() - 1);
        double level = t.at(end / (double) DAY_MS);
        String growth = String.format(Locale.ROOT, "%+.2f points a day (±%.2f) over the peak hours of %d days", t.slope(),
                t.t95() * t.slopeSe(), t.n());
        String summary = c.already
                ? String.format(Locale.ROOT, "%s %s's peak hour is at %.1f%%%s, at or above %s%% (trend %s)", host, named(), level, unit(),
                        num(e.threshold), growth)
                : String.format(Locale.ROOT, "%s %s reaches %s%%%s in its peak hour around %s (in %s; 95%%: %s to %s) at %s;"
                        + " peak hour now %.1f%%", host, named(), num(e.threshold), unit(), date(c.atMs), Alerts.duration(c.atMs - end),
                        date(c.earliestMs), c.latestMs == Long.MAX_VALUE ? "never" : date(c.latestMs), growth, level);
        List<String> evidence = List.of(
                String.format(Locale.ROOT, "peak-hour %s %.1f%% now (the fit at %s), last day's peak hour %.1f%% at %s",
                        noun(), level, date(end), last.util(), Instant.ofEpochMilli(last.hourMs())),
                "growth " + growth,
                c.already ? "at or above " + num(e.threshold) + "% already"
                        : "crossing in " + Alerts.duration(c.atMs - end) + " <= capacity.forecast-warn " + Alerts.duration(s.warn().toMillis()));
        Map<String, String> details = new LinkedHashMap<>();
        details.put("threshold_pct", num(e.threshold));
        details.put("crossing", instant(c.atMs));
        details.put("earliest", instant(c.earliestMs));
        details.put("latest", c.latestMs == Long.MAX_VALUE ? "never" : instant(c.latestMs));
        details.put("in_days", String.format(Locale.ROOT, "%.1f", (c.atMs - end) / (double) DAY_MS));
        details.put("already", Boolean.toString(c.already));
        details.put("per_day", String.format(Locale.ROOT, "%.3f", t.slope()));
        details.put("per_day_95", String.format(Locale.ROOT, "%.3f", t.t95() * t.slopeSe()));
        details.put("peak_util_pct", String.format(Locale.ROOT, "%.1f", level));
        details.put("days", Integer.toString(t.n()));
        details.put("r_iops", String.format(Locale.ROOT, "%.1f", last.reads()));
        details.put("w_iops", String.format(Locale.ROOT, "%.1f", last.writes()));
        details.put("warn_days", num(s.warn().toMillis() / (double) DAY_MS));
        details.put("kinds", AlertKind.CAPACITY_FORECAST.name());
        return alert(host, e, AlertState.FIRING, end, summary)
                .setPeakUtil(last.util())
                .setMeanUtil(peaks.stream().mapToDouble(DayPeak::util).average().orElse(0))
                .setEvidence(evidence)
                .setDetails(details)
                .build();
    }

    private Alert resolved(String host, Episode e, long at, String reason) {
        String summary = host + " " + named() + " no longer forecast to reach " + num(e.threshold) + "%" + unit() + " soon: " + reason;
        Map<String, String> details = new LinkedHashMap<>();
        details.put("threshold_pct", num(e.threshold));
        details.put("crossing", instant(e.crossingMs));
        details.put("duration_s", Long.toString(Math.max(0, at - e.startMs) / 1000));
        details.put("reason", reason);
        details.put("kinds", AlertKind.CAPACITY_FORECAST.name());
        return alert(host, e, AlertState.RESOLVED, at, summary)
                .setEvidence(List.of(reason))
                .setDetails(details)
                .build();
    }

    private Alert.Builder alert(String host, Episode e, AlertState state, long eventMs, String summary) {
        return Alerts.alert(host, array, kind, AlertKind.CAPACITY_FORECAST, state, Severity.INFO, e.startMs, eventMs, summary)
                .setAlertId(id(host, array, e.threshold, e.startMs));
    }

    /** host/array/CAPACITY_FORECAST/THRESHOLD/start: one episode per threshold. */
    static String id(String host, String array, double threshold, long startMs) {
        return Alerts.key(host, array, AlertKind.CAPACITY_FORECAST) + "/" + num(threshold) + "/" + startMs;
    }

    /** The UTC date nearest to {@code ms}: "around" a crossing. */
    private static String date(long ms) {
        return Instant.ofEpochMilli(ms + DAY_MS / 2).truncatedTo(ChronoUnit.DAYS).toString().substring(0, 10);
    }

    private static String instant(long ms) {
        return Instant.ofEpochMilli(ms).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    ArrayForecastState toRecord() {
        List<HourSumsState> hours = new ArrayList<>();
        for (int h = 0; h < 24; h++) {
            if (count[h] > 0) {
                hours.add(new HourSumsState(h, utilSum[h], readSum[h], writeSum[h], count[h]));
            }
        }
        List<DayPeakState> days = peaks.stream().map(p -> new DayPeakState(p.hourMs, p.util, p.reads, p.writes)).toList();
        List<ForecastEpisodeState> episodes = open.values().stream()
                .map(e -> new ForecastEpisodeState(e.threshold, e.startMs, e.crossingMs, e.earliestMs, e.latestMs)).toList();
        return new ArrayForecastState(array, day, hours, days, episodes, kind, described);
    }

    static ArrayForecast fromRecord(ArrayForecastState r) {
        ArrayForecast f = new ArrayForecast(r.getArray(), r.getSubjectKind() == null ? SubjectKind.ARRAY : r.getSubjectKind());
        f.described = r.getDescribed();
        f.day = r.getDay();
        for (HourSumsState h : r.getHours()) {
            f.utilSum[h.getHour()] = h.getUtilSum();
            f.readSum[h.getHour()] = h.getReadSum();
            f.writeSum[h.getHour()] = h.getWriteSum();
            f.count[h.getHour()] = h.getCount();
        }
        r.getPeaks().forEach(p -> f.peaks.add(new DayPeak(p.getHourMs(), p.getUtil(), p.getReads(), p.getWrites())));
        for (ForecastEpisodeState s : r.getOpen()) {
            Episode e = new Episode(s.getThreshold(), s.getStartMs());
            e.crossingMs = s.getCrossingMs();
            e.earliestMs = s.getEarliestMs();
            e.latestMs = s.getLatestMs();
            f.open.put(e.threshold, e);
        }
        return f;
    }
}
