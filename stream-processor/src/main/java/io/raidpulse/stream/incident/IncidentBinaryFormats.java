package io.raidpulse.stream.incident;

import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.IncidentPartState;
import io.raidpulse.schema.IncidentState;
import io.raidpulse.schema.IncidentsState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.state.StateReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The incident store's binary format from before its Avro record, read from a changelog an older
 * build wrote into the record this build writes. Enums by name, as that build wrote them; nothing
 * writes this format any more.
 */
final class IncidentBinaryFormats {
    private IncidentBinaryFormats() {
    }

    /** Format 1: the subjects' folding, the open incidents with their parts, the unplaced parts. */
    static IncidentsState format1(StateReader r) {
        Map<String, String> subjectOf = new LinkedHashMap<>();
        for (int n = r.readInt(); n > 0; n--) {
            subjectOf.put(r.readString(), r.readString());
        }
        List<String> arrays = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            arrays.add(r.readString());
        }
        List<IncidentState> open = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            open.add(incident(r));
        }
        List<IncidentPartState> unplaced = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            unplaced.add(part(r));
        }
        return new IncidentsState(subjectOf, arrays, List.of(), open, unplaced);
    }

    private static IncidentState incident(StateReader r) {
        IncidentState.Builder i = IncidentState.newBuilder()
                .setSubject(r.readString())
                .setSubjectKind(SubjectKind.valueOf(r.readString()))
                .setStartMs(r.readLong());
        String lead = r.readString();
        String notified = r.readString();
        i.setLead(lead == null ? null : AlertKind.valueOf(lead))
                .setNotified(notified == null ? null : Severity.valueOf(notified))
                .setPendingProgress(r.readString())
                .setLastEventMs(r.readLong());
        List<String> notes = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            notes.add(r.readString());
        }
        List<IncidentPartState> parts = new ArrayList<>();
        for (int n = r.readInt(); n > 0; n--) {
            parts.add(part(r));
        }
        return i.setPendingNotes(notes).setParts(parts).build();
    }

    private static IncidentPartState part(StateReader r) {
        IncidentPartState.Builder p = IncidentPartState.newBuilder()
                .setAlertId(r.readString())
                .setKind(AlertKind.valueOf(r.readString()))
                .setSubject(r.readString())
                .setSubjectKind(SubjectKind.valueOf(r.readString()))
                .setStartMs(r.readLong())
                .setFiredMs(r.readLong())
                .setSeverity(Severity.valueOf(r.readString()))
                .setCause(r.readString())
                .setEndMs(r.readLong())
                .setPeakUtil(r.readDouble())
                .setMeanUtil(r.readDouble())
                .setBusiestMember(r.readString())
                .setSummary(r.readString())
                .setAnnounced(r.readBoolean());
        Map<String, String> details = new LinkedHashMap<>();
        for (int n = r.readInt(); n > 0; n--) {
            details.put(r.readString(), r.readString());
        }
        return p.setDetails(details).build();
    }
}
