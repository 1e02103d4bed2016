package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.state.StateReader;
import io.raidpulse.stream.state.StateWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One detector episode inside an incident (a SATURATION of sdb1, the SYNC of md0...), as its
 * latest state change left it. Mutable; the incident processor's thread only.
 */
final class Part {
    final String alertId;
    final AlertKind kind;
    final String subject;
    final SubjectKind subjectKind;
    final long startMs;
    /** Sample time of its FIRING. */
    long firedMs;
    Severity severity;
    String cause;
    /** Sample time of its RESOLVED, -1 while open. */
    long endMs = -1;
    double peakUtil = Double.NaN;
    double meanUtil = Double.NaN;
    String busiestMember;
    String summary;
    Map<String, String> details;
    /** Whether a notification of its incident has told about it. */
    boolean announced;

    private Part(String alertId, AlertKind kind, String subject, SubjectKind subjectKind, long startMs) {
        this.alertId = alertId;
        this.kind = kind;
        this.subject = subject;
        this.subjectKind = subjectKind;
        this.startMs = startMs;
    }

    static Part of(Alert a) {
        Part p = new Part(a.getAlertId(), a.getKind(), a.getSubject(), a.getSubjectKind(), a.getStartTime().toEpochMilli());
        p.firedMs = a.getEventTime().toEpochMilli();
        p.update(a);
        return p;
    }

    /** Takes what a later state change of the same episode says. */
    void update(Alert a) {
        severity = a.getSeverity();
        if (a.getCause() != null) {
            cause = a.getCause();
        }
        if (a.getPeakUtil() != null) {
            peakUtil = a.getPeakUtil();
        }
        if (a.getMeanUtil() != null) {
            meanUtil = a.getMeanUtil();
        }
        if (a.getBusiestMember() != null) {
            busiestMember = a.getBusiestMember();
        }
        summary = a.getSummary();
        details = new LinkedHashMap<>(a.getDetails());
        if (a.getState() == AlertState.RESOLVED) {
            endMs = a.getEndTime() != null ? a.getEndTime().toEpochMilli() : a.getEventTime().toEpochMilli();
        }
    }

    boolean open() {
        return endMs < 0;
    }

    /** Saturation that a sync drove: it takes the sync's severity and belongs to the sync's story. */
    boolean syncDriven() {
        return kind == AlertKind.SATURATION && cause != null && cause.startsWith("md ");
    }

    void write(StateWriter w) {
        w.writeString(alertId).writeString(kind.name()).writeString(subject).writeString(subjectKind.name()).writeLong(startMs)
                .writeLong(firedMs).writeString(severity.name()).writeString(cause).writeLong(endMs).writeDouble(peakUtil).writeDouble(meanUtil)
                .writeString(busiestMember).writeString(summary).writeBoolean(announced);
        w.writeInt(details.size());
        details.forEach((k, v) -> w.writeString(k).writeString(v));
    }

    static Part read(StateReader r) {
        Part p = new Part(r.readString(), AlertKind.valueOf(r.readString()), r.readString(), SubjectKind.valueOf(r.readString()),
                r.readLong());
        p.firedMs = r.readLong();
        p.severity = Severity.valueOf(r.readString());
        p.cause = r.readString();
        p.endMs = r.readLong();
        p.peakUtil = r.readDouble();
        p.meanUtil = r.readDouble();
        p.busiestMember = r.readString();
        p.summary = r.readString();
        p.announced = r.readBoolean();
        p.details = new LinkedHashMap<>();
        for (int i = r.readInt(); i > 0; i--) {
            p.details.put(r.readString(), r.readString());
        }
        return p;
    }
}
