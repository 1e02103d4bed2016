package io.raidpulse.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ScenarioParser;
import io.raidpulse.simulator.tree.TreeOutput;
import io.raidpulse.simulator.truth.ArrayTruth;
import io.raidpulse.simulator.truth.DeviceTruth;
import io.raidpulse.simulator.truth.StepTruth;
import java.io.IOException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class QueueingTest {

    @Test
    void awaitGrowsAsUtilisationNearsOneAndIsCappedByTheQueue() {
        double service = 0.002;
        double previous = -1;
        for (double rho = 0.05; rho < 1; rho += 0.05) {
            double iops = rho / service;
            double wait = Queueing.waitSeconds(iops, rho, 64);
            assertThat(wait).isGreaterThan(previous);
            if (rho / (1 - rho) < 64) {
                // M/M/1: await = service / (1 - rho)
                assertThat(wait + service).isCloseTo(service / (1 - rho), within(1e-12));
            }
            previous = wait;
        }
        // saturated: the queue is full, aqu-sz = 64 = IOPS x await
        double iops = 500;
        assertThat((Queueing.waitSeconds(iops, 1, 64) + 1 / iops) * iops).isCloseTo(64, within(1e-9));
        assertThat(Queueing.waitSeconds(0, 0, 64)).isZero();
    }

    static Scenario scenario(String level, int disks, double reads, double writes, double seq, String size) {
        StringBuilder b = new StringBuilder("scenario q\nduration 30s\ninterval 5s\nuptime 0\n");
        b.append("profile hdd read-iops=550 write-iops=480 seq=268MB/s queue=64\n");
        StringBuilder members = new StringBuilder();
        for (int i = 0; i < disks; i++) {
            String name = "sd" + (char) ('a' + i);
            b.append("disk ").append(name).append(" profile=hdd size=4TB\n");
            members.append(i == 0 ? "" : ",").append(name);
        }
        b.append("array md0 level=").append(level).append(" members=").append(members);
        b.append(level.equals("raid10") ? " layout=n2" : "").append('\n');
        b.append("load md0 from=0 to=30s read=").append(reads).append(" write=").append(writes).append(" size=").append(size)
                .append(" seq=").append(seq).append('\n');
        return ScenarioParser.parse(b.toString(), "q", "q");
    }

    @Property(tries = 60)
    void utilNeverExceeds100AndServedNeverExceedsCapacity(@ForAll("levels") String level, @ForAll @IntRange(min = 4, max = 6) int disks,
            @ForAll @DoubleRange(min = 0, max = 5000) double reads, @ForAll @DoubleRange(min = 0, max = 3000) double writes,
            @ForAll boolean sequential) throws IOException {
        Simulation sim = Simulation.start(scenario(level, disks, reads, writes, sequential ? 1 : 0, "16k"), TreeOutput.none());
        sim.run();
        for (StepTruth s : sim.truth().steps()) {
            for (DeviceTruth d : s.devices()) {
                assertThat(d.util()).isBetween(0.0, 100.0 + 1e-9);
                if (!d.md()) {
                    // busy time from the profile: a random 16 KiB request costs 1/IOPS + 12 KiB of
                    // transfer, sequential requests their transfer only
                    double transfer = (d.readKbPerSecond() + d.writeKbPerSecond()) * 1024 / 268e6;
                    double busy = sequential ? transfer
                            : d.readsPerSecond() * (1.0 / 550 + 12288 / 268e6) + d.writesPerSecond() * (1.0 / 480 + 12288 / 268e6);
                    assertThat(busy).isLessThanOrEqualTo(1 + 1e-6);
                    assertThat(busy * 100).isCloseTo(d.util(), within(1e-6));
                    // Little's law: aqu-sz = IOPS x await
                    double iops = d.readsPerSecond() + d.writesPerSecond();
                    assertThat(d.queueSize()).isCloseTo(iops * d.awaitMs() / 1000, within(1e-6));
                    assertThat(d.queueSize()).isLessThanOrEqualTo(64 + 1e-6);
                }
            }
            ArrayTruth a = s.array("md0");
            assertThat(a.servedReads()).isLessThanOrEqualTo(a.offeredReads() + 1e-6);
            assertThat(a.servedWrites()).isLessThanOrEqualTo(a.offeredWrites() + 1e-6);
            if (a.maxMemberUtil() < 99.9) {
                // below saturation everything offered is served
                assertThat(a.servedReads()).isCloseTo(a.offeredReads(), within(1e-6 * (1 + reads)));
            }
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> levels() {
        return net.jqwik.api.Arbitraries.of("raid0", "raid1", "raid5", "raid6", "raid10");
    }

    @Test
    void saturationThrottlesTheFrontEndAndAwaitRisesTowardsIt() throws IOException {
        double lastAwait = 0;
        for (int reads : new int[] {200, 800, 1400, 1800, 2100, 4000}) {
            Simulation sim = Simulation.start(scenario("raid5", 4, reads, 0, 0, "4k"), TreeOutput.none());
            sim.run();
            StepTruth s = sim.lastTruth();
            DeviceTruth sda = s.device("sda");
            assertThat(sda.readAwaitMs()).isGreaterThan(lastAwait);
            lastAwait = sda.readAwaitMs();
            if (reads == 4000) {
                // 4 disks x 550 random reads: the array serves 2200 reads/s, not the 4000 asked
                assertThat(s.array("md0").servedReads()).isCloseTo(2200, within(1.0));
                assertThat(sda.util()).isCloseTo(100, within(1e-6));
                assertThat(sda.queueSize()).isCloseTo(64, within(1e-6));
            }
        }
    }
}
