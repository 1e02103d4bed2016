package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.IncidentPartState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
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

    IncidentPartState toRecord() {
        return new IncidentPartState(alertId, kind, subject, subjectKind, startMs, firedMs, severity, cause, endMs, peakUtil, meanUtil,
                busiestMember, summary, details, announced);
    }

    static Part fromRecord(IncidentPartState r) {
        Part p = new Part(r.getAlertId(), r.getKind(), r.getSubject(), r.getSubjectKind(), r.getStartMs());
        p.firedMs = r.getFiredMs();
        p.severity = r.getSeverity();
        p.cause = r.getCause();
        p.endMs = r.getEndMs();
        p.peakUtil = r.getPeakUtil();
        p.meanUtil = r.getMeanUtil();
        p.busiestMember = r.getBusiestMember();
        p.summary = r.getSummary();
        p.announced = r.getAnnounced();
        p.details = new LinkedHashMap<>(r.getDetails());
        return p;
    }
}
