package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.IncidentState;
import io.raidpulse.schema.IncidentsState;
import io.raidpulse.stream.load.HostLoad;
import io.raidpulse.stream.state.StateSerde;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The incidents of one host, stored under the host name: the open ones by subject, which
 * incident each detector episode went to, and the episodes that fired since the last sample was
 * seen through (they are placed when the sample's own observation arrives, which follows every
 * alert that sample caused, so that episodes firing together open one incident together).
 * Mutable; the incident processor's thread only.
 */
final class HostIncidents {
    /** An Avro {@link IncidentsState}; binary format 1 of earlier builds is still read ({@link IncidentBinaryFormats}). */
    static final StateSerde<HostIncidents> SERDE = StateSerde.avro("incidents", IncidentsState.class, HostIncidents::toRecord,
            HostIncidents::fromRecord).alsoReading(1, r -> fromRecord(IncidentBinaryFormats.format1(r)));

    /** Episodes that, when they close inside a still open incident, are worth an update of their own. */
    private static final Set<AlertKind> TOLD_WHEN_OVER = Set.of(AlertKind.SYNC, AlertKind.ARRAY_DEGRADED, AlertKind.ARRAY_INACTIVE);

    private IncidentSubjects subjects = IncidentSubjects.none();
    private final Map<String, Incident> open = new LinkedHashMap<>();
    private final Map<String, String> incidentOf = new LinkedHashMap<>();
    private final List<Part> unplaced = new ArrayList<>();

    boolean isEmpty() {
        return open.isEmpty() && unplaced.isEmpty();
    }

    /** Whether a flush would have something to place or tell. */
    boolean pending() {
        return !unplaced.isEmpty() || open.values().stream().anyMatch(Incident::pending);
    }

    /**
     * Takes one detector state change. Returns it back when it belongs to no incident known here (a
     * RESOLVED or PROGRESS of an episode that fired before this processor ran, as after an upgrade):
     * it is passed on as it is, so that whoever heard its FIRING hears its end.
     */
    Alert apply(Alert a) {
        Part known = find(a.getAlertId());
        switch (a.getState()) {
            case FIRING -> {
                if (known == null) {
                    unplaced.add(Part.of(a));
                } else {
                    known.update(a);
                }
            }
            case PROGRESS -> {
                if (known == null) {
                    return a;
                }
                known.update(a);
                Incident i = incidentOfPart(a.getAlertId());
                if (i != null) {
                    i.pendingProgress = known.alertId;
                    i.lastEventMs = Math.max(i.lastEventMs, a.getEventTime().toEpochMilli());
                }
            }
            case RESOLVED -> {
                if (known == null) {
                    return a;
                }
                known.update(a);
                Incident i = incidentOfPart(a.getAlertId());
                if (i == null) {
                    unplaced.remove(known);
                } else {
                    incidentOf.remove(a.getAlertId());
                    i.lastEventMs = Math.max(i.lastEventMs, a.getEventTime().toEpochMilli());
                    if (known.announced && TOLD_WHEN_OVER.contains(known.kind)) {
                        i.pendingNotes.add(known.summary);
                    }
                }
            }
        }
        return null;
    }

    /**
     * Places the episodes that fired since the last flush and returns the notifications due, in
     * the order the incidents opened. {@code sample}: the folding of the host's latest sample, or
     * null to keep the last one known; {@code load}: its load, or null.
     */
    List<Alert> flush(String host, IncidentSubjects sample, HostLoad load) {
        if (sample != null) {
            subjects = sample;
        }
        for (Part p : unplaced) {
            String subject = subjects.subjectOf(p.subject);
            Incident i = open.computeIfAbsent(subject, s -> new Incident(s, subjects.kindOf(p.subject, p.subjectKind)));
            i.add(p);
            i.lastEventMs = Math.max(i.lastEventMs, p.firedMs);
            incidentOf.put(p.alertId, subject);
        }
        unplaced.clear();
        List<Alert> out = new ArrayList<>();
        for (Iterator<Incident> it = open.values().iterator(); it.hasNext(); ) {
            Incident i = it.next();
            if (!i.pending()) {
                continue;
            }
            Alert n = i.notification(host, load);
            if (n != null) {
                out.add(n);
            }
            if (!i.anyOpen()) {
                i.parts.keySet().forEach(incidentOf::remove);
                it.remove();
            }
        }
        return out;
    }

    private Part find(String alertId) {
        Incident i = incidentOfPart(alertId);
        if (i != null) {
            return i.parts.get(alertId);
        }
        for (Part p : unplaced) {
            if (p.alertId.equals(alertId)) {
                return p;
            }
        }
        return null;
    }

    private Incident incidentOfPart(String alertId) {
        String subject = incidentOf.get(alertId);
        return subject == null ? null : open.get(subject);
    }

    private IncidentsState toRecord() {
        return new IncidentsState(subjects.subjectOfMap(), List.copyOf(subjects.arrays()), List.copyOf(subjects.volumes()), open.values().stream().map(Incident::toRecord).toList(),
                unplaced.stream().map(Part::toRecord).toList());
    }

    private static HostIncidents fromRecord(IncidentsState r) {
        HostIncidents h = new HostIncidents();
        h.subjects = new IncidentSubjects(Map.copyOf(r.getSubjectOf()), Set.copyOf(r.getArrays()), Set.copyOf(r.getVolumes()));
        for (IncidentState s : r.getOpen()) {
            Incident i = Incident.fromRecord(s);
            h.open.put(i.subject, i);
            i.parts.values().stream().filter(Part::open).forEach(p -> h.incidentOf.put(p.alertId, i.subject));
        }
        r.getUnplaced().forEach(p -> h.unplaced.add(Part.fromRecord(p)));
        return h;
    }
}
