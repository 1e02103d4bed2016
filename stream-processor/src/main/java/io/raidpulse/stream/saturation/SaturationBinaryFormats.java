package io.raidpulse.stream.saturation;

import io.raidpulse.schema.SaturationState;
import io.raidpulse.schema.SubjectSaturationState;
import io.raidpulse.stream.state.StateReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The saturation store's binary formats from before its Avro record, read from a changelog an
 * older build wrote into the record this build writes. Enums by position, as those builds wrote
 * them; nothing writes these formats any more.
 */
final class SaturationBinaryFormats {
    private SaturationBinaryFormats() {
    }

    /** Format 2 added each subject's baseline sample count, the pending run's warm samples and the seconds the run covers. */
    static SaturationState format2(StateReader r) {
        return host(r, true);
    }

    /** Format 1 had no sample count: a baseline it holds counts as learnt. */
    static SaturationState format1(StateReader r) {
        return host(r, false);
    }

    private static SaturationState host(StateReader r, boolean format2) {
        long seen = r.readLong();
        List<SubjectSaturationState> subjects = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            subjects.add(subject(r, format2));
        }
        return new SaturationState(seen, subjects);
    }

    private static SubjectSaturationState subject(StateReader r, boolean format2) {
        SubjectSaturationState.Builder s = SubjectSaturationState.newBuilder()
                .setSubject(r.readString())
                .setKind(r.readSubjectKind())
                .setPhase(r.readPhase())
                .setRun(r.readInt())
                .setRunStart(r.readLong())
                .setLastSequence(r.readLong())
                .setLastTime(r.readLong())
                .setCollectorStarted(r.readLong())
                .setAbsent(r.readInt())
                .setEpisodeStart(r.readLong())
                .setPeak(r.readDouble())
                .setPeakMember(r.readString())
                .setUtilSum(r.readDouble())
                .setUtilCount(r.readInt())
                .setCoolSum(r.readDouble())
                .setCoolCount(r.readInt())
                .setCause(r.readString());
        s.setSeverity(r.readSeverityOrNull())
                .setFiredUtilMean(r.readDouble())
                .setBaseAquSz(r.readDouble())
                .setBaseAwaitMs(r.readDouble());
        if (format2) {
            s.setBaseSamples(r.readInt()).setWarmInRun(r.readInt()).setRunSeconds(r.readDouble());
        } else {
            // 0 run seconds: the run is counted at the sample's own interval, as then
            s.setBaseSamples(Double.isNaN(s.getBaseAwaitMs()) ? 0 : SubjectSaturation.MAX_BASE_SAMPLES).setWarmInRun(0).setRunSeconds(0);
        }
        return s.build();
    }
}
