package io.raidpulse.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.model.capacity.CapacityCalculator;
import io.raidpulse.model.capacity.CapacityQuery;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CapacityCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void jsonHasTheDocumentedKeysAndTheModelsNumbers() throws Exception {
        assertThat(run("capacity", "--level", "raid5", "--disks", "4", "--disk-read-iops", "550", "--disk-write-iops", "480",
                "--disk-seq-mbps", "268", "--read-fraction", "0.5", "--member-size", "16T", "--json")).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.fieldNames()).toIterable().contains("random_read_iops", "random_write_iops", "mixed_iops",
                "seq_read_mbps", "seq_write_mbps", "usable_fraction", "degraded_random_read_iops", "rebuild_hours");
        var expected = CapacityCalculator.compute(new CapacityQuery("raid5", 4, null, 550, 480, 268, 0.5, 4096, 32, null, 16_000_000_000_000L));
        assertThat(json.get("mixed_iops").asDouble()).isEqualTo(expected.mixedIops());
        assertThat(json.get("usable_fraction").asDouble()).isEqualTo(0.75);
        assertThat(json.get("rebuild_hours").asDouble()).isGreaterThanOrEqualTo(21.7);
    }

    @Test
    void rebuildIsNullWithoutAMemberSize() throws Exception {
        assertThat(run("capacity", "--level", "raid10", "--disks", "4", "--disk-profile", "default-hdd-7200", "--json")).isZero();
        assertThat(new ObjectMapper().readTree(out.toString()).get("rebuild_hours").isNull()).isTrue();
    }

    @Test
    void raid10HalvesUsableCapacityAndDoublesRandomWritesOverRaid5() throws Exception {
        run("capacity", "--level", "raid10", "--disks", "4", "--disk-profile", "default-hdd-7200", "--json");
        JsonNode raid10 = new ObjectMapper().readTree(out.toString());
        out.getBuffer().setLength(0);
        run("capacity", "--level", "raid5", "--disks", "4", "--disk-profile", "default-hdd-7200", "--json");
        JsonNode raid5 = new ObjectMapper().readTree(out.toString());
        assertThat(raid10.get("usable_fraction").asDouble()).isEqualTo(0.5);
        assertThat(raid10.get("random_write_iops").asDouble() / raid5.get("random_write_iops").asDouble()).isBetween(1.8, 2.2);
    }

    @Test
    void userErrorsAreOneLineWithExitTwo() {
        assertThat(run("capacity", "--level", "raid7", "--disks", "4", "--disk-profile", "default-hdd-7200")).isEqualTo(2);
        assertThat(err.toString().lines()).containsExactly(
                "raidpulse capacity: unknown RAID level 'raid7' (expected raid0, raid1, raid5, raid6, raid10, raid0-over-raid1 or single)");
        err.getBuffer().setLength(0);
        assertThat(run("capacity", "--level", "raid5", "--disks", "4", "--disk-profile", "nope")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1).first().asString().startsWith("raidpulse capacity: no built-in disk profile 'nope'");
        err.getBuffer().setLength(0);
        assertThat(run("capacity", "--level", "raid5", "--disks", "4", "--block-size", "huge", "--disk-profile", "default-hdd-7200")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1);
    }
}
