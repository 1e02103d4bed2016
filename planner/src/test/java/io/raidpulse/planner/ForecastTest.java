package io.raidpulse.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.BuiltInCatalog;
import io.raidpulse.topics.saturation.SaturationThresholds;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ForecastTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final DiskProfile D = BuiltInCatalog.diskProfile("published-d-16tb-hdd");
    private static final RaidLayout RAID5 = RaidLayout.of(RaidLevel.RAID5, 4).withChunk(512 * 1024L);
    private static final RaidLayout RAID10 = RaidLayout.of(RaidLevel.RAID10, 4);
    private static final ArrayShape SHAPE = new ArrayShape("raid5", "left-symmetric", 4, 512 * 1024L, "ST16000NM001G", true,
            16_000_000_000_000L, null);
    private static final double DAY = 86_400_000.0;

    /**
     * {@code days} of hourly windows of a RAID5 at 400 r/s + 200 w/s of 8 KiB per 60% member util;
     * the busiest hour (14:00) at {@code peak0 + perDay x day} percent, every other hour at half that;
     * each hour's load off by up to {@code noise} (a fraction, seeded).
     */
    static ArrayHistory growing(int days, double peak0, double perDay, double noise) {
        Random random = new Random(18);
        List<ArrayHistory.Window> windows = new ArrayList<>();
        for (int d = 0; d < days; d++) {
            for (int hour = 0; hour < 24; hour++) {
                double util = (peak0 + perDay * d) * (hour == 14 ? 1 : 0.5) * (1 + noise * (2 * random.nextDouble() - 1));
                double load = util / 60;
                windows.add(new ArrayHistory.Window(T0.plus(Duration.ofHours(24L * d + hour)), 400 * load, 200 * load, 400 * load * 8,
                        200 * load * 8, util, util * 1.03, 2.0, 5.0));
            }
        }
        return new ArrayHistory("db1", "md0", T0, T0.plus(Duration.ofDays(days)), 3600, SHAPE, null, Map.of(), windows);
    }

    private static PlanReport plan(ArrayHistory h) {
        return Planner.plan(h, RAID5, List.of(RAID10), D, "test", 70, ZoneOffset.UTC, SaturationThresholds.DEFAULTS);
    }

    private static double dayOf(Instant t) {
        return (t.toEpochMilli() - T0.toEpochMilli()) / DAY;
    }

    @Test
    void aGrowingPeakHourReachesTheThresholdsWhereItsLineDoes() {
        // 40% + 0.25 points a day at 14:00: 70% on day 120, 100% on day 240; 60 days of history, 3% noise
        PlanReport r = plan(growing(60, 40, 0.25, 0.03));
        PlanReport.Forecast f = r.forecast();
        assertThat(f.status()).isEqualTo("trend");
        assertThat(f.days()).isEqualTo(60);
        assertThat(f.lowerBound()).isFalse();
        assertThat(f.peaks()).allSatisfy(p -> assertThat(p.hour().atZone(ZoneOffset.UTC).getHour()).isEqualTo(14));
        // the load's line: 400 r/s per 60% at 14:00, so 400 x 0.25 / 60 reads/s more a day
        assertThat(f.load().get("r_iops").perDay()).isCloseTo(400 * 0.25 / 60, within(0.15));
        assertThat(f.load().get("w_iops").perDay()).isCloseTo(200 * 0.25 / 60, within(0.08));
        // the mix does not change: two reads per write of 8 kB each
        assertThat(f.load().get("read_fraction").atEnd()).isCloseTo(2 / 3.0, within(1e-9));
        assertThat(f.load().get("read_fraction").perDay()).isCloseTo(0, within(1e-9));
        assertThat(f.load().get("mean_request_kB").atEnd()).isCloseTo(8, within(1e-9));
        assertThat(f.load().get("mean_request_kB").perDay()).isCloseTo(0, within(1e-9));

        PlanReport.LayoutForecast now = f.layouts().get(0);
        assertThat(now.current()).isTrue();
        assertThat(now.perDay()).isCloseTo(0.25, within(0.02));
        assertThat(now.perDaySe()).isPositive().isLessThan(0.02);
        PlanReport.Crossing comfortable = now.at(70);
        assertThat(dayOf(comfortable.date())).isCloseTo(120, within(6.0));
        assertThat(dayOf(comfortable.earliest())).isLessThan(dayOf(comfortable.date()));
        assertThat(dayOf(comfortable.latest())).isGreaterThan(dayOf(comfortable.date()));
        assertThat(120.0).as("the truth inside the interval").isBetween(dayOf(comfortable.earliest()), dayOf(comfortable.latest()));
        assertThat(dayOf(now.at(100).date())).isCloseTo(240, within(12.0));

        // RAID10 on the same disks: the same line times the model's cost ratio for this mix
        double ratio = new RaidModel(RAID10, D).projectedUtilisation(400, 200, 8192, 8192)
                / new RaidModel(RAID5, D).projectedUtilisation(400, 200, 8192, 8192);
        assertThat(ratio).isLessThan(1);
        PlanReport.LayoutForecast raid10 = f.layouts().get(1);
        assertThat(raid10.key()).isEqualTo("raid10-near2-4");
        assertThat(raid10.perDay()).isCloseTo(0.25 * ratio, within(0.02));
        assertThat(dayOf(raid10.at(70).date())).isCloseTo((70 / ratio - 40) / 0.25, within(8.0));
    }

    @Test
    void aFlatLoadHasNoTrendAndNoDates() {
        PlanReport.Forecast f = plan(growing(45, 50, 0, 0.05)).forecast();
        assertThat(f.status()).isEqualTo("no_trend");
        assertThat(f.reason()).startsWith("no trend: the peak hour of 45 days changes ").endsWith("not significantly above zero");
        assertThat(f.layouts()).allSatisfy(l -> assertThat(l.crossings()).allSatisfy(c -> {
            assertThat(c.date()).isNull();
            assertThat(c.already()).isFalse();
        }));
    }

    @Test
    void underTwoWeeksIsTooShortForATrend() {
        PlanReport.Forecast f = plan(growing(13, 40, 1, 0)).forecast();
        assertThat(f.status()).isEqualTo("too_short");
        assertThat(f.reason()).isEqualTo("too short a history for a trend: 13 days with a peak hour (a day needs windows in 12 of its hours),"
                + " 14 needed");
        assertThat(f.layouts()).isEmpty();
        assertThat(plan(growing(14, 40, 1, 0)).forecast().status()).isEqualTo("trend");
    }

    @Test
    void aThresholdTheLineHasPassedIsAlreadyReached() {
        // 60% + 0.5 a day over 30 days: 75% at the end, over 70%, under 100% (on day 80)
        PlanReport.LayoutForecast now = plan(growing(30, 60, 0.5, 0)).forecast().layouts().get(0);
        assertThat(now.at(70).already()).isTrue();
        assertThat(now.at(70).date()).isNull();
        assertThat(now.at(100).already()).isFalse();
        // the peak hour is 14:00-15:00: its middle is day d + 14.5 / 24
        assertThat(dayOf(now.at(100).date())).isCloseTo(80 + 14.5 / 24, within(0.01));
    }

    @Test
    void peakHoursInSaturatedWindowsMakeTheForecastALowerBound() {
        // the last days' 14:00 at 96% and more, the busiest member at 99%: saturated by the default 95%
        PlanReport.Forecast f = plan(growing(40, 80, 0.5, 0)).forecast();
        assertThat(f.lowerBound()).isTrue();
        assertThat(f.peaks().get(0).saturated()).isFalse();
        assertThat(f.peaks().get(39).saturated()).isTrue();
        assertThat(plan(growing(40, 40, 0.5, 0)).forecast().lowerBound()).isFalse();
    }

    @Test
    void textHtmlAndJsonSayWhenAndWhatEachAlternativeBuys() throws Exception {
        PlanReport r = plan(growing(60, 40, 0.25, 0.03));
        String text = PlanText.render(r);
        assertThat(text).contains("forecast: the peak hour of 60 days grows 0.2")
                .contains("; a line through each day's busiest hour, dates with the slope's 95% interval");
        PlanReport.LayoutForecast now = r.forecast().layouts().get(0);
        PlanReport.LayoutForecast raid10 = r.forecast().layouts().get(1);
        assertThat(line(text, "* RAID5 on its 4 disks (now)", 1)).contains(PlanText.date(now.at(70).date(), ZoneOffset.UTC) + " ("
                + PlanText.date(now.at(70).earliest(), ZoneOffset.UTC) + " to " + PlanText.date(now.at(70).latest(), ZoneOffset.UTC) + ")");
        double bought = (raid10.at(70).date().toEpochMilli() - now.at(70).date().toEpochMilli()) / DAY / (365.25 / 12);
        assertThat(bought).isGreaterThan(1.5);
        assertThat(text).contains("  RAID10 near-2 on the same 4 disks buys " + Math.round(bought) + " months at this growth");
        assertThat(text).doesNotContain("a lower bound");

        String html = PlanHtml.render(r);
        assertThat(html).contains("<h2>When will it saturate?</h2>").contains("RAID10 near-2 on the same 4 disks buys " + Math.round(bought)
                + " months at this growth").contains("comfortable 70%").contains("stroke-dasharray=\"6,4\"");
        assertThat(html.split("<svg", -1)).as("four charts").hasSize(5);
        assertThat(html.split("<circle", -1)).as("a point per day").hasSize(61);

        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(PlanCommand.json(r));
        com.fasterxml.jackson.databind.JsonNode f = json.get("forecast");
        assertThat(f.get("status").asText()).isEqualTo("trend");
        assertThat(f.get("layouts").get(0).get("crossings").get(0).get("threshold").asDouble()).isEqualTo(70);
        assertThat(f.get("layouts").get(0).get("crossings").get(0).get("date").asText()).isEqualTo(now.at(70).date().toString());
        assertThat(f.get("load").get("r_iops").get("per_day").asDouble()).isPositive();
        assertThat(f.get("peaks")).hasSize(60);

        PlanReport saturated = plan(growing(40, 80, 0.5, 0));
        assertThat(PlanText.render(saturated)).contains("* RAID5 on its 4 disks (now)").contains("already")
                .contains("(a lower bound: md0 was saturated in some of the peak hours and served less than was asked, so the growth may be"
                        + " steeper and the dates sooner)");
        assertThat(PlanHtml.render(saturated)).contains("A lower bound: md0 was saturated in some of the peak hours");
        assertThat(PlanText.render(plan(growing(45, 50, 0, 0.05)))).contains("forecast: no trend: the peak hour of 45 days")
                .doesNotContain("reaches 70%");
    }

    @Test
    void theReadmesSampleIsWhatPlanPrints() throws Exception {
        String text = PlanText.render(plan(growing(60, 40, 0.25, 0.03)));
        String forecast = text.substring(text.indexOf("forecast: ")).strip();
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("README.md"));
        assertThat(readme).as("the stream processor's README shows, in its plan section:%n%s", forecast).contains(forecast);
    }

    /** The {@code nth} line (from 0) that starts with {@code start}. */
    private static String line(String text, String start, int nth) {
        List<String> lines = text.lines().filter(l -> l.startsWith(start)).toList();
        assertThat(lines).as(text).hasSizeGreaterThan(nth);
        return lines.get(nth);
    }
}
