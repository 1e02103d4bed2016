package io.raidpulse.collector.tools.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.hwraid.HardwareVolumes;
import io.raidpulse.collector.md.Fixtures;
import io.raidpulse.collector.sampling.Roots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * record on a tree whose arrays come and go: the lab's recorder died when mdadm --stop took
 * /sys/block/md0/md away while a snapshot listed its members; and on the lab's PERC H700 host, whose
 * hardware RAID volume a snapshot must still show.
 */
class SnapshotRecorderTest {
    private static final Path PERC_H700 = Fixtures.dir("hwraid-perc-h700");

    @TempDir
    Path dir;

    @Test
    void aDirectoryGoneSinceItWasSeenIsNoEntriesNotAFailure() throws Exception {
        assertThat(SnapshotRecorder.entries(dir.resolve("gone/md"), "dev-*")).isEmpty();
        Files.writeString(dir.resolve("file"), "x");
        assertThat(SnapshotRecorder.entries(dir.resolve("file"), "*")).isEmpty();
    }

    @Test
    void anArrayWithoutMembersAndAMemberWithoutItsBlockLinkAreRecordedAsTheyAre() throws Exception {
        Path sys = dir.resolve("sys");
        Path proc = Files.createDirectories(dir.resolve("proc"));
        Files.writeString(proc.resolve("diskstats"), "   9       0 md0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
        Files.writeString(proc.resolve("uptime"), "10.00 10.00\n");
        Path md = Files.createDirectories(sys.resolve("block/md0/md"));
        Files.writeString(md.resolve("level"), "raid5\n");
        Files.createDirectories(md.resolve("dev-vdb")); // its block link already removed
        Files.writeString(md.resolve("dev-vdb/state"), "faulty\n");
        Path out = dir.resolve("snap");
        SnapshotRecorder.record(new Roots(proc, sys), out);
        assertThat(Files.readString(out.resolve("sys/block/md0/md/level"))).isEqualTo("raid5\n");
        assertThat(Files.readString(out.resolve("sys/block/md0/md/dev-vdb/state"))).isEqualTo("faulty\n");
        assertThat(out.resolve("sys/block/md0/md/dev-vdb/block")).doesNotExist();
    }

    @Test
    void aSnapshotKeepsWhatRecognitionAndHealthRead() throws Exception {
        Path out = dir.resolve("snap");
        SnapshotRecorder.record(Roots.of(PERC_H700), out);
        assertThat(Files.readString(out.resolve("sys/class/scsi_host/host0/proc_name"))).isEqualTo("megaraid_sas\n");
        assertThat(out.resolve("sys/block/sda/device/scsi_device/0:2:0:0")).isDirectory();
        for (String f : new String[] {"vendor", "model", "state", "ioerr_cnt", "iotmo_cnt"}) {
            assertThat(out.resolve("sys/block/sda/device/" + f)).hasSameBinaryContentAs(
                    PERC_H700.resolve("sys").resolve("block/sda/device/" + f));
        }
        assertThat(HardwareVolumes.scan(out.resolve("sys"), Map.of()).volumes()).singleElement()
                .satisfies(v -> assertThat(v.recognisedBy()).isEqualTo("megaraid_sas volume: channel 2"));
    }
}
