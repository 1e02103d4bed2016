package io.raidpulse.collector.md;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.MdstatArray;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the sampling loop's md sysfs reader opens each cycle, and that a change it is told of
 * comes with the same cycle's array while one it is not comes within {@link MdSysfsFiles#REFRESH}.
 */
class MdSysfsFilesTest {
    private static final String MDSTAT = """
            Personalities : [raid1]
            md0 : active raid1 sdb1[1] sda1[0]
                  2093056 blocks super 1.2 [2/2] [UU]
                  bitmap: 1/1 pages [4KB], 65536KB chunk

            unused devices: <none>
            """;

    @TempDir
    Path sys;
    private Path md;
    private final List<String> opened = new ArrayList<>();
    private final MdSysfsFiles files = new MdSysfsFiles();
    private long now = 1_000_000;

    @BeforeEach
    void array() throws IOException {
        md = Files.createDirectories(sys.resolve("block/md0/md"));
        write("../size", "2093056");
        write("level", "raid1");
        write("layout", "0");
        write("chunk_size", "0");
        write("raid_disks", "2");
        write("degraded", "0");
        write("array_state", "clean");
        write("sync_action", "idle");
        write("last_sync_action", "resync");
        write("sync_completed", "none");
        write("sync_speed", "none");
        write("mismatch_cnt", "0");
        write("consistency_policy", "bitmap");
        for (String d : List.of("sda1", "sdb1")) {
            write("dev-" + d + "/state", "in_sync");
            write("dev-" + d + "/slot", d.equals("sda1") ? "0" : "1");
            write("dev-" + d + "/errors", "0");
            write("dev-" + d + "/recovery_start", "none");
        }
    }

    private void write(String file, String text) throws IOException {
        Path f = md.resolve(file).normalize();
        Files.createDirectories(f.getParent());
        Files.writeString(f, text + "\n");
    }

    /** One cycle, {@code seconds} after the last: the array, with what it opened in {@link #opened}. */
    private MdSysfsArray cycle(double seconds, String mdstat) {
        now += (long) (seconds * 1000);
        opened.clear();
        MdstatArray entry = Mdstat.parse(mdstat, "mdstat").arrays().get(0);
        MdSysfsArray a = files.read(sys, "md0", entry, path -> {
            opened.add(md.relativize(Path.of(path)).toString());
            return ProcFiles.read(path);
        }, now);
        files.endCycle();
        return a;
    }

    private MdSysfsArray whole() {
        return MdSysfsReader.read(sys, "md0");
    }

    @Test
    void theFirstCycleReadsTheWholeArrayAndTheNextOnlyWhatTellsOfAChange() {
        MdSysfsArray first = cycle(1, MDSTAT);
        assertThat(first).usingRecursiveComparison().ignoringFields("problems").isEqualTo(whole());
        assertThat(opened).hasSize(19);
        MdSysfsArray second = cycle(1, MDSTAT);
        assertThat(opened).containsExactlyInAnyOrder("array_state", "degraded", "sync_action", "dev-sda1/state", "dev-sdb1/state");
        assertThat(second).usingRecursiveComparison().ignoringFields("problems").isEqualTo(whole());
    }

    @Test
    void flippingBetweenCleanAndActiveUnderWritesReadsNoMore() throws IOException {
        cycle(1, MDSTAT);
        write("array_state", "active");
        assertThat(cycle(1, MDSTAT).arrayState()).isEqualTo("active");
        assertThat(opened).hasSize(5);
        write("array_state", "readonly");
        cycle(1, MDSTAT);
        assertThat(opened).contains("level", "dev-sda1/slot");
    }

    @Test
    void aCheckReadsItsProgressEveryCycleAndItsMismatchesInTheCycleItEnds() throws IOException {
        cycle(1, MDSTAT);
        write("sync_action", "check");
        write("sync_completed", "1024 / 4186112");
        write("sync_speed", "50000");
        String checking = MDSTAT.replace("65536KB chunk\n", "65536KB chunk\n      [>....]  check =  0.1% (512/2093056) finish=1.0min speed=50000K/sec\n");
        assertThat(cycle(1, checking).checkpointDone()).isEqualTo(1024L);
        write("sync_completed", "2048 / 4186112");
        write("mismatch_cnt", "128");
        MdSysfsArray moving = cycle(1, checking.replace("(512/", "(1024/"));
        assertThat(opened).contains("sync_completed", "sync_speed", "mismatch_cnt").doesNotContain("level", "dev-sda1/slot");
        assertThat(moving.checkpointDone()).isEqualTo(2048L);
        assertThat(moving.mismatchCnt()).isEqualTo(128L);
        write("sync_action", "idle");
        write("sync_completed", "none");
        write("sync_speed", "none");
        write("mismatch_cnt", "256");
        write("last_sync_action", "check");
        MdSysfsArray ended = cycle(1, MDSTAT);
        assertThat(ended.mismatchCnt()).isEqualTo(256L);
        assertThat(ended.lastSyncAction()).isEqualTo("check");
        assertThat(ended).usingRecursiveComparison().ignoringFields("problems").isEqualTo(whole());
    }

    @Test
    void aFailedMemberReadsTheWholeArrayInTheSameCycle() throws IOException {
        cycle(1, MDSTAT);
        write("dev-sdb1/state", "faulty");
        write("dev-sdb1/slot", "none");
        write("dev-sdb1/errors", "21");
        write("degraded", "1");
        MdSysfsArray failed = cycle(1, MDSTAT.replace("sdb1[1]", "sdb1[1](F)").replace("[2/2] [UU]", "[2/1] [U_]"));
        assertThat(failed.degraded()).isEqualTo(1);
        assertThat(failed.members().get(1).slot()).isNull();
        assertThat(failed.members().get(1).errors()).isEqualTo(21L);
        assertThat(failed).usingRecursiveComparison().ignoringFields("problems").isEqualTo(whole());
    }

    @Test
    void aReshapeShownOnlyInMdstatReadsTheWholeArray() throws IOException {
        cycle(1, MDSTAT);
        write("raid_disks", "3");
        MdSysfsArray grown = cycle(1, MDSTAT.replace("[2/2] [UU]", "[3/3] [UUU]"));
        assertThat(grown.raidDisks()).isEqualTo(3);
    }

    @Test
    void aMemberAddedOrRemovedReadsTheWholeArray() throws IOException {
        cycle(1, MDSTAT);
        write("dev-sdc1/state", "spare");
        write("dev-sdc1/slot", "none");
        write("dev-sdc1/errors", "0");
        write("dev-sdc1/recovery_start", "none");
        MdSysfsArray added = cycle(1, MDSTAT);
        assertThat(opened).contains("level", "dev-sdc1/slot");
        assertThat(added).usingRecursiveComparison().ignoringFields("problems").isEqualTo(whole());
    }

    @Test
    void whatChangesUnannouncedIsSeenWithinTheRefresh() throws IOException {
        cycle(1, MDSTAT);
        write("dev-sda1/errors", "3");
        write("consistency_policy", "resync");
        // the bitmap's page counts move with writes and announce nothing
        String pages = MDSTAT.replace("1/1 pages [4KB]", "0/1 pages [0KB]");
        double elapsed = 0;
        while (elapsed + 1 < MdSysfsFiles.REFRESH.toSeconds()) {
            MdSysfsArray a = cycle(1, pages);
            elapsed += 1;
            assertThat(a.members().get(0).errors()).as("after %s s", elapsed).isZero();
        }
        MdSysfsArray refreshed = cycle(1, pages);
        assertThat(refreshed.members().get(0).errors()).isEqualTo(3L);
        assertThat(refreshed.consistencyPolicy()).isEqualTo("resync");
    }

    @Test
    void aClockSetBackReadsTheWholeArray() throws IOException {
        cycle(1, MDSTAT);
        write("dev-sda1/errors", "3");
        assertThat(cycle(-3600, MDSTAT).members().get(0).errors()).isEqualTo(3L);
    }

    @Test
    void arraysNoLongerReadAreForgotten() {
        cycle(1, MDSTAT);
        assertThat(files.size()).isEqualTo(1);
        files.endCycle();
        assertThat(files.size()).isZero();
    }
}
