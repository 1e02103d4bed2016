package io.raidpulse.simulator.truth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.tree.HostTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sysstat's iostat as the oracle (docs/iostat.md#iostat-as-the-oracle): in a private mount
 * namespace the simulated /sys/block/DEV/stat files and /proc/uptime are bind-mounted over the real
 * ones, and rewritten in place between iostat's reads, so iostat computes its reports from exactly
 * the simulator's counters. Needs root, unshare (util-linux) and iostat (sysstat 12.x).
 */
class IostatOracleIT {
    @TempDir
    Path dir;

    static void writeInstant(HostTree t, Path root) throws IOException {
        for (String line : t.file("proc/diskstats").split("\n")) {
            String name = line.trim().split(" +")[2];
            if (t.link("sys/block/" + name) == null) {
                continue;
            }
            Path stat = root.resolve("block").resolve(name).resolve("stat");
            Files.createDirectories(stat.getParent());
            String dirPath = Path.of("sys/block").resolve(t.link("sys/block/" + name)).normalize().toString();
            // in place: the bind mount pins the inode
            Files.writeString(stat, t.file(dirPath + "/stat"), StandardCharsets.US_ASCII, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        }
        Files.writeString(root.resolve("uptime"), t.file("proc/uptime"), StandardCharsets.US_ASCII, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    }

    @Test
    void iostatAgreesWithTheGroundTruth() throws Exception {
        String missing = missingTools();
        assertThat(missing).as("the iostat oracle needs root, unshare and iostat: " + missing
                + " (as root: apt-get install sysstat util-linux)").isNull();
        List<HostTree> trees = new ArrayList<>();
        Simulation sim = Simulation.start(ShippedScenarios.load("member-failure"), (tree, index) -> trees.add(tree));
        sim.run();
        // three instants during the rebuild: members saturated, md's own counters busy, recovery I/O merged
        int first = 145;
        writeInstant(trees.get(first), dir);
        ProcessBuilder pb = new ProcessBuilder("unshare", "-m", "sh", "-c",
                "mount --bind " + dir.resolve("block") + " /sys/block && mount --bind " + dir.resolve("uptime")
                        + " /proc/uptime && exec iostat -y -x -d -o JSON 2 2");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        Thread.sleep(1000);
        writeInstant(trees.get(first + 1), dir);
        Thread.sleep(2000);
        writeInstant(trees.get(first + 2), dir);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(output).isZero();
        JsonNode reports = new ObjectMapper().readTree(output).path("sysstat").path("hosts").get(0).path("statistics");
        assertThat(reports.size()).as(output).isEqualTo(2);
        int compared = 0;
        for (int r = 0; r < 2; r++) {
            StepTruth truth = sim.truth().steps().get(first + r);
            for (JsonNode disk : reports.get(r).path("disk")) {
                DeviceTruth d = truth.device(disk.get("disk_device").asText());
                assertThat(d).as(disk.toString()).isNotNull();
                String what = "report " + r + " " + d.device();
                assertThat(disk.get("r/s").asDouble()).as(what + " r/s").isCloseTo(d.readsPerSecond(), within(0.25));
                assertThat(disk.get("w/s").asDouble()).as(what + " w/s").isCloseTo(d.writesPerSecond(), within(0.25));
                assertThat(disk.get("f/s").asDouble()).as(what + " f/s").isCloseTo(d.flushesPerSecond(), within(0.25));
                assertThat(disk.get("rkB/s").asDouble()).as(what + " rkB/s").isCloseTo(d.readKbPerSecond(), within(0.2));
                assertThat(disk.get("wkB/s").asDouble()).as(what + " wkB/s").isCloseTo(d.writeKbPerSecond(), within(0.2));
                assertThat(disk.get("rrqm/s").asDouble()).as(what + " rrqm/s").isCloseTo(d.readMergesPerSecond(), within(0.25));
                assertThat(disk.get("util").asDouble()).as(what + " util").isCloseTo(d.util(), within(0.15));
                assertThat(disk.get("aqu-sz").asDouble()).as(what + " aqu-sz").isCloseTo(d.queueSize(), within(0.01 + d.queueSize() * 0.001));
                assertThat(disk.get("r_await").asDouble()).as(what + " r_await").isCloseTo(d.readAwaitMs(), within(0.02 + d.readAwaitMs() * 0.01));
                assertThat(disk.get("w_await").asDouble()).as(what + " w_await").isCloseTo(d.writeAwaitMs(), within(0.02 + d.writeAwaitMs() * 0.01));
                assertThat(disk.get("rareq-sz").asDouble()).as(what + " rareq-sz").isCloseTo(d.readRequestKb(), within(0.02 + d.readRequestKb() * 0.01));
                compared++;
            }
        }
        // sda, sdb, sdc, sdd and md0 in both reports
        assertThat(compared).isEqualTo(10);
    }

    /** What keeps the oracle from running here, or null. */
    static String missingTools() throws InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "not running as root (unshare -m needs it)";
        }
        for (String tool : List.of("unshare", "iostat")) {
            try {
                Process p = new ProcessBuilder(tool, "-V").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                p.waitFor();
            } catch (IOException e) {
                return tool + " is not installed";
            }
        }
        return null;
    }
}
