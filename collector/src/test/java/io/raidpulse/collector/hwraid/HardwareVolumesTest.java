package io.raidpulse.collector.hwraid;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recognition and declarations against the lab's PERC H700 (fixtures/hwraid-perc-h700: a snapshot
 * of the perc-h700-saturation recording, Debian 6.1's megaraid_sas driving QEMU's LSI SAS 2108),
 * and against copies of it changed where another controller or driver would differ.
 */
class HardwareVolumesTest {
    static final Path FIXTURE = Path.of("src/test/resources/fixtures/hwraid-perc-h700");
    static final Path SYS = FIXTURE.resolve("sys");

    @TempDir
    Path tmp;

    @Test
    void theLabsPercH700VolumeIsAMegaraidLogicalDriveOnChannelTwo() {
        ScsiDisk sda = ScsiDisk.read(SYS, "sda");
        assertThat(sda).isEqualTo(new ScsiDisk("sda", 0, 2, 0, 0, "megaraid_sas", "DELL", "PERC H700"));
        assertThat(sda.address()).isEqualTo("0:2:0:0");
        assertThat(VolumeRules.judge(sda)).isEqualTo(new VolumeRules.Verdict(VolumeRules.Kind.VOLUME, "megaraid_sas volume: channel 2"));
        assertThat(ScsiDisk.read(SYS, "vda")).as("a virtio disk has no SCSI address").isNull();
        assertThat(ScsiDisk.devices(SYS)).containsExactly("sda");
    }

    @Test
    void theChannelTellsAVolumeFromADiskTheControllerPassesThrough() throws IOException {
        Path sys = copy();
        Path address = sys.resolve("block/sda/device/scsi_device");
        Files.move(address.resolve("0:2:0:0"), address.resolve("0:0:5:0"));
        Files.writeString(sys.resolve("block/sda/device/vendor"), "ATA     \n");
        Files.writeString(sys.resolve("block/sda/device/model"), "ST33000650NS    \n");
        VolumeRules.Verdict v = VolumeRules.judge(ScsiDisk.read(sys, "sda"));
        assertThat(v.kind()).isEqualTo(VolumeRules.Kind.DISK);
        assertThat(v.reason()).isEqualTo("a disk megaraid_sas passes through: channel 0 (its volumes are on channel 2 and 3)");
    }

    @Test
    void eachDriverOfTheTableAndTheVolumesInquiryStrings() throws IOException {
        assertThat(judge("mpt3sas", "1:1:0:0", "LSI", "Logical Volume")).isEqualTo(VolumeRules.Kind.VOLUME);
        assertThat(judge("mpt3sas", "1:0:3:0", "ATA", "ST33000650NS")).isEqualTo(VolumeRules.Kind.DISK);
        assertThat(judge("aacraid", "2:0:0:0", "Adaptec", "RAID10")).isEqualTo(VolumeRules.Kind.VOLUME);
        assertThat(judge("aacraid", "2:1:0:0", "ATA", "ST33000650NS")).isEqualTo(VolumeRules.Kind.DISK);
        assertThat(judge("hpsa", "3:1:0:0", "HP", "LOGICAL VOLUME")).isEqualTo(VolumeRules.Kind.VOLUME);
        assertThat(judge("hpsa", "3:0:2:0", "ATA", "ST33000650NS")).as("a disk of a Smart Array in HBA mode").isEqualTo(VolumeRules.Kind.DISK);
        assertThat(judge("smartpqi", "4:1:0:0", "HPE", "LOGICAL VOLUME")).isEqualTo(VolumeRules.Kind.VOLUME);
        assertThat(judge("ahci", "5:0:0:0", "ATA", "ST33000650NS")).isEqualTo(VolumeRules.Kind.DISK);
        assertThat(judge("sata_nv", "5:0:0:0", "ATA", "ST33000650NS")).isEqualTo(VolumeRules.Kind.DISK);
        // a driver the table does not know: the volume's INQUIRY strings decide, else nothing is said
        assertThat(judge("cciss_scsi", "6:0:0:0", "COMPAQ", "LOGICAL VOLUME")).isEqualTo(VolumeRules.Kind.VOLUME);
        assertThat(judge("3w-9xxx", "7:0:0:0", "AMCC", "9650SE-8LP DISK")).isEqualTo(VolumeRules.Kind.UNKNOWN);
    }

    /** The fixture's sda as it would read behind {@code driver} at {@code address} with these INQUIRY strings. */
    private VolumeRules.Kind judge(String driver, String address, String vendor, String model) throws IOException {
        Path sys = copy();
        Files.writeString(sys.resolve("class/scsi_host/host0/proc_name"), driver + "\n");
        Path scsi = sys.resolve("block/sda/device/scsi_device");
        Files.move(scsi.resolve("0:2:0:0"), scsi.resolve(address));
        String host = address.substring(0, address.indexOf(':'));
        if (!host.equals("0")) {
            Files.createDirectories(sys.resolve("class/scsi_host/host" + host));
            Files.move(sys.resolve("class/scsi_host/host0/proc_name"), sys.resolve("class/scsi_host/host" + host + "/proc_name"));
        }
        Files.writeString(sys.resolve("block/sda/device/vendor"), vendor + "\n");
        Files.writeString(sys.resolve("block/sda/device/model"), model + "\n");
        ScsiDisk d = ScsiDisk.read(sys, "sda");
        assertThat(d.driver()).isEqualTo(driver);
        return VolumeRules.judge(d).kind();
    }

    @Test
    void recognisedDeclaredContradictedAndMissingVolumes() throws IOException {
        Map<String, Declaration> declared = Declaration.from(Settings.of(Map.of(
                "collector.hwraid.sda.level", "raid5", "collector.hwraid.sda.disks", "4",
                "collector.hwraid.sda.controller", "PERC H700", "collector.hwraid.sda.cache", "write-back-battery",
                "collector.hwraid.vda.level", "raid1", "collector.hwraid.sdz.level", "raid10")));
        HardwareVolumes v = HardwareVolumes.scan(SYS, declared);
        assertThat(v.volumes()).extracting(ObservedVolume::device).containsExactly("sda", "vda");
        ObservedVolume sda = v.volumes().get(0);
        assertThat(sda.recognisedBy()).isEqualTo("megaraid_sas volume: channel 2");
        assertThat(sda.contradiction()).isNull();
        assertThat(sda.declaration().level()).isEqualTo("raid5");
        assertThat(sda.controller()).isEqualTo("PERC H700");
        ObservedVolume vda = v.volumes().get(1);
        assertThat(vda.recognisedBy()).isNull();
        assertThat(vda.contradiction()).startsWith("it is not a SCSI disk (no ").endsWith("), and a RAID controller's volumes are");
        assertThat(v.warnings()).hasSize(2);
        assertThat(v.warnings().get(0)).startsWith("collector.hwraid.sdz declares a hardware RAID volume, but there is no block device sdz");
        assertThat(v.warnings().get(1)).startsWith("collector.hwraid.vda declares a hardware RAID volume, but sysfs says otherwise: "
                + "it is not a SCSI disk").endsWith("; it is reported as declared, marked contradicted");
        assertThat(v.notes()).containsExactly(
                "hardware RAID volume sda (PERC H700, megaraid_sas 0:2:0:0): recognised from sysfs (megaraid_sas volume: channel 2); "
                        + "declared: raid5, 4 disks, controller PERC H700, cache write-back-battery",
                "hardware RAID volume vda: declared, contradicted by sysfs (" + vda.contradiction() + "); declared: raid1");

        // nothing declared: the volume sysfs shows is reported all the same, and the note says what to declare
        HardwareVolumes bare = HardwareVolumes.scan(SYS, Map.of());
        assertThat(bare.volumes()).extracting(ObservedVolume::device).containsExactly("sda");
        assertThat(bare.volumes().get(0).controller()).isEqualTo("DELL PERC H700");
        assertThat(bare.warnings()).isEmpty();
        assertThat(bare.notes().get(0)).endsWith("nothing declared (collector.hwraid.sda.level and .disks tell what the OS cannot see: "
                + "its level and disks)");
    }

    @Test
    void aDeclarationOnADiskOfAPlainDriverIsContradicted() throws IOException {
        Path sys = copy();
        Files.writeString(sys.resolve("class/scsi_host/host0/proc_name"), "ahci\n");
        Path scsi = sys.resolve("block/sda/device/scsi_device");
        Files.move(scsi.resolve("0:2:0:0"), scsi.resolve("0:0:0:0"));
        HardwareVolumes v = HardwareVolumes.scan(sys, Declaration.from(Settings.of(Map.of("collector.hwraid.sda.level", "raid5"))));
        assertThat(v.volumes()).singleElement().satisfies(h -> {
            assertThat(h.recognisedBy()).isNull();
            assertThat(h.contradiction()).isEqualTo("its SCSI host's driver is ahci, which drives plain disks");
        });
        assertThat(v.warnings()).containsExactly("collector.hwraid.sda declares a hardware RAID volume, but sysfs says otherwise: "
                + "its SCSI host's driver is ahci, which drives plain disks; it is reported as declared, marked contradicted");
        // and without the declaration, an ahci disk is no volume at all
        assertThat(HardwareVolumes.scan(sys, Map.of()).volumes()).isEmpty();
    }

    @Test
    void healthAsTheKernelCountsIt() throws IOException {
        ScsiDeviceHealth h = ScsiDeviceHealth.read(SYS, "sda");
        assertThat(h.state()).isEqualTo("running");
        assertThat(h.ioerrCnt()).as("commands the PERC refused at probe, before any I/O").isEqualTo(7L);
        assertThat(h.iotmoCnt()).isZero();
        assertThat(h.problems()).isEmpty();

        Path sys = copy();
        Files.writeString(sys.resolve("block/sda/device/ioerr_cnt"), "0xzz\n");
        Files.writeString(sys.resolve("block/sda/device/state"), "garbage\u0001state\n");
        Files.delete(sys.resolve("block/sda/device/iotmo_cnt"));
        ScsiDeviceHealth bad = ScsiDeviceHealth.read(sys, "sda");
        assertThat(bad.state()).isNull();
        assertThat(bad.ioerrCnt()).isNull();
        assertThat(bad.iotmoCnt()).as("absent: unknown, not a problem").isNull();
        assertThat(bad.problems()).hasSize(2).anySatisfy(p -> assertThat(p).endsWith("ioerr_cnt: not a count: '0xzz'"))
                .anySatisfy(p -> assertThat(p).endsWith("state: not a SCSI device state: 'garbage?state'"));
    }

    @Test
    void theReadmeTableIsTheRulesTable() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String table = readme.substring(readme.indexOf("| driver (`proc_name`) |"));
        table = table.substring(0, table.indexOf("\n\n"));
        java.util.List<String> rows = table.lines().skip(2).toList();
        java.util.List<String> drivers = new java.util.ArrayList<>();
        for (String row : rows) {
            String[] cells = row.split("\\|");
            for (String d : cells[1].replace("`", "").split(",")) {
                drivers.add(d.strip());
                VolumeRules.RaidDriver rule = VolumeRules.RAID_DRIVERS.stream().filter(r -> r.driver().equals(d.strip())).findFirst()
                        .orElseThrow(() -> new AssertionError("README lists " + d.strip() + ", the rules do not"));
                assertThat(cells[2].strip()).as(rule.driver()).isEqualTo(rule.volumeChannels().replace(" and ", " or "));
            }
        }
        assertThat(drivers).containsExactlyInAnyOrderElementsOf(VolumeRules.RAID_DRIVERS.stream().map(VolumeRules.RaidDriver::driver).toList());
        for (String plain : VolumeRules.DISK_DRIVERS) {
            assertThat(readme).as("plain-disk driver %s in the README", plain).contains("`" + plain + "`");
        }
    }

    private Path copy() throws IOException {
        Path to = Files.createTempDirectory(tmp, "sys");
        try (Stream<Path> walk = Files.walk(SYS)) {
            for (Path p : walk.toList()) {
                Path t = to.resolve(SYS.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }
}
