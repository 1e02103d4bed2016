package io.raidpulse.stream.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CAPACITY_FORECAST through the real topology: hourly samples of a RAID5 of four disks whose
 * busiest hour of the day (14:00-15:00 UTC) grows by a known line, the other hours at half of it,
 * aggregated into the default 1-hour windows; forecast-warn 30 days, comfortable util 70%.
 */
class ForecastDetectorTest {
    private static final long DAY = 86_400_000;
    private static final long HOUR = 3_600_000;
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final int PEAK_HOUR = 14;

    private final TopologyFixture topology = new TopologyFixture(Map.of("aggregate.grace", "10s"));
    // a sample at the end of each hour, stamped inside the hour it covers: it falls into that hour's window
    private final HostFeed db1 = new HostFeed("db1", T0 + HOUR - 1_000, HOUR);
    private final List<Alert> alerts = new ArrayList<>();
    private final List<Alert> incidents = new ArrayList<>();

    @AfterEach
    void close() {
        topology.close();
    }

    /** {@code days} days of hourly samples, the peak hour's member util given by {@code peak} of x, days since T0 (the hour's middle). */
    private void days(int days, DoubleUnaryOperator peak) {
        for (int i = 0; i < days * 24; i++) {
            long hourStart = db1.time() / HOUR * HOUR;
            double x = (hourStart + HOUR / 2.0 - T0) / DAY;
            double util = Math.min(100, peak.applyAsDouble(x));
            boolean isPeak = (hourStart % DAY) / HOUR == PEAK_HOUR;
            double u = isPeak ? util : util / 2;
            topology.send(db1.next(raid5(u), List.of(Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").chunk(512 * 1024))));
        }
        alerts.addAll(topology.alerts());
        incidents.addAll(topology.incidents());
    }

    private static List<Dev> raid5(double util) {
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(4 * util, 2 * util).kBs(32 * util, 16 * util));
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, util).iops(1.5 * util, util).kBs(12 * util, 8 * util));
        }
        return devices;
    }

    private List<Alert> forecasts() {
        return alerts.stream().filter(a -> a.getKind() == AlertKind.CAPACITY_FORECAST).toList();
    }

    private static Instant day(double d) {
        return Instant.ofEpochMilli(T0 + Math.round(d * DAY));
    }

    @Test
    void aGrowingPeakHourFiresWhenItsCrossingIsWithinTheWarningAndResolvesWhenTheGrowthStops() {
        // peak-hour member util 30% + 0.5 points a day: 70% on day 80, 100% on day 140
        DoubleUnaryOperator growing = x -> 30 + 0.5 * x;
        days(49, growing);
        assertThat(forecasts()).as("the crossing 31 days or more away").isEmpty();
        days(2, growing);
        // day 49 closes when day 50's first window arrives: the crossing is then 30 days away
        assertThat(forecasts()).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSeverity()).isEqualTo(Severity.INFO);
            assertThat(a.getSubject()).isEqualTo("md0");
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.ARRAY);
            assertThat(a.getStartTime()).isEqualTo(day(50));
            assertThat(a.getEventTime()).isEqualTo(day(50));
            assertThat(a.getAlertId()).isEqualTo("db1/md0/CAPACITY_FORECAST/70/" + day(50).toEpochMilli());
            assertThat(a.getDetails()).containsEntry("threshold_pct", "70").containsEntry("already", "false")
                    .containsEntry("days", "30").containsEntry("kinds", "CAPACITY_FORECAST");
            // a line fitted to points on a line: the truth
            assertThat(Instant.parse(a.getDetails().get("crossing"))).isBetween(day(80).minusSeconds(60), day(80).plusSeconds(60));
            assertThat(Double.parseDouble(a.getDetails().get("in_days"))).isCloseTo(30, within(0.01));
            assertThat(Double.parseDouble(a.getDetails().get("per_day"))).isCloseTo(0.5, within(1e-6));
            assertThat(Double.parseDouble(a.getDetails().get("peak_util_pct"))).isCloseTo(55, within(0.1));
            assertThat(a.getSummary()).startsWith("db1 md0 reaches 70% member util in its peak hour around 2026-03-22 (in 30 d;");
            assertThat(a.getPeakUtil()).as("the last day's peak hour").isCloseTo(30 + 0.5 * (49 + 14.5 / 24), within(1e-6));
        });
        assertThat(incidents).as("a forecast is its own incident, passed on as it is").containsExactlyElementsOf(forecasts());

        // the growth stops: within days the trend over 30 days no longer rises significantly, and the episode closes
        double flat = growing.applyAsDouble(51);
        days(30, x -> flat);
        List<Alert> f = forecasts();
        assertThat(f).hasSize(2);
        Alert resolved = f.get(1);
        assertThat(resolved.getState()).isEqualTo(AlertState.RESOLVED);
        assertThat(resolved.getAlertId()).isEqualTo(f.get(0).getAlertId());
        assertThat(resolved.getSummary()).startsWith("db1 md0 no longer forecast to reach 70% member util soon: ");
        assertThat(resolved.getDetails().get("reason")).satisfiesAnyOf(
                r -> assertThat(r).startsWith("no rising trend any more"),
                r -> assertThat(r).contains("beyond 1.5 x 30 d"));
        assertThat(incidents).containsExactlyElementsOf(forecasts());
    }

    @Test
    void aPeakHourAlreadyAboveTheComfortableUtilFiresAtOnceOnceATrendIsKnown() {
        days(15, x -> 75 + 0.01 * Math.sin(x));
        assertThat(forecasts()).singleElement().satisfies(a -> {
            assertThat(a.getDetails()).containsEntry("already", "true").containsEntry("threshold_pct", "70");
            assertThat(a.getSummary()).contains("peak hour is at 75.0% member util, at or above 70%");
            assertThat(a.getEventTime()).as("the 14th day with a peak hour closed").isEqualTo(day(14));
        });
    }

    @Test
    void aFlatLoadNeverFires() {
        days(40, x -> 50 + (((long) x) % 7 == 5 ? 8 : 0));
        assertThat(forecasts()).isEmpty();
    }

    @Test
    void anArrayGoneForADayClosesItsForecast() {
        HostForecasts h = new HostForecasts();
        ForecastSettings s = ForecastSettings.from(Settings.of(Map.of("capacity.forecast-warn", "300d")), AggregateSettings.DEFAULTS);
        List<Alert> out = new ArrayList<>();
        for (int hour = 0; hour < 20 * 24; hour++) {
            out.addAll(h.observe(window("md0", hour, 20 + hour / 24.0), s));
            out.addAll(h.observe(window("md1", hour, 20 + hour / 24.0), s));
        }
        assertThat(out).extracting(Alert::getSubject).containsOnly("md0", "md1");
        assertThat(out).extracting(Alert::getState).containsOnly(AlertState.FIRING);
        for (int hour = 20 * 24; hour < 22 * 24 + 1; hour++) {
            out.addAll(h.observe(window("md0", hour, 20 + hour / 24.0), s));
        }
        List<Alert> md1 = out.stream().filter(a -> a.getSubject().equals("md1") && a.getState() == AlertState.RESOLVED).toList();
        assertThat(md1).as("md1's two thresholds").hasSize(2)
                .allSatisfy(a -> assertThat(a.getSummary()).endsWith("md1 no longer reported by db1 (no window on 2026-01-21)"));
        assertThat(h.arrays).containsOnlyKeys("md0");
    }

    private static io.raidpulse.schema.Aggregate window(String array, int hour, double util) {
        Instant start = Instant.ofEpochMilli(T0 + hour * HOUR);
        return io.raidpulse.schema.Aggregate.newBuilder().setHost("db1").setSubject(array).setSubjectKind(SubjectKind.ARRAY).setWindowS(3600)
                .setWindowStart(start).setWindowEnd(start.plusMillis(HOUR)).setSamples(1).setUtilMean(util).setUtilMax(util)
                .setMemberUtilMean(util).setAwaitMeanMs(5.0).setAwaitP95Ms(9.0).setAquSzMean(1.0).setRIops(10).setWIops(5)
                .setRkBS(80).setWkBS(40).setReadFraction(2 / 3.0).setMeanRequestKB(8.0).setProjections(Map.of()).build();
    }

    /**
     * {@code days} days of hourly samples of sda, a declared RAID5 of four behind a PERC H700 at 100% util all day,
     * its peak hour's reads given by {@code peak} as the share of its capacity (the 7200 rpm default's model) they
     * use, the other hours half of it; {@code level} null: not declared.
     */
    private void volumeDays(int days, DoubleUnaryOperator peak, String level) {
        HardwareVolume sda = HardwareVolume.newBuilder().setDevice("sda").setDriver("megaraid_sas").setDeclared(level != null).setLevel(level)
                .setDisks(level == null ? null : 4).setController("PERC H700").setCache("write-back-battery").build();
        double readsAtCapacity = 4 / DiskClass.HDD_7200.defaults().readSeconds(4096);
        for (int i = 0; i < days * 24; i++) {
            long hourStart = db1.time() / HOUR * HOUR;
            double x = (hourStart + HOUR / 2.0 - T0) / DAY;
            double share = Math.min(100, peak.applyAsDouble(x)) / 100;
            boolean isPeak = (hourStart % DAY) / HOUR == PEAK_HOUR;
            double r = readsAtCapacity * (isPeak ? share : share / 2);
            HostSample s = db1.next(Dev.disk("sda", 100).iops(r, 0).kBs(4 * r, 0).aqu(4));
            s.setHardwareVolumes(List.of(sda));
            topology.send(s);
        }
        alerts.addAll(topology.alerts());
    }

    /** The volume's %util is 100 all day and says nothing: its line is through the share of its capacity used. */
    @Test
    void aHardwareVolumeIsForecastOnTheShareOfItsCapacity() {
        DoubleUnaryOperator growing = x -> 30 + 0.5 * x;
        volumeDays(49, growing, "raid5");
        assertThat(forecasts()).isEmpty();
        volumeDays(2, growing, "raid5");
        assertThat(forecasts()).singleElement().satisfies(a -> {
            assertThat(a.getSubject()).isEqualTo("sda");
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(a.getStartTime()).isEqualTo(day(50));
            assertThat(a.getSummary()).startsWith("db1 hardware RAID5 volume sda (PERC H700, 4 disks) reaches 70% of its capacity in its"
                    + " peak hour around 2026-03-22 (in 30 d;");
            assertThat(a.getEvidence()).first().asString().startsWith("peak-hour capacity use 55.0% now");
            assertThat(Double.parseDouble(a.getDetails().get("per_day"))).isCloseTo(0.5, within(1e-6));
        });
    }

    @Test
    void aVolumeWithoutACapacityFigureHasNoForecast() {
        volumeDays(16, x -> 75, null);
        assertThat(forecasts()).isEmpty();
        HostForecasts kept = topology.storeValue(ForecastDetector.STORE, "db1");
        assertThat(kept == null ? Map.of() : kept.arrays).isEmpty();
    }

    @Test
    void theForecastNeedsAWindowThatDividesAnHour() {
        assertThat(ForecastSettings.from(Settings.of(Map.of()), AggregateSettings.DEFAULTS).windowMs()).isEqualTo(HOUR);
        AggregateSettings odd = AggregateSettings.from(Settings.of(Map.of("aggregate.windows", "7m,14m")));
        assertThatThrownBy(() -> ForecastSettings.from(Settings.of(Map.of()), odd)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("aggregate.windows has none (7m,14m)").hasMessageContaining("capacity.forecast-warn=0");
        assertThat(ForecastSettings.from(Settings.of(Map.of("capacity.forecast-warn", "0")), odd).enabled()).isFalse();
        AggregateSettings fine = AggregateSettings.from(Settings.of(Map.of("aggregate.windows", "1m,10m,2h")));
        assertThat(ForecastSettings.from(Settings.of(Map.of()), fine).windowMs()).as("the largest dividing an hour").isEqualTo(600_000);
        assertThatThrownBy(() -> ForecastSettings.from(Settings.of(Map.of("capacity.forecast-history", "10d")), AggregateSettings.DEFAULTS))
                .isInstanceOf(ConfigException.class).hasMessageContaining("capacity.forecast-history");
    }
}
