package io.raidpulse.collector.tools.arrays;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.md.Fixtures;
import io.raidpulse.collector.tools.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arrays} on md sysfs trees (the collector's fixtures/sys-md, laid out like a root) and /proc/mdstat. */
class ArraysCommandTest {
    private static final Path ROOT = Fixtures.dir("sys-md");

    @Test
    void timeLeftAsAnOperatorReadsIt() {
        assertThat(ArraysCommand.duration(0)).isEqualTo("0 s");
        assertThat(ArraysCommand.duration(4)).isEqualTo("4 s");
        assertThat(ArraysCommand.duration(119)).isEqualTo("119 s");
        assertThat(ArraysCommand.duration(120)).isEqualTo("2 min");
        assertThat(ArraysCommand.duration(7199)).isEqualTo("119 min");
        assertThat(ArraysCommand.duration(7200)).isEqualTo("2 h");
        assertThat(ArraysCommand.duration(9716)).isEqualTo("2 h 41 min");
        assertThat(ArraysCommand.duration(47 * 3600 + 59 * 60)).isEqualTo("47 h 59 min");
        assertThat(ArraysCommand.duration(48 * 3600)).isEqualTo("2 d");
        assertThat(ArraysCommand.duration(3 * 86400 + 5 * 3600 + 59)).isEqualTo("3 d 5 h");
    }

    @Test
    void arraysJsonHasTheDocumentedKeys() {
        Run run = Run.of("arrays", "--json", "--proc-root", ROOT.resolve("proc").toString(), "--sys-root", ROOT.resolve("sys").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> lines = run.jsonLines();
        assertThat(lines).hasSize(7);
        JsonNode md1 = lines.stream().filter(l -> l.get("name").asText().equals("md1")).findFirst().orElseThrow();
        assertThat(md1.fieldNames()).toIterable().containsExactly("name", "kind", "source", "active", "level", "layout", "chunk_kib",
                "state", "size_kib", "raid_disks", "degraded", "sync_action", "sync_state", "sync_completed_pct",
                "sync_done_sectors", "sync_total_sectors", "sync_speed_kib_s", "sync_eta_s", "sync_checkpoint_sectors",
                "mismatch_cnt", "last_sync_action", "bitmap", "consistency_policy", "members", "leaf_disks");
        assertThat(md1.get("sync_eta_s").asLong()).as("finish=161.9min").isEqualTo(9714L);
        assertThat(md1.get("sync_checkpoint_sectors").asLong()).isEqualTo(1048576L);
        assertThat(md1.get("members").get(1).fieldNames()).toIterable()
                .containsExactly("device", "role", "number", "status", "state", "errors", "recovery_start_sectors");
        assertThat(md1.get("members").get(2).get("number").asInt()).as("sde1[2](F)").isEqualTo(2);
        assertThat(md1.get("members").get(1).get("status").asText()).isEqualTo("rebuilding");
        assertThat(md1.get("members").get(1).get("recovery_start_sectors").asLong()).isEqualTo(1048576L);
        assertThat(md1.get("members").get(2).get("device").asText()).isEqualTo("sde1");
        assertThat(md1.get("members").get(2).get("role").isNull()).isTrue();
        assertThat(md1.get("members").get(2).get("status").asText()).isEqualTo("faulty");
        assertThat(md1.get("members").get(2).get("state").get(0).asText()).isEqualTo("faulty");
        JsonNode md4 = lines.stream().filter(l -> l.get("name").asText().equals("md4")).findFirst().orElseThrow();
        assertThat(md4.get("sync_eta_s").isNull()).isTrue();
        assertThat(md4.get("chunk_kib").asLong()).isEqualTo(64);
        Run text = Run.of("arrays", "--proc-root", ROOT.resolve("proc").toString(), "--sys-root", ROOT.resolve("sys").toString());
        assertThat(text.out()).contains("md1: raid1, state active, 2 disks, DEGRADED by 1, recover 0.0% at 201000 KiB/s,"
                + " about 2 h 41 min left\n  members: sdc1[0]#0(in_sync) sdd1[1]#1(rebuilding) sde1[-]#2(faulty)\n");
        assertThat(text.out()).contains("  members: sdk[0]#0(in_sync) sdl[1]#1(in_sync) sdm[2]#2(in_sync) sdn[3]#3(in_sync)"
                + " sdo[4]#4(in_sync,want_replacement) sdp[5]#5(in_sync) sdq[4]#6(rebuilding,replacement)\n");
        assertThat(text.out()).contains("mismatch_cnt 1024 (last check)");
        assertThat(text.out()).contains("md9: raid1, state active, 2 disks, not degraded\n  members: sdx1[?]#1(in_sync) sdw1[?]#0(in_sync)");
    }

    @Test
    void shortEtaInSecondsAndLongerInMinutesAndHours(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("proc"));
        Files.writeString(tmp.resolve("proc/mdstat"), "Personalities : [raid1]\n"
                + "md0 : active raid1 sdb[2] sda[0]\n"
                + "      522240 blocks super 1.2 [2/1] [U_]\n"
                + "      [===================>.]  recovery = 99.9% (522000/522240) finish=0.0min speed=60K/sec\n"
                + "      \n"
                + "unused devices: <none>\n");
        Run run = Run.of("arrays", "--proc-root", tmp.resolve("proc").toString(), "--sys-root", tmp.resolve("sys").toString());
        // finish=0.0min: md says under 6 s (truncated); the KiB left over the speed say how much under
        assertThat(run.out()).contains("recover 99.9% at 60 KiB/s, about 4 s left\n");
    }
}
