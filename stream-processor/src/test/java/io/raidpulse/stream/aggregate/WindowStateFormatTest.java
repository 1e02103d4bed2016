package io.raidpulse.stream.aggregate;

import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.load.WriteAmplification;
import io.raidpulse.stream.testing.StateFixtures;
import io.raidpulse.topics.load.MdState;
import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;

/** The open windows' store values: what a restart restores, and what an upgrade finds in the changelog. */
class WindowStateFormatTest {

    /** An array with its members, md figures and a sync, and a device, as the fixture holds them. */
    static HostWindow window() {
        SubjectWindow md0 = new SubjectWindow("md0", SubjectKind.ARRAY);
        md0.samples = 6;
        md0.seconds = 60;
        md0.utilSum = 480.5;
        md0.utilMax = 95.0;
        md0.memberUtilSum = 470.0;
        md0.aquSzSum = 12.0;
        md0.reads = 6000;
        md0.writes = 1200;
        md0.sectorsRead = 48_000;
        md0.sectorsWritten = 9600;
        md0.awaitIos = 14_400;
        md0.awaitMs = 57_600;
        md0.await.add(3.5);
        md0.await.add(4.0);
        md0.await.add(0.0);
        md0.await.add(120.0);
        md0.amplification = new WriteAmplification(6000, 1200, 16_800, 48_000, 9600, 134_400);
        md0.memberUtil.add(0, "sdb", 240.0);
        md0.memberUtil.add(1, "sdc", 230.0);
        md0.syncAction = "check";
        md0.degradedMax = 0;
        md0.faultyMax = 0;
        md0.mdState = new MdState(4, 0, 1, 0, 42.5, 98_000L, 600L, null);
        md0.mdStateMs = 1_700_000_055_000L;
        SubjectWindow sdb = new SubjectWindow("sdb", SubjectKind.DEVICE);
        sdb.samples = 6;
        sdb.seconds = 60;
        sdb.utilSum = 240.0;
        sdb.utilMax = 50.0;
        sdb.reads = 3000;
        sdb.awaitIos = 3000;
        sdb.awaitMs = 9000;
        sdb.await.add(3.0);
        LinkedHashMap<SubjectKey, SubjectWindow> subjects = new LinkedHashMap<>();
        subjects.put(new SubjectKey(SubjectKind.ARRAY, "md0"), md0);
        subjects.put(new SubjectKey(SubjectKind.DEVICE, "sdb"), sdb);
        return new HostWindow("db1", 1_700_000_000_000L, 60_000, subjects);
    }

    /** Written as an Avro record and read back the same; a value in binary format 2, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostWindow.SERDE, window(), "aggregate-window-format2");
    }
}
