package io.raidpulse.simulator.truth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.md.SyncAction;
import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.tree.TreeOutput;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every shipped scenario keeps the promises its expect lines make, with margins a consumer's rounding cannot upset. */
class ShippedScenariosTest {

    static List<String> names() {
        return ShippedScenarios.names();
    }

    static Simulation run(String name) throws IOException {
        Simulation sim = Simulation.start(ShippedScenarios.load(name), TreeOutput.none());
        sim.run();
        return sim;
    }

    @ParameterizedTest
    @MethodSource("names")
    void expectationsHoldWithMargins(String name) throws IOException {
        Simulation sim = run(name);
        Scenario s = sim.scenario();
        assertThat(s.expectations()).isNotEmpty();
        assertThat(sim.truth().unmetExpectations(SaturationRule.DEFAULTS)).isEmpty();
        assertThat(sim.truth().marginalSamples(SaturationRule.DEFAULTS, 0.5)).isEmpty();
        assertThat(sim.truth().steps()).hasSize((int) s.steps());
        assertThat(s.expectations()).as("every incident the model predicts is an expect incident line: the scenario's count")
                .filteredOn(x -> x.kind().equals("incident")).extracting(x -> x.subject())
                .containsExactlyElementsOf(sim.truth().incidents(SaturationRule.DEFAULTS).stream().map(IncidentTruth::subject).toList());
    }

    @Test
    void aMemberFailureIsOneIncidentFromDegradedThroughTheRebuildItsSaturation() throws IOException {
        List<IncidentTruth> incidents = run("member-failure").truth().incidents(SaturationRule.DEFAULTS);
        assertThat(incidents).singleElement().satisfies(i -> {
            assertThat(i.subject()).isEqualTo("md0");
            assertThat(i.kinds()).containsExactlyInAnyOrder("ARRAY_DEGRADED", "MEMBER_FAULTY", "NO_SPARE", "SYNC", "SATURATION");
            assertThat(i.episodes()).extracting(Episode::subject).contains("sda1", "sdc1", "sdd1", "md0");
        });
    }

    @Test
    void raid5SaturationFiresOnceAndResolvesOnce() throws IOException {
        List<Episode> md0 = run("raid5-saturation").truth().episodes(SaturationRule.DEFAULTS).stream()
                .filter(e -> e.subject().equals("md0")).toList();
        assertThat(md0).hasSize(1);
        Episode e = md0.get(0);
        assertThat(e.kind()).isEqualTo("SATURATION");
        assertThat(e.resolved()).isNotNull();
        assertThat(e.cause()).isNull();
        assertThat(e.peakUtil()).isCloseTo(100, within(1e-6));
    }

    @Test
    void raid5PaysFourAndRaid10TwoForTheSameLoad() throws IOException {
        Simulation sim = run("raid5-vs-raid10");
        for (StepTruth step : sim.truth().steps()) {
            assertThat(step.array("md0").writeAmpIo()).isCloseTo(4, within(0.01));
            assertThat(step.array("md0").writeAmpSectors()).isCloseTo(4, within(0.01));
            assertThat(step.array("md1").writeAmpIo()).isCloseTo(2, within(0.01));
            assertThat(step.array("md1").maxMemberUtil()).isLessThan(80);
        }
        assertThat(sim.truth().episodes(SaturationRule.DEFAULTS)).noneMatch(e -> e.subject().equals("md1"))
                .noneMatch(e -> List.of("sde", "sdf", "sdg", "sdh").contains(e.subject()));
    }

    @Test
    void theCheckIsNamedAsTheCauseOfItsSaturation() throws IOException {
        List<Episode> saturation = run("scheduled-check").truth().episodes(SaturationRule.DEFAULTS).stream()
                .filter(e -> e.kind().equals("SATURATION")).toList();
        assertThat(saturation).isNotEmpty().allSatisfy(e -> assertThat(e.cause()).isEqualTo("md check running on md0"));
    }

    @Test
    void theFailureRunsDegradedThenRebuildsWithProgress() throws IOException {
        Simulation sim = run("member-failure");
        double lastProgress = -1;
        boolean rebuilt = false;
        for (StepTruth s : sim.truth().steps()) {
            ArrayTruth a = s.array("md0");
            if (a.syncAction() == SyncAction.RECOVER && a.syncProgress() > 0) {
                // md's speed limits: speed_limit_min while the load runs, speed_limit_max at most
                assertThat(a.syncProgress()).isGreaterThan(lastProgress);
                assertThat(a.syncSpeedKib()).isBetween(1000.0, 200000.0);
                lastProgress = a.syncProgress();
                assertThat(a.degraded()).isEqualTo(1);
            }
            rebuilt |= lastProgress > 0 && a.degraded() == 0;
            assertThat(a.servedReads()).isCloseTo(a.offeredReads(), within(1e-6));
        }
        assertThat(rebuilt).isTrue();
        assertThat(sim.model().log()).containsSubsequence("300 sdb1 faulty in md0", "540 sdb detached", "600 sdb attached",
                "660 recover started on md0 onto sdb1");
    }

    @Test
    void nvmeBusyNearlyAllTheTimeIsNotSaturationButItsOverloadIs() throws IOException {
        Simulation sim = run("nvme-busy-then-overload");
        long overloadFrom = 600;
        long overloadTo = 900;
        int busy = 0;
        int overloaded = 0;
        for (StepTruth s : sim.truth().steps()) {
            ArrayTruth a = s.array("md0");
            for (String member : List.of("nvme0n1", "nvme1n1")) {
                DeviceTruth d = s.device(member);
                assertThat(d.parallel()).isTrue();
                if (s.second() <= overloadFrom || s.second() > overloadTo + 5) {
                    // a third of the drive's capacity: some request in flight nearly all the time,
                    // so %util is far past the fire threshold, with the drive's own latency and a
                    // queue of a few requests
                    assertThat(d.util()).isGreaterThan(SaturationRule.DEFAULTS.fireUtil() + 3);
                    assertThat(d.capacityUsed()).isBetween(30.0, 45.0);
                    assertThat(d.readAwaitMs()).isLessThan(0.1);
                    assertThat(d.queueSize()).isBetween(2.0, 10.0);
                    assertThat(a.servedReads()).isCloseTo(a.offeredReads(), within(1e-6));
                    busy++;
                } else if (s.second() > overloadFrom + 5 && s.second() <= overloadTo) {
                    // more asked than the drives serve: full queue, await 80 times the busy one's
                    assertThat(d.capacityUsed()).isCloseTo(100, within(1e-6));
                    assertThat(d.queueSize()).isCloseTo(1023, within(1e-6));
                    assertThat(d.readAwaitMs()).isGreaterThan(4);
                    assertThat(a.servedReads()).isLessThan(0.6 * a.offeredReads());
                    overloaded++;
                }
            }
        }
        assertThat(busy).isGreaterThan(2 * 200);
        assertThat(overloaded).isGreaterThan(2 * 50);
        // one episode per subject, the overload's: the busy phases around it raise nothing
        List<Episode> saturation = sim.truth().episodes(SaturationRule.DEFAULTS).stream()
                .filter(e -> e.kind().equals("SATURATION")).toList();
        assertThat(saturation).extracting(Episode::subject).containsExactlyInAnyOrder("md0", "nvme0n1", "nvme1n1");
        Instant start = sim.scenario().start();
        assertThat(saturation).allSatisfy(e -> {
            assertThat(e.conditionStart()).isEqualTo(start.plusSeconds(overloadFrom + 5));
            assertThat(e.resolved()).isNotNull();
            assertThat(e.peakUtil()).isCloseTo(100, within(1e-6));
        });
    }

    @Test
    void aHardwareVolumeIsOneParallelDeviceSaturatedOnlyWhenItsDisksAreAllBusy() throws IOException {
        Simulation sim = run("hardware-raid-saturation");
        long overloadFrom = 480;
        long overloadTo = 780;
        int busy = 0;
        int overloaded = 0;
        for (StepTruth s : sim.truth().steps()) {
            DeviceTruth d = s.device("sda");
            // four disks serve four requests at once: a parallel device, though queue/rotational says 1
            assertThat(d.parallel()).isTrue();
            if (s.second() <= overloadFrom || s.second() > overloadTo) {
                // under half its capacity, yet a request in flight most of the time, each in about one
                // disk's time (6.7 ms a read) plus a little waiting; a write waits for a read, then a write
                assertThat(d.capacityUsed()).isBetween(45.0, 50.0);
                assertThat(d.util()).isBetween(80.0, 90.0);
                assertThat(d.readAwaitMs()).isBetween(1000.0 / 150, 10.0);
                assertThat(d.writeAwaitMs()).isBetween(2000.0 / 150, 17.0);
                assertThat(d.queueSize()).isBetween(1.5, 2.5);
                assertThat(d.readsPerSecond()).isCloseTo(140, within(1e-6));
                busy++;
            } else {
                // 116% asked: served at its 600 reads and 150 writes a second in the same mix, the queue full
                assertThat(d.capacityUsed()).isCloseTo(100, within(1e-6));
                assertThat(d.queueSize()).isCloseTo(256, within(1e-6));
                assertThat(d.readsPerSecond() / 600 + d.writesPerSecond() / 150).isCloseTo(1, within(0.02));
                assertThat(d.readAwaitMs()).isGreaterThan(500);
                overloaded++;
            }
            assertThat(s.device("sdb").capacityUsed()).isLessThan(5);
        }
        assertThat(busy).isGreaterThan(150);
        assertThat(overloaded).isEqualTo(60);
        List<Episode> saturation = sim.truth().episodes(SaturationRule.DEFAULTS).stream()
                .filter(e -> e.kind().equals("SATURATION")).toList();
        assertThat(saturation).singleElement().satisfies(e -> {
            assertThat(e.subject()).isEqualTo("sda");
            assertThat(e.subjectKind()).isEqualTo("HARDWARE");
            assertThat(e.conditionStart()).isEqualTo(sim.scenario().start().plusSeconds(overloadFrom + 5));
        });
        // the three failed reads: one episode of the volume's errors, within the saturation's incident
        assertThat(sim.truth().incidents(SaturationRule.DEFAULTS)).singleElement()
                .satisfies(i -> assertThat(i.kinds()).containsExactly("SATURATION", "VOLUME_ERRORS"));
    }
}
