package io.raidpulse.stream.health;

import io.raidpulse.schema.ArrayHealthState;
import io.raidpulse.schema.MdHealthState;
import io.raidpulse.schema.OpenEpisodeState;
import io.raidpulse.stream.state.StateReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The md health store's binary formats from before its Avro record, read from a changelog an
 * older build wrote into the record this build writes. Enums by position, as those builds wrote
 * them; nothing writes these formats any more.
 */
final class HealthBinaryFormats {
    private HealthBinaryFormats() {
    }

    /** Format 2 added each array's inactive count and the running sync's time left. */
    static MdHealthState format2(StateReader r) {
        return host(r, true);
    }

    /** Format 1 had no inactive count: an open ARRAY_INACTIVE episode stays open. */
    static MdHealthState format1(StateReader r) {
        return host(r, false);
    }

    private static MdHealthState host(StateReader r, boolean format2) {
        long seen = r.readLong();
        List<ArrayHealthState> arrays = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            arrays.add(array(r, format2));
        }
        return new MdHealthState(seen, arrays);
    }

    private static ArrayHealthState array(StateReader r, boolean format2) {
        ArrayHealthState.Builder a = ArrayHealthState.newBuilder()
                .setArray(r.readString())
                .setLevel(r.readString())
                .setLastTime(r.readLong())
                .setAbsent(r.readInt());
        List<OpenEpisodeState> open = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            open.add(new OpenEpisodeState(r.readString(), r.readAlertKind(), r.readString(),
                    r.readSubjectKind(), r.readSeverity(), r.readLong()));
        }
        a.setOpen(open)
                .setSyncAction(r.readString())
                .setSyncFirstDone(r.readLong())
                .setSyncFirstTime(r.readLong())
                .setSyncLastDone(r.readLong())
                .setSyncLastTime(r.readLong())
                .setSyncLastPct(r.readDouble())
                .setSyncLastEta(r.readLong())
                .setSyncLastInterval(r.readDouble())
                .setReportedPct(r.readDouble())
                .setReportedTime(r.readLong());
        if (format2) {
            a.setInactiveSamples(r.readInt()).setSyncLastLeftMs(r.readLong());
        } else {
            a.setInactiveSamples(0).setSyncLastLeftMs(-1);
        }
        return a.build();
    }
}
