package io.raidpulse.collector.tools.arrays;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.md.Fixtures;
import io.raidpulse.collector.tools.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arrays --config} on the lab's PERC H700 host, and a bad declaration on the command line. */
class ArraysWithVolumesTest {
    /** The collector's fixture of that host (its README says how it was recorded). */
    static final Path FIXTURE = Fixtures.dir("hwraid-perc-h700");
    static final Path SYS = FIXTURE.resolve("sys");

    @TempDir
    Path tmp;

    private static String[] on(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--proc-root", FIXTURE.resolve("proc").toString(),
                "--sys-root", SYS.toString()));
        return all.toArray(String[]::new);
    }

    @Test
    void theVolumeWithWhatWasDeclaredAndTheWarningForAContradictedDeclaration() throws Exception {
        Path config = Files.writeString(tmp.resolve("collector.properties"), """
                collector.hwraid.sda.level=raid5
                collector.hwraid.sda.disks=4
                collector.hwraid.sda.controller=PERC H700
                collector.hwraid.vda.level=raid1
                """);
        Run text = Run.of(on("arrays", "--config", config.toString()));
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).isEqualTo("""
                sda: hardware raid5, 4 disks, PERC H700 (megaraid_sas 0:2:0:0), state running, I/O errors 7, timeouts 0
                  sysfs: recognised (megaraid_sas volume: channel 2)
                  declared: raid5, 4 disks, controller PERC H700
                vda: hardware raid1, state -, I/O errors -, timeouts -
                  sysfs: contradicts the declaration (it is not a SCSI disk (no %s), and a RAID controller's volumes are)
                  declared: raid1
                """.formatted(SYS.resolve("block/vda/device/scsi_device")));
        assertThat(text.err()).startsWith("warning: collector.hwraid.vda declares a hardware RAID volume, but sysfs says otherwise: ");

        Run json = Run.of(on("arrays", "--json"));
        assertThat(json.exitCode()).isZero();
        assertThat(json.err()).isEmpty();
        JsonNode sda = json.jsonLines().get(0);
        assertThat(sda.get("kind").asText()).isEqualTo("hardware");
        assertThat(sda.get("recognised_by").asText()).isEqualTo("megaraid_sas volume: channel 2");
        assertThat(sda.get("declared").asBoolean()).isFalse();
        assertThat(sda.get("level").isNull()).isTrue();
        assertThat(sda.get("controller").asText()).isEqualTo("DELL PERC H700");
        assertThat(sda.get("ioerr_cnt").asLong()).isEqualTo(7);
    }

    @Test
    void aBadDeclarationIsOneLineAndExitTwoForArraysAndForCollect() throws Exception {
        Path config = Files.writeString(tmp.resolve("bad.properties"), "collector.hwraid.sda.level=raid5\ncollector.hwraid.sda.disks=2\n");
        for (Run run : List.of(Run.of(on("arrays", "--config", config.toString())),
                Run.of("collect", "--config", config.toString(), "--spool-dir", tmp.resolve("spool").toString(),
                        "--bootstrap-servers", "127.0.0.1:9"))) {
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err().strip()).doesNotContain("\n").doesNotContain("Exception")
                    .endsWith("config collector.hwraid.sda.disks: a raid5 volume has at least 3 disks, got 2");
        }
    }
}
