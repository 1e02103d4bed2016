package io.raidpulse.stream.health;

import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.detector.SubjectState;
import io.raidpulse.stream.state.StateReader;
import io.raidpulse.stream.state.StateWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the md health detector remembers about one array: its open episodes and the running sync. */
final class ArrayHealth implements SubjectState {
    /** An open episode of one condition. */
    record Open(AlertKind kind, String subject, SubjectKind subjectKind, Severity severity, long start) {
    }

    final String array;
    String level;
    long lastTime;
    int absent;
    /** by condition key: ARRAY_DEGRADED, NO_SPARE, ARRAY_INACTIVE, MEMBER_FAULTY:sdb, SYNC, MISMATCH */
    final Map<String, Open> open = new LinkedHashMap<>();

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
        this.array = array;
    }

    @Override
    public String subject() {
        return array;
    }

    @Override
    public int addAbsent(int samples) {
        return absent += samples;
    }

    void write(StateWriter w) {
        w.writeString(array).writeString(level).writeLong(lastTime).writeInt(absent).writeInt(open.size());
        open.forEach((k, o) -> w.writeString(k).writeByte(o.kind().ordinal()).writeString(o.subject())
                .writeByte(o.subjectKind().ordinal()).writeByte(o.severity().ordinal()).writeLong(o.start()));
        w.writeString(syncAction).writeLong(syncFirstDone).writeLong(syncFirstTime).writeLong(syncLastDone)
                .writeLong(syncLastTime).writeDouble(syncLastPct).writeLong(syncLastEta).writeDouble(syncLastInterval)
                .writeDouble(reportedPct).writeLong(reportedTime).writeInt(inactiveSamples).writeLong(syncLastLeftMs);
    }

    /** Format 2 (with the inactive count and the running sync's time left). */
    static ArrayHealth read(StateReader r) {
        ArrayHealth h = readFormat1(r);
        h.inactiveSamples = r.readInt();
        h.syncLastLeftMs = r.readLong();
        return h;
    }

    /** Format 1 had no inactive count: an open ARRAY_INACTIVE episode stays open. */
    static ArrayHealth readFormat1(StateReader r) {
        ArrayHealth h = new ArrayHealth(r.readString());
        h.level = r.readString();
        h.lastTime = r.readLong();
        h.absent = r.readInt();
        int n = r.readInt();
        for (int i = 0; i < n; i++) {
            String key = r.readString();
            h.open.put(key, new Open(AlertKind.values()[r.readByte()], r.readString(), SubjectKind.values()[r.readByte()],
                    Severity.values()[r.readByte()], r.readLong()));
        }
        h.syncAction = r.readString();
        h.syncFirstDone = r.readLong();
        h.syncFirstTime = r.readLong();
        h.syncLastDone = r.readLong();
        h.syncLastTime = r.readLong();
        h.syncLastPct = r.readDouble();
        h.syncLastEta = r.readLong();
        h.syncLastInterval = r.readDouble();
        h.reportedPct = r.readDouble();
        h.reportedTime = r.readLong();
        return h;
    }
}
