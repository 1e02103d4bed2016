package io.raidpulse.stream.health;

import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.ArrayHealthState;
import io.raidpulse.schema.OpenEpisodeState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.detector.SubjectState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the md health detector remembers about one array: its open episodes and the running sync. */
final class ArrayHealth extends SubjectState {
    /** An open episode of one condition. */
    record Open(AlertKind kind, String subject, SubjectKind subjectKind, Severity severity, long start) {
    }

    String level;
    long lastTime;
    /** by condition: ARRAY_DEGRADED, NO_SPARE, ARRAY_INACTIVE, MEMBER_FAULTY of each faulty member, SYNC, MISMATCH */
    final Map<ConditionKey, Open> open = new LinkedHashMap<>();

    /** the action of the open SYNC episode, and its progress */
    String syncAction;
    long syncFirstDone = -1;
    long syncFirstTime;
    long syncLastDone = -1;
    long syncLastTime;
    double syncLastPct = -1;
    long syncLastEta = -1;
    double syncLastInterval;
    double reportedPct = -1;
    long reportedTime;
    /** ms the running sync had left at its last sample, from its position and speed (not the ETA's whole seconds); -1 unknown */
    long syncLastLeftMs = -1;
    /** consecutive samples showing the array inactive (an array being created or assembled is, for a moment) */
    int inactiveSamples;

    ArrayHealth(String array) {
        super(array);
    }

    ArrayHealthState toRecord() {
        List<OpenEpisodeState> episodes = new ArrayList<>(open.size());
        open.forEach((k, o) -> episodes.add(new OpenEpisodeState(k.toString(), o.kind(), o.subject(), o.subjectKind(), o.severity(), o.start())));
        return ArrayHealthState.newBuilder()
                .setArray(subject()).setLevel(level).setLastTime(lastTime).setAbsent(absent()).setOpen(episodes)
                .setSyncAction(syncAction).setSyncFirstDone(syncFirstDone).setSyncFirstTime(syncFirstTime)
                .setSyncLastDone(syncLastDone).setSyncLastTime(syncLastTime).setSyncLastPct(syncLastPct)
                .setSyncLastEta(syncLastEta).setSyncLastInterval(syncLastInterval).setReportedPct(reportedPct)
                .setReportedTime(reportedTime).setSyncLastLeftMs(syncLastLeftMs).setInactiveSamples(inactiveSamples)
                .build();
    }

    static ArrayHealth fromRecord(ArrayHealthState r) {
        ArrayHealth h = new ArrayHealth(r.getArray());
        h.level = r.getLevel();
        h.lastTime = r.getLastTime();
        h.restoreAbsent(r.getAbsent());
        for (OpenEpisodeState o : r.getOpen()) {
            h.open.put(ConditionKey.parse(o.getCondition()), new Open(o.getKind(), o.getSubject(), o.getSubjectKind(), o.getSeverity(), o.getStart()));
        }
        h.syncAction = r.getSyncAction();
        h.syncFirstDone = r.getSyncFirstDone();
        h.syncFirstTime = r.getSyncFirstTime();
        h.syncLastDone = r.getSyncLastDone();
        h.syncLastTime = r.getSyncLastTime();
        h.syncLastPct = r.getSyncLastPct();
        h.syncLastEta = r.getSyncLastEta();
        h.syncLastInterval = r.getSyncLastInterval();
        h.reportedPct = r.getReportedPct();
        h.reportedTime = r.getReportedTime();
        h.syncLastLeftMs = r.getSyncLastLeftMs();
        h.inactiveSamples = r.getInactiveSamples();
        return h;
    }
}
