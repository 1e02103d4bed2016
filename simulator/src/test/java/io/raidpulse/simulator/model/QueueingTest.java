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

    // ------------------------------------------------------------ parallel devices (SSD, NVMe)

    /** An NVMe drive: 400,000 random reads and 200,000 random writes at full queue, 80 and 20 us on an idle drive. */
    static final String NVME = "profile nvme read-iops=400000 write-iops=200000 seq=3000MB/s rotational=no"
            + " read-latency=80us write-latency=20us queue=1023\n";
    static final double READ_LATENCY = 80e-6;
    static final double WRITE_LATENCY = 20e-6;

    static Scenario nvme(String level, int disks, double reads, double writes, double seq, String size, String partitions) {
        StringBuilder b = new StringBuilder("scenario q\nduration 30s\ninterval 5s\nuptime 0\n").append(NVME);
        StringBuilder members = new StringBuilder();
        for (int i = 0; i < disks; i++) {
            String name = "nvme" + i + "n1";
            b.append("disk ").append(name).append(" profile=nvme size=3840GB")
                    .append(partitions == null ? "" : " partitions=" + partitions).append('\n');
            members.append(i == 0 ? "" : ",").append(name).append(partitions == null ? "" : "p1");
        }
        b.append("array md0 level=").append(level).append(" members=").append(members);
        b.append(level.equals("raid10") ? " layout=n2" : "").append('\n');
        b.append("load md0 from=0 to=30s read=").append(reads).append(" write=").append(writes).append(" size=").append(size)
                .append(" seq=").append(seq).append('\n');
        return ScenarioParser.parse(b.toString(), "q", "q");
    }

    @Test
    void aParallelDeviceWaitsForCapacityOnlyNearItAndItsQueueIsCappedByTheLimit() {
        double previous = -1;
        for (double rho = 0.05; rho < 1; rho += 0.05) {
            double iops = rho * 200_000;
            double inService = iops * 100e-6;
            double wait = Queueing.parallelWaitSeconds(iops, rho, inService, 1023);
            assertThat(wait).isGreaterThan(previous);
            // M/M/1's waiting line on the capacity, by Little's law
            assertThat(wait * iops).isCloseTo(rho * rho / (1 - rho), within(1e-9));
            previous = wait;
        }
        // at a fifth of capacity a request waits a sixteenth of one request's cost
        assertThat(Queueing.parallelWaitSeconds(40_000, 0.2, 4, 1023)).isCloseTo(0.05 / 40_000, within(1e-15));
        // saturated: the queue is full, those in service included
        assertThat(Queueing.parallelWaitSeconds(200_000, 1, 20, 1023) * 200_000 + 20).isCloseTo(1023, within(1e-9));
        assertThat(Queueing.parallelWaitSeconds(0, 0, 0, 1023)).isZero();
        // busy while any request is in flight: Poisson with mean aqu-sz, none exp(-aqu-sz) of the time
        assertThat(Queueing.parallelBusyShare(0)).isZero();
        assertThat(Queueing.parallelBusyShare(1)).isCloseTo(1 - 1 / Math.E, within(1e-12));
        assertThat(Queueing.parallelBusyShare(3)).isGreaterThan(0.95);
    }

    @Test
    void issue13TheNvmeRaid1At80000Of400000IopsIsBusyNearlyAllTheTimeWithoutBeingSaturated() throws IOException {
        Simulation sim = Simulation.start(nvme("raid1", 2, 60_000, 20_000, 0, "4k", null), TreeOutput.none());
        sim.run();
        DeviceTruth d = sim.lastTruth().device("nvme0n1");
        // each member: 30,000 reads of 400,000 and 20,000 writes of 200,000 -> 17.5% of its capacity,
        // what the simulator showed as %util before
        assertThat(d.readsPerSecond()).isCloseTo(30_000, within(1e-6));
        assertThat(d.writesPerSecond()).isCloseTo(20_000, within(1e-6));
        assertThat(d.capacityUsed()).isCloseTo(17.5, within(1e-6));
        // requests in flight: 30,000 x 80 us + 20,000 x 20 us in service, rho^2 / (1 - rho) waiting
        double rho = 0.175;
        double aqu = 30_000 * READ_LATENCY + 20_000 * WRITE_LATENCY + rho * rho / (1 - rho);
        assertThat(d.queueSize()).isCloseTo(aqu, within(1e-6));
        assertThat(d.util()).isCloseTo(100 * (1 - Math.exp(-aqu)), within(1e-6)).isGreaterThan(90);
        // await stays at the drive's own latency plus a wait of microseconds
        assertThat(d.readAwaitMs()).isBetween(0.080, 0.082);
        assertThat(d.writeAwaitMs()).isBetween(0.020, 0.022);
        assertThat(sim.lastTruth().array("md0").servedReads()).isCloseTo(60_000, within(1e-6));

        // the same numbers on a drive that serves one request at a time: busy = load over capacity
        String serial = NVME.replace("rotational=no read-latency=80us write-latency=20us", "rotational=yes");
        Simulation hdd = Simulation.start(ScenarioParser.parse(
                "scenario s\nduration 30s\ninterval 5s\nuptime 0\n" + serial
                        + "disk sda profile=nvme size=3840GB\ndisk sdb profile=nvme size=3840GB\n"
                        + "array md0 level=raid1 members=sda,sdb\nload md0 from=0 to=30s read=60000 write=20000 size=4k\n",
                "s", "s"), TreeOutput.none());
        hdd.run();
        assertThat(hdd.lastTruth().device("sda").util()).isCloseTo(17.5, within(1e-6));
        assertThat(hdd.lastTruth().device("sda").capacityUsed()).isCloseTo(17.5, within(1e-6));
    }

    @Property(tries = 60)
    void aParallelDeviceIsBusyWhileAnyRequestIsInFlightAndQueuesOnlyAtCapacity(@ForAll("levels") String level,
            @ForAll @IntRange(min = 4, max = 6) int disks, @ForAll @DoubleRange(min = 0, max = 2_000_000) double reads,
            @ForAll @DoubleRange(min = 0, max = 600_000) double writes, @ForAll boolean sequential,
            @ForAll boolean partitioned) throws IOException {
        Simulation sim = Simulation.start(nvme(level, disks, reads, writes, sequential ? 1 : 0, "16k",
                partitioned ? "1TB" : null), TreeOutput.none());
        sim.run();
        double extra = 12288 / 3e9;
        for (StepTruth s : sim.truth().steps()) {
            for (DeviceTruth d : s.devices()) {
                assertThat(d.parallel()).isTrue();
                assertThat(d.util()).isBetween(0.0, 100.0 + 1e-9);
                // io_ticks: the time with at least one request in flight, none exp(-aqu-sz) of it
                assertThat(d.util()).isCloseTo(100 * (1 - Math.exp(-d.queueSize())), within(1e-6));
                if (d.md()) {
                    continue;
                }
                // Little's law
                double iops = d.readsPerSecond() + d.writesPerSecond();
                assertThat(d.queueSize()).isCloseTo(iops * d.awaitMs() / 1000, within(1e-6));
                assertThat(d.queueSize()).isLessThanOrEqualTo(1023 + 1e-6);
                // capacity from the profile: 1/IOPS plus 12 KiB of transfer per random request, the
                // transfer alone per sequential one; the same share on the disk and its partition
                double capacity = sequential ? (d.readKbPerSecond() + d.writeKbPerSecond()) * 1024 / 3e9
                        : d.readsPerSecond() * (1.0 / 400_000 + extra) + d.writesPerSecond() * (1.0 / 200_000 + extra);
                assertThat(capacity).isLessThanOrEqualTo(1 + 1e-6);
                if (d.disk().equals(d.device())) {
                    assertThat(d.capacityUsed()).isCloseTo(capacity * 100, within(1e-6));
                } else {
                    assertThat(d.capacityUsed()).isCloseTo(s.device(d.disk()).capacityUsed(), within(1e-9));
                }
                // every request takes its latency (plus the transfer past 4 KiB, of the requests as
                // merged on the way down) and one common wait for capacity, which is what M/M/1
                // gives below saturation and fills the queue at it
                double readWait = d.readAwaitMs() / 1000 - READ_LATENCY - (d.readRequestKb() * 1024 - 4096) / 3e9;
                double writeWait = d.writeAwaitMs() / 1000 - WRITE_LATENCY - (d.writeRequestKb() * 1024 - 4096) / 3e9;
                if (d.readsPerSecond() > 0) {
                    assertThat(readWait).isGreaterThanOrEqualTo(-1e-12);
                }
                if (d.readsPerSecond() > 0 && d.writesPerSecond() > 0) {
                    assertThat(readWait).isCloseTo(writeWait, within(1e-12));
                }
                DeviceTruth disk = s.device(d.disk());
                double rho = disk.capacityUsed() / 100;
                double diskIops = disk.readsPerSecond() + disk.writesPerSecond();
                if (rho < 0.999 && d.readsPerSecond() > 0) {
                    assertThat(readWait * diskIops).isCloseTo(rho * rho / (1 - rho), within(1e-6 * (1 + rho / (1 - rho))));
                } else if (rho >= 1 - 1e-9 && d.equals(disk)) {
                    assertThat(d.queueSize()).isCloseTo(1023, within(1e-6));
                }
            }
            ArrayTruth a = s.array("md0");
            assertThat(a.servedReads()).isLessThanOrEqualTo(a.offeredReads() + 1e-6);
            if (a.saturationLevel() < 99.9) {
                assertThat(a.servedReads()).isCloseTo(a.offeredReads(), within(1e-6 * (1 + reads)));
            }
        }
    }
}
