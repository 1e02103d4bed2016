package io.raidpulse.stream.health;

import static org.assertj.core.api.Assertions.assertThat;

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

    /** A hardware RAID volume offline with errors rising, and one whose state could not be read, nothing open. */
    @Test
    void volumeHealthIsWrittenAsAnAvroRecordAndReadBackTheSame() {
        VolumeHealth sda = new VolumeHealth("sda");
        sda.name = "hardware RAID5 volume sda (PERC H700, 4 disks)";
        sda.lastTime = 1_700_000_041_000L;
        sda.state = "offline";
        sda.notRunningSince = 1_700_000_021_000L;
        sda.notRunningSamples = 3;
        sda.ioerrCnt = 12L;
        sda.iotmoCnt = 1L;
        sda.offlineStart = 1_700_000_021_000L;
        sda.offlineState = "offline";
        sda.errorsStart = 1_700_000_011_000L;
        sda.errorsLastRise = 1_700_000_031_000L;
        sda.errorsFailed = 5;
        sda.errorsTimedOut = 1;
        VolumeHealth sdb = new VolumeHealth("sdb");
        sdb.addAbsent(2);
        Map<String, VolumeHealth> volumes = new LinkedHashMap<>();
        volumes.put("sda", sda);
        volumes.put("sdb", sdb);
        HostVolumeHealth host = new HostVolumeHealth(1_700_000_042_000L, volumes);
        byte[] bytes = HostVolumeHealth.SERDE.encode(host);
        assertThat(bytes).startsWith((byte) 0xC3, (byte) 0x01);
        StateFixtures.assertSameState(HostVolumeHealth.SERDE.decode(bytes), host);
    }

    /** Written as an Avro record and read back the same; a value in binary format 2, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostHealth.SERDE, host(), "md-health-format2");
    }
}
