package io.raidpulse.stream.forecast;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.StateFixtures;
import org.junit.jupiter.api.Test;

/** The forecast store's values: what a restart restores, and what an upgrade finds in the changelog. */
class ForecastStateFormatTest {

    /** An array part-way through a day with a peak history and an open episode, and one with its day just begun. */
    static HostForecasts host() {
        HostForecasts h = new HostForecasts();
        ArrayForecast md0 = new ArrayForecast("md0");
        md0.day = 19_700;
        for (int hour : new int[] {0, 9, 14}) {
            md0.utilSum[hour] = 40.0 + hour;
            md0.readSum[hour] = 1200.5 * hour;
            md0.writeSum[hour] = 300.25;
            md0.count[hour] = 60;
        }
        md0.peaks.add(new ArrayForecast.DayPeak(19_698 * ArrayForecast.DAY_MS + 14 * ArrayForecast.HOUR_MS, 71.5, 2400.0, 800.0));
        md0.peaks.add(new ArrayForecast.DayPeak(19_699 * ArrayForecast.DAY_MS + 9 * ArrayForecast.HOUR_MS, 73.0, 2500.0, 820.0));
        ArrayForecast.Episode e = new ArrayForecast.Episode(100.0, 19_699 * ArrayForecast.DAY_MS);
        e.crossingMs = 19_760 * ArrayForecast.DAY_MS;
        e.earliestMs = 19_740 * ArrayForecast.DAY_MS;
        e.latestMs = 19_800 * ArrayForecast.DAY_MS;
        md0.open.put(e.threshold, e);
        h.arrays.put("md0", md0);
        ArrayForecast md1 = new ArrayForecast("md1");
        md1.day = 19_700;
        md1.utilSum[0] = 5.0;
        md1.count[0] = 1;
        h.arrays.put("md1", md1);
        return h;
    }

    /** Written as an Avro record and read back the same; a value in binary format 1, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostForecasts.SERDE, host(), "forecasts-format1");
    }

    /** A hardware RAID volume's forecast keeps its kind and how alerts name it. */
    @Test
    void restoresAVolumesForecast() {
        HostForecasts h = host();
        ArrayForecast sda = new ArrayForecast("sda", SubjectKind.HARDWARE);
        sda.described = "hardware RAID5 volume sda (PERC H700, 4 disks)";
        sda.day = 19_700;
        sda.utilSum[14] = 82.5;
        sda.count[14] = 1;
        h.arrays.put("sda", sda);
        HostForecasts read = HostForecasts.SERDE.decode(HostForecasts.SERDE.encode(h));
        StateFixtures.assertSameState(read, h);
        assertThat(read.arrays.get("sda").kind).isEqualTo(SubjectKind.HARDWARE);
        assertThat(read.arrays.get("md0").kind).isEqualTo(SubjectKind.ARRAY);
    }
}
