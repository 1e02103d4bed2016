package io.raidpulse.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.ScenarioException;
import io.raidpulse.simulator.scenario.ScenarioParser;
import io.raidpulse.simulator.tree.TreeOutput;
import io.raidpulse.simulator.truth.ArrayTruth;
import io.raidpulse.simulator.truth.DeviceTruth;
import io.raidpulse.simulator.truth.StepTruth;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code model-step}: months of ramped load in seconds of CPU, with the truth of one-second steps. */
class ModelStepTest {
    private static final String SCENARIO = """
            scenario ramp
            duration 6h
            interval 1h
            %s
            profile hdd read-iops=550 write-iops=480 seq=268MB/s rotational=yes queue=64
            disk sda profile=hdd size=16TB
            disk sdb profile=hdd size=16TB
            disk sdc profile=hdd size=16TB
            disk sdd profile=hdd size=16TB
            array md0 level=raid5 members=sda,sdb,sdc,sdd chunk=512k
            load md0 from=0 to=6h read=200..600 write=100..300 size=8k flush=5
            """;

    private static List<StepTruth> run(String modelStep) throws java.io.IOException {
        Simulation sim = Simulation.start(ScenarioParser.parse(SCENARIO.formatted(modelStep), "ramp", "ramp"), TreeOutput.none());
        sim.run();
        return sim.truth().steps();
    }

    @Test
    void anHourlyStepGivesWhatSecondsGiveUnderARamp() throws Exception {
        List<StepTruth> fine = run("");
        List<StepTruth> coarse = run("model-step 1h");
        assertThat(coarse).hasSize(6).hasSameSizeAs(fine);
        for (int i = 0; i < fine.size(); i++) {
            ArrayTruth f = fine.get(i).array("md0");
            ArrayTruth c = coarse.get(i).array("md0");
            assertThat(c.servedReads()).as("step %d", i).isCloseTo(f.servedReads(), within(0.01 * f.servedReads()));
            assertThat(c.servedWrites()).isCloseTo(f.servedWrites(), within(0.01 * f.servedWrites()));
            assertThat(c.maxMemberUtil()).isCloseTo(f.maxMemberUtil(), within(0.1));
            DeviceTruth fd = fine.get(i).device("sda");
            DeviceTruth cd = coarse.get(i).device("sda");
            assertThat(cd.util()).as("sda util, step %d", i).isCloseTo(fd.util(), within(0.1));
            // queueing is convex in the load: an hour's mean queue is above the queue at its mean load, by a few percent under
            // this ramp (4.61 against 4.75 at 60% util)
            assertThat(cd.queueSize()).isCloseTo(fd.queueSize(), within(0.05 * fd.queueSize()));
        }
        assertThat(coarse.get(5).array("md0").maxMemberUtil()).as("the ramp got somewhere").isGreaterThan(1.5 * coarse.get(0).array("md0").maxMemberUtil());
    }

    @Test
    void aCoarseStepIsRefusedWhereSomethingHappensInsideIt() {
        assertThatThrownBy(() -> ScenarioParser.parse(SCENARIO.formatted("model-step 7m"), "ramp", "ramp"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("does not divide the interval");
        assertThatThrownBy(() -> ScenarioParser.parse(SCENARIO.formatted("model-step 1h") + "at 2h check md0\n", "ramp", "ramp"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("without 'at' events");
        assertThatThrownBy(() -> ScenarioParser.parse(SCENARIO.formatted("model-step 1h").replace("from=0 to=6h", "from=0 to=90m"), "ramp",
                "ramp")).isInstanceOf(ScenarioException.class).hasMessageContaining("whole model steps of 1h");
    }
}
