package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxQlResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code up}'s defaults (no benchmark imported) write as an array's capacity must agree with
 * its members' measured util (without a benchmark both describe the same members): in {@code agg_1m.raidpulse_array}, no window has
 * {@code capacity_util} above 1 while its busiest member's {@code util_mean} is below 90%, and where
 * no benchmark applies (the capacity source is the members' measurement or a disk-class default),
 * {@code capacity_util} is within 10 points of the busiest member's {@code util_mean}, except in
 * windows where the members carry I/O md does not count (a sync running, a member missing), which the
 * capacity of the application's load cannot show. A hardware RAID volume's windows ({@code array_kind}
 * hardware) have no members: over capacity only with requests waiting (aqu-sz 1 or more); the lab
 * holds their figures to the rates of a real controller's volume (RecordingPipelineIT).
 *
 * <p>Checked in {@link IncidentsIT}, whose runs of every shipped scenario write to a real influxd for
 * it, rather than in runs of its own.
 */
final class CapacityAgreement {
    /** Busiest member util (%) below which an array is not over capacity (CapacityComparison.OVER_CAPACITY_UTIL). */
    static final double OVER_CAPACITY_UTIL = 90;
    /** Points of 100 capacity_util may be from the busiest member's util without a benchmark. */
    static final double AGREEMENT_POINTS = 10;

    private CapacityAgreement() {
    }

    /** The 1-minute array windows of {@code host}, once their count has stopped changing (at most 60 s). */
    static List<InfluxQlResult.Row> settledWindows(InfluxConnection influx, String host) throws InterruptedException {
        String q = "SELECT * FROM \"agg_1m\".\"raidpulse_array\" WHERE host = '" + host + "'";
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        int last = -1;
        int stable = 0;
        InfluxQlResult r = influx.query(q);
        while (System.nanoTime() < deadline && (r.size() == 0 || stable < 4)) {
            Thread.sleep(500);
            r = influx.query(q);
            stable = r.size() == last ? stable + 1 : 0;
            last = r.size();
        }
        return r.rows();
    }

    /** One line per window, for the report and for a failure's message. */
    static String describe(InfluxQlResult.Row w) {
        return String.format(Locale.ROOT, "%s %s util_mean %.1f util_max %.1f member_util_mean %s capacity_util %s source %s contradicted %s",
                w.time(), w.tags().getOrDefault("array", w.text("array")), w.number("util_mean"), w.number("util_max"),
                w.number("member_util_mean"), w.number("capacity_util"), w.text("capacity_source"), w.text("capacity_contradicted"));
    }

    static void check(String scenario, List<InfluxQlResult.Row> windows) {
        assertThat(windows).as("%s: 1-minute array windows in InfluxDB", scenario).isNotEmpty();
        List<String> over = new ArrayList<>();
        List<String> apart = new ArrayList<>();
        int compared = 0;
        for (InfluxQlResult.Row w : windows) {
            Double capacity = w.number("capacity_util");
            double busiest = w.number("util_mean");
            assertThat(w.text("capacity_source")).as("%s: capacity_source of %s", scenario, describe(w))
                    .satisfiesAnyOf(s -> assertThat(s).isNull(), s -> assertThat(s).matches("(profile|model|measured|default):.+"));
            if (capacity == null) {
                continue;
            }
            if ("hardware".equals(w.text("array_kind"))) {
                // a hardware RAID volume has no member util to agree with: over capacity only with requests waiting
                if (capacity > 1 && w.number("aqu_sz_mean") < 1) {
                    over.add(describe(w));
                }
                continue;
            }
            if (capacity > 1 && busiest < OVER_CAPACITY_UTIL) {
                over.add(describe(w));
            }
            String source = w.text("capacity_source");
            boolean noBenchmark = source != null && (source.startsWith("measured:") || source.startsWith("default:"));
            boolean mdCountsAll = w.text("sync_action") == null && (w.number("degraded_max") == null || w.number("degraded_max") == 0);
            if (noBenchmark && mdCountsAll) {
                compared++;
                if (Math.abs(capacity * 100 - busiest) > AGREEMENT_POINTS) {
                    apart.add(describe(w));
                }
            }
        }
        assertThat(over).as("%s: windows over capacity while the busiest member is below %.0f%% util (a volume: with no request waiting)",
                scenario, OVER_CAPACITY_UTIL).isEmpty();
        assertThat(apart).as("%s: windows without a benchmark whose capacity_util is more than %.0f points from the busiest member's util",
                scenario, AGREEMENT_POINTS).isEmpty();
        assertThat(compared).as("%s: windows compared with the busiest member's util", scenario).isPositive();
    }
}
