package io.raidpulse.planner;

import io.raidpulse.model.forecast.PeakHours;
import io.raidpulse.model.forecast.Trend;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * When the array's busiest hour of the day reaches the comfortable util and capacity, at the
 * growth its history shows: per day the peak hour (the clock hour with the highest mean measured
 * member util), a least-squares line through the days' peak-hour member util on each layout
 * (Trend), and where that line crosses {@code maxUtil} and 100%, with the dates the slope's 95%
 * interval gives.
 *
 * <p>A layout's util in a window is plan's projection (the measured util times the model's cost
 * ratio), which is proportional to that window's load for its mix: a line through it is a line
 * through the load, in the units that saturate. Linear, not log-linear: over the months of
 * hourly aggregates kept, a compounding growth of a few percent a month is indistinguishable from
 * a line, and a line is what the slope's standard error is honest for; a faster compounding
 * reaches the thresholds sooner than said. The daily busiest hour is what the p99 of hourly
 * windows tracks (1% of a month's hours are the peak hours of its busiest days).
 */
final class Forecast {
    static final int MIN_DAYS = PeakHours.MIN_DAYS;
    static final int MIN_HOURS_A_DAY = PeakHours.MIN_HOURS_A_DAY;
    static final String TREND = "trend";
    static final String NO_TREND = "no_trend";
    static final String TOO_SHORT = "too_short";
    private static final double MS_PER_DAY = 86_400_000.0;

    private Forecast() {
    }

    /**
     * @param keys        layout keys, the current layout first
     * @param descriptions the layouts as plan names them
     * @param projected   per layout, each window's member %util (the current layout: measured)
     * @param saturated   whether the array was saturated in each window
     */
    static PlanReport.Forecast of(ArrayHistory h, List<String> keys, List<String> descriptions, double[][] projected, boolean[] saturated,
                                  double maxUtil, ZoneId zone) {
        // per day, per clock hour: sums of the windows in it
        TreeMap<LocalDate, Map<Integer, Hour>> days = new TreeMap<>();
        for (int w = 0; w < h.windows().size(); w++) {
            ArrayHistory.Window win = h.windows().get(w);
            ZonedDateTime at = win.start().atZone(zone);
            Hour hour = days.computeIfAbsent(at.toLocalDate(), d -> new TreeMap<>())
                    .computeIfAbsent(at.getHour(), x -> new Hour(at.truncatedTo(ChronoUnit.HOURS).toInstant(), keys.size()));
            hour.add(win, projected, w, saturated[w]);
        }
        List<PlanReport.DayPeak> peaks = new ArrayList<>();
        for (Map<Integer, Hour> hours : days.values()) {
            if (hours.size() < MIN_HOURS_A_DAY) {
                continue;
            }
            Hour peak = null;
            for (Hour x : hours.values()) {
                if (peak == null || PeakHours.beats(x.util(0), x.iops(), peak.util(0), peak.iops())) {
                    peak = x;
                }
            }
            Map<String, Double> util = new LinkedHashMap<>();
            for (int l = 0; l < keys.size(); l++) {
                util.put(keys.get(l), peak.util(l));
            }
            double ios = peak.reads + peak.writes;
            peaks.add(new PlanReport.DayPeak(peak.start, peak.reads / peak.count, peak.writes / peak.count,
                    ios > 0 ? (peak.readKB + peak.writeKB) / ios : 0, util, peak.saturated));
        }
        boolean lowerBound = peaks.stream().anyMatch(PlanReport.DayPeak::saturated);
        if (peaks.size() < MIN_DAYS) {
            return new PlanReport.Forecast(TOO_SHORT, String.format(java.util.Locale.ROOT,
                    "too short a history for a trend: %d days with a peak hour (a day needs windows in %d of its hours), %d needed",
                    peaks.size(), MIN_HOURS_A_DAY, MIN_DAYS), peaks.size(), MIN_DAYS, lowerBound, Map.of(), List.of(), peaks);
        }

        double end = days(h.until());
        double[] x = new double[peaks.size()];
        for (int i = 0; i < x.length; i++) {
            // the middle of the peak hour
            x[i] = days(peaks.get(i).hour()) + 1 / 48.0;
        }
        Map<String, PlanReport.LoadTrend> load = new LinkedHashMap<>();
        load.put("r_iops", loadTrend(Trend.fit(x, peaks.stream().mapToDouble(PlanReport.DayPeak::readsPerSec).toArray()), end));
        load.put("w_iops", loadTrend(Trend.fit(x, peaks.stream().mapToDouble(PlanReport.DayPeak::writesPerSec).toArray()), end));
        load.put("read_fraction", loadTrend(Trend.fit(x, peaks.stream().mapToDouble(p -> p.readsPerSec() + p.writesPerSec() > 0
                ? p.readsPerSec() / (p.readsPerSec() + p.writesPerSec()) : 0).toArray()), end));
        load.put("mean_request_kB", loadTrend(Trend.fit(x, peaks.stream().mapToDouble(PlanReport.DayPeak::requestKB).toArray()), end));

        List<PlanReport.LayoutForecast> layouts = new ArrayList<>();
        for (int l = 0; l < keys.size(); l++) {
            String key = keys.get(l);
            Trend t = Trend.fit(x, peaks.stream().mapToDouble(p -> p.util().get(key)).toArray());
            List<PlanReport.Crossing> crossings = new ArrayList<>();
            for (double threshold : maxUtil < 100 ? new double[] {maxUtil, 100} : new double[] {100}) {
                crossings.add(crossing(t, threshold, end));
            }
            layouts.add(new PlanReport.LayoutForecast(key, descriptions.get(l), l == 0, t.rising(), t.at(end), t.slope(), t.slopeSe(),
                    crossings));
        }
        boolean rising = layouts.get(0).rising();
        String reason = rising ? String.format(java.util.Locale.ROOT, "the peak hour of %d days grows %.2f points of member util a day (±%.2f)",
                peaks.size(), layouts.get(0).perDay(), layouts.get(0).perDaySe())
                : String.format(java.util.Locale.ROOT, "no trend: the peak hour of %d days changes %+.2f points of member util a day (±%.2f),"
                        + " not significantly above zero", peaks.size(), layouts.get(0).perDay(), layouts.get(0).perDaySe());
        return new PlanReport.Forecast(rising ? TREND : NO_TREND, reason, peaks.size(), MIN_DAYS, lowerBound, load, layouts, peaks);
    }

    private static PlanReport.LoadTrend loadTrend(Trend t, double end) {
        return new PlanReport.LoadTrend(t.at(end), t.slope(), t.slopeSe());
    }

    /** Where the line reaches {@code threshold}: already (at the history's end), a date with its interval, or none without a rise. */
    static PlanReport.Crossing crossing(Trend t, double threshold, double end) {
        if (t.at(end) >= threshold) {
            return new PlanReport.Crossing(threshold, true, null, null, null);
        }
        if (!t.rising()) {
            return new PlanReport.Crossing(threshold, false, null, null, null);
        }
        return new PlanReport.Crossing(threshold, false, instant(t.reaches(threshold, t.slope())),
                instant(Math.max(end, t.reaches(threshold, t.slopeHigh()))), instant(t.reaches(threshold, t.slopeLow())));
    }

    static double days(Instant t) {
        return t.toEpochMilli() / MS_PER_DAY;
    }

    static Instant instant(double days) {
        return Instant.ofEpochMilli(Math.round(days * MS_PER_DAY)).truncatedTo(ChronoUnit.SECONDS);
    }

    /** One clock hour's windows, summed. */
    private static final class Hour {
        final Instant start;
        final double[] util;
        double reads;
        double writes;
        /** kB per second read and written, summed like reads and writes */
        double readKB;
        double writeKB;
        int count;
        boolean saturated;

        Hour(Instant start, int layouts) {
            this.start = start;
            this.util = new double[layouts];
        }

        void add(ArrayHistory.Window w, double[][] projected, int index, boolean sat) {
            for (int l = 0; l < util.length; l++) {
                util[l] += projected[l][index];
            }
            reads += w.readsPerSec();
            writes += w.writesPerSec();
            readKB += w.readKBs();
            writeKB += w.writeKBs();
            count++;
            saturated |= sat;
        }

        double util(int layout) {
            return util[layout] / count;
        }

        double iops() {
            return (reads + writes) / count;
        }
    }
}
