package io.raidpulse.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenario headers, and the shipped scenarios themselves. */
class ScenarioSpecTest {
    @TempDir
    Path dir;

    @Test
    void theHeaderGivesTheMachineAndTheGuestNamesFollowTheBus() throws Exception {
        Path s = dir.resolve("mixed.sh");
        Files.writeString(s, """
                # summary: two kinds of disk
                # disks: 2 x 256MiB hdd-7200
                # disks: 1 x 1GiB nvme
                # disks: 1 x 512MiB ssd
                # memory: 1GiB
                # timeout: 7m
                # suite: short
                lab_sleep 1
                # disks: 9 x 1GiB ssd   (after the first command: not header)
                """);
        ScenarioSpec spec = ScenarioSpec.parse(s);
        assertThat(spec.name()).isEqualTo("mixed");
        assertThat(spec.disks()).hasSize(4);
        assertThat(spec.memoryMiB()).isEqualTo(1024);
        assertThat(spec.timeoutSeconds()).isEqualTo(420);
        assertThat(spec.inSuite()).isTrue();
        assertThat(List.of(spec.guestName(0), spec.guestName(1), spec.guestName(2), spec.guestName(3)))
                .containsExactly("vda", "vdb", "vdc", "nvme0n1");
        assertThat(spec.disks().get(2).profile()).isEqualTo(LabDisk.SSD);
    }

    @Test
    void aControllerVolumeIsAScsiDiskOnItsOwnMegaRaidControllerWithThePercsInquiryStrings() throws Exception {
        Path s = dir.resolve("perc.sh");
        Files.writeString(s, "# summary: a PERC volume after a virtio disk\n# disks: 1 x 4GiB perc-h700\n# disks: 1 x 1GiB hdd-7200\n");
        ScenarioSpec spec = ScenarioSpec.parse(s);
        assertThat(List.of(spec.guestName(0), spec.guestName(1))).containsExactly("vda", "sda");
        assertThat(QemuMachine.device(spec, 1)).isEqualTo(
                "scsi-hd,id=d1,drive=t1,serial=lab-d1,bus=hba1.0,scsi-id=0,lun=0,vendor=DELL,product=PERC H700");
        List<String> cmd = QemuMachine.commandLine(new QemuMachine.Boot(
                new KernelPackage("linux-image-6.1.0-57-amd64", "6.1.158-1", "6.1.0-57-amd64", dir, KernelSuite.BOOKWORM,
                        List.of("linux-image-6.1.0-57-amd64")), dir,
                new Acceleration.Choice("tcg", "test"), 2, dir, dir, "run.sh", "lab-perc"), spec);
        // the controller before its volume, and the volume's reads and writes each at their own rate
        assertThat(String.join(" ", cmd)).contains("-device megasas-gen2,id=hba1 -device scsi-hd,id=d1")
                .contains("throttle-group,id=tg1,x-iops-read=600,x-iops-write=150,x-bps-read=480000000,x-bps-write=480000000");

        Files.writeString(s, "# summary: two volumes\n# disks: 2 x 4GiB perc-h700\n");
        assertThatThrownBy(() -> ScenarioSpec.parse(s)).hasMessageContaining("at most one RAID controller volume per scenario");
    }

    @Test
    void aBadHeaderLineIsNamed() throws Exception {
        Path s = dir.resolve("bad.sh");
        Files.writeString(s, "# summary: x\n# disks: 4 x 1TB hdd-7200\n");
        assertThatThrownBy(() -> ScenarioSpec.parse(s)).hasMessageContaining("bad.sh:2: expected 'disks: N x SIZE(MiB|GiB) PROFILE'");
        Files.writeString(s, "# summary: x\n# disks: 4 x 1GiB floppy\n");
        assertThatThrownBy(() -> ScenarioSpec.parse(s)).hasMessageContaining("bad.sh:2: unknown disk profile 'floppy'");
        Files.writeString(s, "# disks: 4 x 1GiB ssd\n");
        assertThatThrownBy(() -> ScenarioSpec.parse(s)).hasMessageContaining("no '# summary:' line");
    }

    @Test
    void theShippedScenariosParseAndOneIsInTheSuite() throws Exception {
        List<ScenarioSpec> all = ScenarioSpec.all(Path.of("scenarios"));
        assertThat(all).hasSizeGreaterThanOrEqualTo(9);
        assertThat(all).filteredOn(ScenarioSpec::inSuite).extracting(ScenarioSpec::name).containsExactly("raid5-short");
        for (ScenarioSpec s : all) {
            assertThat(s.disks()).as(s.name()).isNotEmpty();
            boolean md = Files.readString(s.script()).contains("mdadm --create");
            if (md) {
                assertThat(s.disks()).as("%s: md arrays need disks that keep data", s.name()).allMatch(d -> d.profile().keepsData());
            }
        }
    }
}
