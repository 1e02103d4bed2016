package io.raidpulse.collector.hwraid;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HostSample of the lab's PERC H700 host: its hardware volumes as the collector sends them. */
class HardwareVolumeSamplesTest {
    @TempDir
    Path tmp;

    private static HostSampler sampler(Roots roots, DeviceFilter filter, Map<String, String> config) {
        return new HostSampler(new RootReader(roots, Clock.systemUTC()), filter, HostInfo.identity(roots, null), "test",
                Instant.parse("2026-01-01T00:00:00Z"), new BlockInventory(roots.sys(), null), System::nanoTime,
                Declaration.from(Settings.of(config)));
    }

    @Test
    void theVolumeWithWhatSysfsShowsWhatWasDeclaredAndItsHealthSurvivesTheWire() {
        Roots roots = Roots.of(HardwareVolumesTest.FIXTURE);
        HostSample sample = sampler(roots, DeviceFilter.defaults(), Map.of("collector.hwraid.sda.level", "raid5",
                "collector.hwraid.sda.disks", "4", "collector.hwraid.sda.disk-model", "ST33000650NS",
                "collector.hwraid.sda.cache", "write-back-battery", "collector.hwraid.vda.level", "raid1")).sample(0, 0);
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        HostSample read = codec.decode("t", codec.encode(sample));
        assertThat(read.getHardwareVolumes()).extracting(HardwareVolume::getDevice).containsExactly("sda", "vda");
        HardwareVolume sda = read.getHardwareVolumes().get(0);
        assertThat(sda).isEqualTo(HardwareVolume.newBuilder().setDevice("sda").setDriver("megaraid_sas").setScsiAddress("0:2:0:0")
                .setVendor("DELL").setModel("PERC H700").setRecognisedBy("megaraid_sas volume: channel 2").setDeclared(true)
                .setContradiction(null).setLevel("raid5").setDisks(4).setLayout(null).setDiskModel("ST33000650NS")
                .setController("DELL PERC H700").setCache("write-back-battery").setState("running").setIoerrCnt(7L).setIotmoCnt(0L)
                .build());
        HardwareVolume vda = read.getHardwareVolumes().get(1);
        assertThat(vda.getDeclared()).isTrue();
        assertThat(vda.getRecognisedBy()).isNull();
        assertThat(vda.getDriver()).isNull();
        assertThat(vda.getContradiction()).startsWith("it is not a SCSI disk");
        assertThat(read.getDevices()).anySatisfy(d -> assertThat(d.getName()).isEqualTo("sda"));
    }

    @Test
    void aVolumeIsSampledEvenWhenTheDeviceFilterLeavesItOutAsMdMembersAre() {
        Roots roots = Roots.of(HardwareVolumesTest.FIXTURE);
        HostSample sample = sampler(roots, new DeviceFilter(Pattern.compile("^vda$"), null), Map.of()).sample(0, 0);
        assertThat(sample.getDevices()).extracting(d -> d.getName()).contains("sda", "vda");
        assertThat(sample.getHardwareVolumes()).extracting(HardwareVolume::getDevice).containsExactly("sda");
        assertThat(sample.getHardwareVolumes().get(0).getDeclared()).isFalse();
        assertThat(sample.getHardwareVolumes().get(0).getController()).isEqualTo("DELL PERC H700");
    }

    @Test
    void aHostWithoutVolumesSendsAnEmptyListNotNull() {
        // the fixture's procfs with an empty sysfs: no SCSI disk, nothing declared
        Roots roots = new Roots(Roots.of(HardwareVolumesTest.FIXTURE).proc(), tmp);
        HostSample sample = sampler(roots, DeviceFilter.defaults(), Map.of()).sample(0, 0);
        assertThat(sample.getHardwareVolumes()).as("null is what a collector before HostSample v4 sends").isNotNull().isEmpty();
    }
}
