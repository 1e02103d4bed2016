package io.raidpulse.stream.forecast;

import io.raidpulse.schema.ArrayForecastState;
import io.raidpulse.schema.DayPeakState;
import io.raidpulse.schema.ForecastEpisodeState;
import io.raidpulse.schema.ForecastState;
import io.raidpulse.schema.HourSumsState;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.state.StateReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The forecast store's binary format 1, from before its Avro record, read from a changelog an
 * older build wrote into the record this build writes; nothing writes this format any more.
 */
final class ForecastBinaryFormat {
    private ForecastBinaryFormat() {
    }

    static ForecastState format1(StateReader r) {
        List<ArrayForecastState> arrays = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            arrays.add(array(r));
        }
        return new ForecastState(arrays);
    }

    private static ArrayForecastState array(StateReader r) {
        String array = r.readString();
        long day = r.readLong();
        List<HourSumsState> hours = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            hours.add(new HourSumsState(r.readByte(), r.readDouble(), r.readDouble(), r.readDouble(), r.readInt()));
        }
        List<DayPeakState> peaks = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            peaks.add(new DayPeakState(r.readLong(), r.readDouble(), r.readDouble(), r.readDouble()));
        }
        List<ForecastEpisodeState> open = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            open.add(new ForecastEpisodeState(r.readDouble(), r.readLong(), r.readLong(), r.readLong(), r.readLong()));
        }
        return new ArrayForecastState(array, day, hours, peaks, open, SubjectKind.ARRAY, null);
    }
}
