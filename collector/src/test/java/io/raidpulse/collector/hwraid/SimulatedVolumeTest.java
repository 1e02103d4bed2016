package io.raidpulse.collector.hwraid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.tree.LiveTreeWriter;
import io.raidpulse.simulator.truth.DeviceTruth;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector reading the simulator's tree of the shipped hardware-raid-saturation scenario: the
 * PERC H700 volume is recognised from sysfs as on the lab's real megaraid_sas host, its declared
 * facts come from the scenario's collector settings, and its rates are the model's.
 */
class SimulatedVolumeTest {
    @TempDir
    Path tmp;

    @Test
    void theSimulatedPercVolumeIsRecognisedFromSysfsAndSampledAsTheModelServesIt() throws Exception {
        Scenario scenario = ShippedScenarios.load("hardware-raid-saturation");
        Simulation sim = Simulation.start(scenario, new LiveTreeWriter(tmp));
        Roots roots = Roots.of(tmp);
        HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), "test", Instant.parse("2026-01-01T00:00:00Z"), new BlockInventory(roots.sys(), null),
                System::nanoTime, Declaration.from(Settings.of(scenario.collectorSettings())));
        sampler.sample(0, 0);
        sim.step();
        HostSample sample = sampler.sample(1, 0);

        assertThat(sample.getHardwareVolumes()).singleElement().isEqualTo(HardwareVolume.newBuilder().setDevice("sda")
                .setDriver("megaraid_sas").setScsiAddress("0:2:0:0").setVendor("DELL").setModel("PERC H700")
                .setRecognisedBy("megaraid_sas volume: channel 2").setDeclared(true).setContradiction(null).setLevel("raid5")
                .setDisks(4).setLayout(null).setDiskModel("ST33000650SS").setController("PERC H700").setCache("write-through")
                .setState("running").setIoerrCnt(0L).setIotmoCnt(0L).build());
        assertThat(sampler.volumes().warnings()).isEmpty();

        DeviceSample sda = sample.getDevices().stream().filter(d -> d.getName().equals("sda")).findFirst().orElseThrow();
        DeviceTruth truth = sim.lastTruth().device("sda");
        assertThat(sda.getRotational()).as("what the controller reports of a volume of spinning disks").isTrue();
        assertThat(sda.getMetrics().getRS()).isCloseTo(truth.readsPerSecond(), within(1.0));
        assertThat(sda.getMetrics().getAquSz()).isCloseTo(truth.queueSize(), within(0.05));
        assertThat(sda.getMetrics().getUtil()).isCloseTo(truth.util(), within(0.5));
    }
}
