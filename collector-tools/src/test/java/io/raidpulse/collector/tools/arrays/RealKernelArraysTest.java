package io.raidpulse.collector.tools.arrays;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.md.Fixtures;
import io.raidpulse.collector.tools.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code arrays} and {@code record} on the snapshots recorded on Debian's kernel 6.1.0-57-amd64 in
 * QEMU with mdadm 4.2 (the collector's fixtures/real-md, see its README; what the readers make of
 * them, against mdadm --detail: the collector's RealKernelMdTest).
 */
class RealKernelArraysTest {

    private static Path root(String snapshot) {
        return Fixtures.dir("real-md/" + snapshot);
    }

    @Test
    void raid0LayoutMinusOneIsNoLayoutAndTheArrayKeepsItsSysfsState() {
        Path root = root("01-raid0-and-nested");
        Run run = Run.of("arrays", "--proc-root", root.resolve("proc").toString(), "--sys-root", root.resolve("sys").toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).as("no warning for layout -1").isEmpty();
        assertThat(run.out()).contains("md0: raid0, chunk 512 KiB, state clean, 2 disks\n");
    }

    @Test
    void recoveryProgressIsMdstatsLivePosition() {
        Path root = root("02-raid5-initial-recovery-a");
        Run run = Run.of("arrays", "--proc-root", root.resolve("proc").toString(), "--sys-root", root.resolve("sys").toString());
        assertThat(run.out()).contains("md4: raid5 left-symmetric, chunk 512 KiB, state clean, 4 disks, DEGRADED by 1,"
                + " recover 43.9% at 10021 KiB/s, about 24 s left\n  members: vdg[0]#0(in_sync) vdh[1]#1(in_sync)"
                + " vdi[2]#2(in_sync) vdj[3]#4(rebuilding)\n");
    }

    @Test
    void memberBeingRebuiltIsUnknownFromMdstatAlone() {
        Run run = Run.of("arrays", "--proc-root", root("06-raid5-spare-rebuilding").resolve("proc").toString(),
                "--sys-root", "/nonexistent-sys");
        assertThat(run.out()).contains("  members: vdh[?]#5(unknown) vdj[?]#4(unknown) vdi[?]#2(unknown) vdg[?]#0(unknown)\n"
                + "  (unknown: /proc/mdstat alone does not tell a member being rebuilt from one in sync)\n");
    }

    @Test
    void recordKeepsRecoveryStartAndWhatExplainsASync(@TempDir Path tmp) throws IOException {
        Path host = tmp.resolve("host");
        try (Stream<Path> walk = Files.walk(root("06-raid5-spare-rebuilding"))) {
            for (Path p : walk.toList()) {
                Path to = host.resolve(root("06-raid5-spare-rebuilding").relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        // the recorder of that day did not keep these; the values are md4's in sysfs-dump/md4.sysfs (fixtures/real-md/README.md)
        Path md = host.resolve("sys/block/md4/md");
        Files.writeString(md.resolve("dev-vdh/recovery_start"), "326440\n");
        Files.writeString(md.resolve("dev-vdg/recovery_start"), "none\n");
        Files.writeString(md.resolve("last_sync_action"), "recovery\n");
        Files.writeString(md.resolve("sync_min"), "0\n");
        Files.writeString(md.resolve("sync_max"), "max\n");
        Files.writeString(md.resolve("sync_speed_max"), "10000 (system)\n");
        Path out = tmp.resolve("snap");
        Run rec = Run.of("record", "--proc-root", host.resolve("proc").toString(), "--sys-root", host.resolve("sys").toString(),
                "--out", out.toString(), "--count", "1");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        Path snap = out.resolve("00000");
        Path recorded = snap.resolve("sys/block/md4/md");
        assertThat(recorded.resolve("dev-vdh/recovery_start")).hasContent("326440");
        assertThat(recorded.resolve("dev-vdg/recovery_start")).hasContent("none");
        assertThat(recorded.resolve("last_sync_action")).hasContent("recovery");
        assertThat(recorded.resolve("sync_min")).hasContent("0");
        assertThat(recorded.resolve("sync_max")).hasContent("max");
        assertThat(recorded.resolve("sync_speed_max")).hasContent("10000 (system)");
        Run arrays = Run.of("arrays", "--json", "--proc-root", snap.resolve("proc").toString(), "--sys-root", snap.resolve("sys").toString());
        assertThat(arrays.err()).isEmpty();
        var md4 = arrays.jsonLines().stream().filter(l -> l.get("name").asText().equals("md4")).findFirst().orElseThrow();
        assertThat(md4.get("last_sync_action").asText()).as("6.1's 'recovery' in sync_action's words").isEqualTo("recover");
        assertThat(md4.get("members").get(1).get("device").asText()).isEqualTo("vdh");
        assertThat(md4.get("members").get(1).get("status").asText()).isEqualTo("rebuilding");
        assertThat(md4.get("members").get(1).get("recovery_start_sectors").asLong()).isEqualTo(326440L);
        assertThat(md4.get("members").get(0).get("recovery_start_sectors").isNull()).isTrue();
    }
}
