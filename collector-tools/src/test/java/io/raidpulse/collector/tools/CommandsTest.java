package io.raidpulse.collector.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.tools.iostat.IostatReport;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands as a user runs them, on a synthetic host. */
class CommandsTest {
    @TempDir
    Path tmp;

    @Test
    void iostatWithIntervalAndCountPrintsSinceBootThenEachInterval() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 6, 1, 3);
        Thread mover = new Thread(() -> {
            try {
                for (int i = 0; i < 8; i++) {
                    Thread.sleep(100);
                    host.advance(0.1);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        mover.start();
        Run run = Run.of("iostat", "--json", "--proc-root", tmp.resolve("host/proc").toString(),
                "--sys-root", tmp.resolve("host/sys").toString(), "0.3", "2");
        mover.join();
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> lines = run.jsonLines();
        // whole devices under sys/block: 6 disks and md0 (partitions are not iostat's default)
        assertThat(lines).hasSize(14);
        assertThat(lines.subList(0, 7)).extracting(l -> l.get("disk_device").asText())
                .containsExactly("sda", "sdb", "sdc", "sdd", "sde", "sdf", "md0");
        assertThat(lines.get(7).get("r/s").asDouble()).isPositive();

        Run text = Run.of("iostat", "--proc-root", tmp.resolve("host/proc").toString(), "--sys-root", tmp.resolve("host/sys").toString());
        assertThat(text.out().lines().findFirst()).contains(IostatReport.HEADER);
        assertThat(text.out().lines().skip(1).findFirst().orElseThrow()).startsWith("sda          ");
    }

    @Test
    void sampleCostReadsTheHostsFilesKeptOpenOrOpenedEachTime() throws Exception {
        for (String reading : List.of("kept", "files")) {
            Run run = Run.of("sample-cost", "--devices", "8", "--arrays", "2", "--cgroups", "20", "--warmup", "3", "--cycles", "5",
                    "--reading", reading);
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.out()).contains("cycles measured: 5 after 3 warm-up; files "
                    + (reading.equals("kept") ? "kept open" : "opened, read and closed"));
            // the cgroups' io.stat were read, beside a sampler without attribution
            // 20 cgroups are read every cycle under auto: 5 readings in the 5 cycles
            assertThat(run.out()).containsPattern("with 20 cgroups \\([1-9]\\d* io.stat a reading, 5 readings in 5 cycles\\)");
        }
        assertThat(System.getProperty(io.raidpulse.collector.procfs.KeptFiles.ANY_FILESYSTEM_PROPERTY)).isNull();
        Run wrong = Run.of("sample-cost", "--reading", "sometimes");
        assertThat(wrong.exitCode()).isNotZero();
        assertThat(wrong.err().strip()).isEqualTo("raidpulse-collector-tools sample-cost: --reading sometimes: kept or files");
    }

    @Test
    void recordThenReplayADirectoryOfNumberedSnapshots() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 4, 1, 5);
        Path snaps = tmp.resolve("snaps");
        for (int i = 0; i < 3; i++) {
            Run rec = Run.of("record", "--proc-root", tmp.resolve("host/proc").toString(), "--sys-root",
                    tmp.resolve("host/sys").toString(), "--out", snaps.resolve("run" + i).toString(), "--count", "1");
            assertThat(rec.exitCode()).as(rec.err()).isZero();
            host.advance(2.5);
        }
        Path flat = tmp.resolve("flat");
        Files.createDirectories(flat);
        for (int i = 0; i < 3; i++) {
            Files.move(snaps.resolve("run" + i).resolve("00000"), flat.resolve(String.valueOf(i)));
        }
        assertThat(flat.resolve("0/sys/block/md0/md/dev-sda1/block")).isSymbolicLink();
        assertThat(flat.resolve("0/sys/block/sda/sda1/holders/md0")).isSymbolicLink();
        Run replay = Run.of("replay", "--json", flat.toString());
        assertThat(replay.exitCode()).as(replay.err()).isZero();
        assertThat(replay.jsonLines()).hasSize(2 * 5);
        Run arrays = Run.of("arrays", "--json", "--proc-root", flat.resolve("2/proc").toString(), "--sys-root", flat.resolve("2/sys").toString());
        assertThat(arrays.jsonLines()).singleElement().satisfies(a -> {
            assertThat(a.get("source").asText()).isEqualTo("sysfs");
            assertThat(a.get("leaf_disks").toString()).isEqualTo("[\"sda1\",\"sdb1\",\"sdc1\",\"sdd1\"]");
        });
    }

    @Test
    void userErrorsAreOneLineAndExitTwo() throws Exception {
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 4, 1, 5);
        Run one = Run.of("replay", host.root().toString());
        assertThat(one.exitCode()).isEqualTo(2);
        assertThat(one.err().strip()).isEqualTo("raidpulse-collector-tools replay: replay needs at least two snapshots, got 1");
        Run empty = Run.of("replay", tmp.toString());
        assertThat(empty.exitCode()).isEqualTo(2);
        assertThat(empty.err().strip()).hasLineCount(1);
        Run noUptime = Run.of("iostat", "--proc-root", tmp.resolve("nowhere").toString());
        assertThat(noUptime.exitCode()).isEqualTo(1);
        assertThat(noUptime.err()).contains("uptime is missing or unreadable");
    }
}
