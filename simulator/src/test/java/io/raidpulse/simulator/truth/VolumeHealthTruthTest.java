package io.raidpulse.simulator.truth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.ScenarioParser;
import io.raidpulse.simulator.tree.HostTree;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A hardware RAID volume taken offline and failing commands: what sysfs shows of it, what it serves
 * meanwhile, and the health episodes the truth gives, as the stream processor's rules judge them.
 */
class VolumeHealthTruthTest {
    static final String SCENARIO = """
            scenario volume-health
            duration 30m
            interval 10s
            profile sas read-iops=150 write-iops=150 seq=160MB/s model="ST33000650SS"
            controller perc0 host=0 driver=megaraid_sas vendor=DELL model="PERC H700"
            disk sda profile=sas size=9TB controller=perc0 address=0:2:0:0 level=raid5 disks=4
            disk sdb profile=sas size=3TB controller=perc0 address=0:0:1:0
            load sda from=0 to=30m read=100 write=20 size=8k
            at 2m io-errors sda failed=3 timed-out=1
            at 6m io-errors sda failed=2
            at 10m offline sda
            at 10m30s io-errors sda failed=4
            at 12m running sda
            at 20m io-errors sdb failed=1
            expect volume-errors sda start=2m end=16m
            expect volume-offline sda start=10m end=12m
            expect incident sda start=2m end=16m
            """;

    @Test
    void offlineAndFailingCommandsShowInSysfsAndMakeTheEpisodesTheStreamProcessorRaises() throws IOException {
        List<HostTree> trees = new ArrayList<>();
        Simulation sim = Simulation.start(ScenarioParser.parse(SCENARIO, "volume-health.scenario", "x"), (t, i) -> trees.add(t));
        sim.run();
        assertThat(sim.truth().unmetExpectations(SaturationRule.DEFAULTS)).isEmpty();
        List<Episode> episodes = sim.truth().episodes(SaturationRule.DEFAULTS);
        assertThat(episodes).extracting(Episode::kind).containsExactly("VOLUME_OFFLINE", "VOLUME_ERRORS");
        assertThat(episodes).allSatisfy(e -> assertThat(e.subjectKind()).isEqualTo("HARDWARE"));
        // a disk passed through is not a volume: its errors are the controller's business, no episode of it
        assertThat(episodes).noneMatch(e -> e.subject().equals("sdb"));

        String device = Path.of("sys/block").resolve(trees.get(0).link("sys/block/sda")).resolve("../..").normalize().toString();
        HostTree atStart = trees.get(0);
        HostTree offline = trees.get(66); // 11m
        HostTree after = trees.get(90); // 15m
        assertThat(atStart.file(device + "/state")).isEqualTo("running\n");
        assertThat(offline.file(device + "/state")).isEqualTo("offline\n");
        // the four at 10m30s failed while the volume completed no read or write (offline; the lab's PERC refuses the
        // kernel's probes so): no rise the errors episode counts
        assertThat(offline.file(device + "/ioerr_cnt")).isEqualTo("0x9\n");
        assertThat(offline.file(device + "/iotmo_cnt")).isEqualTo("0x1\n");
        assertThat(after.file(device + "/state")).isEqualTo("running\n");

        // offline, the kernel sends the volume nothing: asked 100 reads a second, served none
        for (StepTruth s : sim.truth().steps()) {
            DeviceTruth sda = s.device("sda");
            // the state at the sample's time: offline from the sample at 10m to the one before 12m
            assertThat(s.scsi("sda").running()).isEqualTo(s.second() < 600 || s.second() >= 720);
            if (s.second() > 600 && s.second() <= 720) {
                assertThat(sda.readsPerSecond()).isZero();
            } else {
                assertThat(sda.readsPerSecond()).isCloseTo(100, within(1e-6));
            }
        }
    }
}
