package io.raidpulse.stream.incident;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.StateFixtures;
import io.raidpulse.topics.alert.Alerts;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The incident store's values: what a restart restores, and what an upgrade finds in the changelog. */
class IncidentStateFormatTest {
    private static final long T0 = 1_700_000_000_000L;

    /**
     * An incident on md0 told once (a member's saturation that a check drove, and the array
     * degraded), with the saturation resolved since and not yet told, and a saturation of a disk
     * outside any array not yet placed.
     */
    static HostIncidents host() {
        HostIncidents h = new HostIncidents();
        h.apply(Alerts.alert("db1", "sdb1", SubjectKind.DEVICE, AlertKind.SATURATION, AlertState.FIRING, Severity.WARNING,
                        T0, T0 + 30_000, "db1 sdb1 saturated: util 99.0% for 30 s")
                .setCause("md check running on md0").setPeakUtil(99.5).setMeanUtil(97.25)
                .setDetails(Map.of("fire_util", "95.0", "duration_s", "30")).setEvidence(List.of("util 99.0% >= 95% for 30 s")).build());
        h.apply(Alerts.alert("db1", "md0", SubjectKind.ARRAY, AlertKind.ARRAY_DEGRADED, AlertState.FIRING, Severity.CRITICAL,
                T0 + 5_000, T0 + 5_000, "db1 md0 degraded: 3 of 4 members").setBusiestMember("sdc1").build());
        h.flush("db1", new IncidentSubjects(Map.of("sdb1", "md0", "sdc1", "md0"), Set.of("md0"), Set.of()), null);
        Alert resolved = Alerts.alert("db1", "sdb1", SubjectKind.DEVICE, AlertKind.SATURATION, AlertState.RESOLVED, Severity.WARNING,
                T0, T0 + 90_000, "db1 sdb1 saturation over after 90 s").setPeakUtil(99.5).setMeanUtil(96.0).build();
        h.apply(resolved);
        h.apply(Alerts.alert("db1", "sdd", SubjectKind.DEVICE, AlertKind.SATURATION, AlertState.FIRING, Severity.WARNING,
                T0 + 60_000, T0 + 95_000, "db1 sdd saturated: util 98.0% for 35 s").build());
        return h;
    }

    /** Written as an Avro record and read back the same; a value in binary format 1, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostIncidents.SERDE, host(), "incidents-format1");
    }
}
