package io.raidpulse.stream.health;

import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.StateFixtures;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The md health store's values: what a restart restores, and what an upgrade finds in the changelog. */
class HealthStateFormatTest {

    /** A degraded array recovering onto a spare, a faulty member, and a second array with nothing open. */
    static HostHealth host() {
        ArrayHealth md0 = new ArrayHealth("md0");
        md0.level = "raid5";
        md0.lastTime = 1_700_000_041_000L;
        md0.addAbsent(1);
        md0.open.put(ConditionKey.ARRAY_DEGRADED, new ArrayHealth.Open(AlertKind.ARRAY_DEGRADED, "md0", SubjectKind.ARRAY, Severity.CRITICAL,
                1_700_000_000_000L));
        md0.open.put(ConditionKey.faulty("sdb"), new ArrayHealth.Open(AlertKind.MEMBER_FAULTY, "sdb", SubjectKind.DEVICE, Severity.WARNING,
                1_700_000_001_000L));
        md0.open.put(ConditionKey.SYNC, new ArrayHealth.Open(AlertKind.SYNC, "md0", SubjectKind.ARRAY, Severity.INFO, 1_700_000_002_000L));
        md0.syncAction = "recover";
        md0.syncFirstDone = 1000;
        md0.syncFirstTime = 1_700_000_002_000L;
        md0.syncLastDone = 50_000;
        md0.syncLastTime = 1_700_000_040_000L;
        md0.syncLastPct = 12.5;
        md0.syncLastEta = 3600;
        md0.syncLastInterval = 10.0;
        md0.reportedPct = 10.0;
        md0.reportedTime = 1_700_000_030_000L;
        md0.syncLastLeftMs = 3_599_500;
        md0.inactiveSamples = 0;
        ArrayHealth md1 = new ArrayHealth("md1");
        md1.level = "raid1";
        md1.lastTime = 1_700_000_041_000L;
        md1.inactiveSamples = 2;
        Map<String, ArrayHealth> arrays = new LinkedHashMap<>();
        arrays.put("md0", md0);
        arrays.put("md1", md1);
        return new HostHealth(1_700_000_042_000L, arrays);
    }

    /** Written as an Avro record and read back the same; a value in binary format 2, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostHealth.SERDE, host(), "md-health-format2");
    }
}
