package io.raidpulse.stream.aggregate;

import io.raidpulse.schema.AggregateWindowState;
import io.raidpulse.schema.SubjectWindowState;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.state.StateSerde;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.io.Encoder;

/** One host's open window of one size: the sums of every device and array, stored under its {@link WindowKey}. */
record HostWindow(String host, long startMs, long sizeMs, Map<SubjectKey, SubjectWindow> subjects) {

    /**
     * An Avro {@link AggregateWindowState}, written straight from the window ({@link #write}); the
     * binary formats of earlier builds are still read (format 2 added the arrays' md figures;
     * windows in format 1 are read without them).
     */
    static final StateSerde<HostWindow> SERDE = StateSerde.avro("aggregate window", AggregateWindowState.class,
                    HostWindow::toRecord,
                    HostWindow::fromRecord)
            .writingDirectly(HostWindow::write)
            .alsoReading(2, r -> fromRecord(WindowBinaryFormats.format2(r)))
            .alsoReading(1, r -> fromRecord(WindowBinaryFormats.format1(r)));

    private static AggregateWindowState toRecord(HostWindow h) {
        List<SubjectWindowState> subjects = new ArrayList<>(h.subjects.size());
        for (SubjectWindow s : h.subjects.values()) {
            subjects.add(s.toRecord());
        }
        return new AggregateWindowState(h.host, h.startMs, h.sizeMs, subjects);
    }

    /**
     * {@link #toRecord}'s record body, in AggregateWindowState's field order, from the window itself:
     * at a live interval every sample changes its host's window, which is written at every commit.
     */
    private static void write(HostWindow h, Encoder out) throws IOException {
        out.writeString(h.host);
        out.writeLong(h.startMs);
        out.writeLong(h.sizeMs);
        out.writeArrayStart();
        out.setItemCount(h.subjects.size());
        for (SubjectWindow s : h.subjects.values()) {
            out.startItem();
            s.write(out);
        }
        out.writeArrayEnd();
    }

    private static HostWindow fromRecord(AggregateWindowState r) {
        Map<SubjectKey, SubjectWindow> subjects = new LinkedHashMap<>();
        for (SubjectWindowState s : r.getSubjects()) {
            subjects.put(SubjectKey.of(s.getKind(), s.getSubject()), SubjectWindow.fromRecord(s));
        }
        return new HostWindow(r.getHost(), r.getStartMs(), r.getSizeMs(), subjects);
    }

    long endMs() {
        return startMs + sizeMs;
    }
}
