package io.raidpulse.stream.aggregate;

import io.raidpulse.schema.AggregateWindowState;
import io.raidpulse.schema.LogHistogramState;
import io.raidpulse.schema.MdFiguresState;
import io.raidpulse.schema.MemberUtilState;
import io.raidpulse.schema.SubjectWindowState;
import io.raidpulse.schema.WriteAmplificationState;
import io.raidpulse.stream.state.StateReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The open windows' binary formats from before their Avro record, read from a changelog an older
 * build wrote into the record this build writes (windows open at an upgrade). The subject kind by
 * position, as those builds wrote it; nothing writes these formats any more.
 */
final class WindowBinaryFormats {
    private WindowBinaryFormats() {
    }

    /** Format 2 added the arrays' md figures. */
    static AggregateWindowState format2(StateReader r) {
        return window(r, true);
    }

    /** Format 1 windows carry no md figures. */
    static AggregateWindowState format1(StateReader r) {
        return window(r, false);
    }

    private static AggregateWindowState window(StateReader r, boolean withMdState) {
        String host = r.readString();
        long start = r.readLong();
        long size = r.readLong();
        List<SubjectWindowState> subjects = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            subjects.add(subject(r, withMdState));
        }
        return new AggregateWindowState(host, start, size, subjects);
    }

    private static SubjectWindowState subject(StateReader r, boolean withMdState) {
        SubjectWindowState.Builder s = SubjectWindowState.newBuilder()
                .setSubject(r.readString())
                .setKind(r.readSubjectKind())
                .setSamples(r.readInt())
                .setSeconds(r.readDouble())
                .setUtilSum(r.readDouble())
                .setUtilMax(r.readDouble())
                .setMemberUtilSum(r.readDouble())
                .setAquSzSum(r.readDouble())
                .setReads(r.readLong())
                .setWrites(r.readLong())
                .setSectorsRead(r.readLong())
                .setSectorsWritten(r.readLong())
                .setAwaitIos(r.readLong())
                .setAwaitMs(r.readLong())
                .setAwait(histogram(r))
                .setAmplification(new WriteAmplificationState(r.readLong(), r.readLong(), r.readLong(), r.readLong(), r.readLong(),
                        r.readLong()));
        List<MemberUtilState> memberUtil = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            memberUtil.add(new MemberUtilState(r.readString(), r.readDouble()));
        }
        s.setMemberUtil(memberUtil).setSyncAction(r.readString());
        if (!withMdState) {
            return s.setDegradedMax(-1).setFaultyMax(-1).setMdStateMs(Long.MIN_VALUE).setMdState(null).build();
        }
        s.setDegradedMax(r.readInt()).setFaultyMax(r.readInt()).setMdStateMs(r.readLong()).setMdState(null);
        if (r.readBoolean()) {
            int members = r.readInt();
            int faulty = r.readInt();
            int spares = r.readInt();
            int degraded = r.readInt();
            double pct = r.readDouble();
            s.setMdState(new MdFiguresState(members, faulty, spares, degraded < 0 ? null : degraded, Double.isNaN(pct) ? null : pct,
                    nullIfMin(r.readLong()), nullIfMin(r.readLong()), nullIfMin(r.readLong())));
        }
        return s.build();
    }

    /** Bucket indexes as differences from the one before. */
    private static LogHistogramState histogram(StateReader r) {
        long total = r.readLong();
        int zeros = r.readInt();
        double min = r.readDouble();
        double max = r.readDouble();
        List<Integer> index = new ArrayList<>();
        List<Integer> count = new ArrayList<>();
        int previous = 0;
        for (int n = r.readInt(); n > 0; n--) {
            previous += r.readInt();
            index.add(previous);
            count.add(r.readInt());
        }
        return new LogHistogramState(total, zeros, min, max, index, count);
    }

    private static Long nullIfMin(long v) {
        return v == Long.MIN_VALUE ? null : v;
    }
}
