package io.raidpulse.stream.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.importer.FioJsonImporter;
import io.raidpulse.model.importer.ImportContext;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.Target;
import io.raidpulse.model.profile.Verdict;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.RecordedSamples;
import io.raidpulse.stream.testing.TopologyFixture;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lab's real PERC H700 volume (lab/recordings/perc-h700-saturation: the guest's megaraid_sas driver, sda
 * declared a RAID5 of four ST33000650NS with a battery-backed write-back cache, vda a virtio disk declared a
 * RAID1 of two by mistake) through the topology, its samples as the guest's collector spooled them: random reads
 * at half the volume's rate, then reads (600 a second, 64 in flight) and writes beyond it.
 */
class PercH700RecordingTest {
    private static final String RECORDING = "perc-h700-saturation";
    private static final String HOST = "lab-perc-h700-saturation";

    private final TopologyFixture topology = new TopologyFixture(Map.of("aggregate.windows", "1m"));
    private List<HostSample> samples;

    @BeforeEach
    void read() throws Exception {
        samples = RecordedSamples.of(RECORDING);
    }

    @AfterEach
    void close() {
        topology.close();
    }

    /** Every sample sent, then what came out. */
    private void deliver() {
        samples.forEach(topology::send);
        topology.aggregates();
        topology.alerts();
    }

    private List<Aggregate> windows(String volume) {
        return topology.aggregateLog.stream().filter(a -> a.getSubject().equals(volume)).toList();
    }

    /** One of the recording's own fio runs, imported as `raidpulse bench import --controller "PERC H700"` would. */
    private static BenchmarkResult benchmark(String run) throws Exception {
        String fio = Files.readString(RecordedSamples.RECORDINGS.resolve(RECORDING).resolve("bench").resolve(run + ".fio.json"));
        return new FioJsonImporter().parse(fio, ImportContext.of(Target.array(RaidLevel.RAID5, 4).withController("PERC H700"))).get(0);
    }

    @Test
    void everyWindowOfTheVolumeHasWhatWasDeclaredAndTheModelsCapacityHeldToItsQueue() {
        deliver();
        List<Aggregate> sda = windows("sda");
        Instant saturated = firstSaturated(sda);
        assertThat(sda).hasSizeGreaterThan(5).allSatisfy(a -> {
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(a.getLevel()).isEqualTo("raid5");
            assertThat(a.getRaidDisks()).isEqualTo(4);
            assertThat(a.getDiskModel()).isEqualTo("ST33000650NS");
            assertThat(a.getController()).isEqualTo("PERC H700");
            assertThat(a.getControllerCache()).isEqualTo("write-back-battery");
            assertThat(a.getRotational()).as("megaraid_sas reports its volume rotational").isTrue();
            assertThat(a.getCapacityContradicted()).isNull();
            if (a.getRIops() + a.getWIops() > 0) {
                assertThat(a.getCapacitySource()).isEqualTo(a.getWindowStart().isBefore(saturated) ? "default:hdd-7200"
                        : "measured:" + HOST + "/sda");
                assertThat(a.getCapacityConfidence()).as("a write-back cache: the write figures stay an upper bound").isEqualTo("low");
                assertThat(a.getProjections()).containsKey("raid10-near2-4");
            }
            if (a.getCapacityUtil() != null && a.getCapacityUtil() > 1) {
                assertThat(a.getAquSzMean()).as("over capacity with requests waiting").isGreaterThanOrEqualTo(CapacityComparison.OVER_CAPACITY_QUEUE);
            }
        });
        // before the volume was seen saturated, the default's queue-depth-1 figures: half the volume's rate looks three quarters
        assertThat(sda).filteredOn(a -> a.getWindowStart().isBefore(saturated) && a.getRIops() > 200).isNotEmpty()
                .allSatisfy(a -> assertThat(a.getCapacityUtil()).isGreaterThan(0.6));
        // the minute of 600 reads a second, 60 waiting: at its capacity, which it teaches the model
        assertThat(sda).filteredOn(a -> a.getRIops() > 500).singleElement().satisfies(a -> {
            assertThat(a.getAquSzMean()).isGreaterThan(30);
            assertThat(a.getCapacityUtil()).isCloseTo(1.0, within(1e-3));
            assertThat(a.getCapacityLearnedWindows()).isEqualTo(1);
            assertThat(a.getCapacityMemberIops()).as("one disk's random reads in the model's terms").isCloseTo(150, within(5.0));
        });
        // from then on, the lab volume's throttle rates: 600 reads or 150 writes a second
        assertThat(heldToTheLabRates(sda, saturated, 600, 150)).isGreaterThanOrEqualTo(3);
        assertThat(windows("vda")).isNotEmpty().allSatisfy(a -> {
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(a.getLevel()).isEqualTo("raid1");
            assertThat(a.getRaidDisks()).isEqualTo(2);
            assertThat(a.getController()).isNull();
        });
        HostShapes kept = topology.storeValue(CapacityComparison.STORE, HOST);
        assertThat(kept.volumes()).containsOnlyKeys("sda", "vda");
        assertThat(kept.measured()).as("a volume's members are hidden: nothing is learned per disk model").isEmpty();
        assertThat(kept.volumeMeasured()).containsOnlyKeys("sda");
        assertThat(HostShapes.SERDE.decode(HostShapes.SERDE.encode(kept)))
                .as("the learned figure survives the store").isEqualTo(kept);
        assertThat(topology.alertLog).as("no volume was over its capacity for long").noneMatch(a -> a.getKind() == AlertKind.CAPACITY);
    }

    /**
     * With the overload phases' own fio runs imported as benchmarks of the controller, the minutes they ran in are at
     * the controller's capacity by them (high confidence, the cache in their figures); the minutes at other queue
     * depths are not the benchmarks' workload and stay with the model. The write run's 150 writes a second are 1.8
     * times what the default model makes of four 7200 rpm disks' RAID5 write penalty: the controller's own figure.
     */
    @Test
    void theControllersOwnBenchmarksPutTheOverloadMinutesAtItsCapacity() throws Exception {
        BenchmarkResult reads = benchmark("randread-overload");
        BenchmarkResult writes = benchmark("randwrite-overload");
        assertThat(reads.verdict()).isEqualTo(Verdict.TRUSTED);
        assertThat(reads.controller()).isEqualTo("PERC H700");
        assertThat(writes.verdict()).isEqualTo(Verdict.TRUSTED);
        topology.profile(reads);
        topology.profile(writes);
        deliver();
        List<Aggregate> sda = windows("sda");
        assertThat(sda).filteredOn(a -> a.getRIops() > 500).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("profile:" + reads.id());
            assertThat(a.getCapacityConfidence()).isEqualTo("high");
            assertThat(a.getCapacityUtil()).isCloseTo(1.0, within(0.02));
        });
        assertThat(sda).filteredOn(a -> a.getWIops() > 100).singleElement().satisfies(a -> {
            assertThat(a.getCapacitySource()).isEqualTo("profile:" + writes.id());
            assertThat(a.getCapacityConfidence()).isEqualTo("high");
            assertThat(a.getCapacityUtil()).isCloseTo(a.getWIops() / writes.writeIops(), within(1e-3));
        });
        // the minutes at other queue depths: the default before the overload, after it what the overload minute taught
        Instant saturated = firstSaturated(sda);
        assertThat(sda).filteredOn(a -> a.getRIops() > 0 && a.getRIops() < 300)
                .isNotEmpty().allSatisfy(a -> assertThat(a.getCapacitySource()).isEqualTo(a.getWindowStart().isBefore(saturated)
                        ? "default:hdd-7200" : "measured:" + HOST + "/sda"));
    }

    /**
     * The lab's PERC 5/i RAID10 of four (lab/recordings/perc-5i-raid10, throttled at 572 random reads and 262 writes a
     * second): bonnie++ and dd, then random reads beyond its rate, the minute that teaches its capacity.
     */
    @Test
    void thePerc5iVolumeLearnsItsCapacityFromItsSaturatedMinute() throws Exception {
        try (TopologyFixture t = new TopologyFixture(Map.of("aggregate.windows", "1m"))) {
            RecordedSamples.of("perc-5i-raid10").forEach(t::send);
            t.aggregates();
            List<Aggregate> sda = t.aggregateLog.stream().filter(a -> a.getSubject().equals("sda")).toList();
            Instant saturated = firstSaturated(sda);
            assertThat(sda).filteredOn(a -> a.getRIops() > 500).singleElement().satisfies(a -> {
                assertThat(a.getCapacitySource()).isEqualTo("measured:lab-perc-5i-raid10/sda");
                assertThat(a.getCapacityUtil()).isCloseTo(1.0, within(1e-3));
                assertThat(a.getCapacityMemberIops()).as("one disk's random reads in the model's terms").isCloseTo(572 / 4.0, within(5.0));
            });
            assertThat(heldToTheLabRates(sda, saturated, 572, 262)).isGreaterThanOrEqualTo(1);
            assertThat(sda).filteredOn(a -> a.getWindowStart().isBefore(saturated) && a.getCapacitySource() != null)
                    .isNotEmpty().allSatisfy(a -> assertThat(a.getCapacitySource()).startsWith("default:"));
        }
    }

    /** The start of the first window the volume was saturated in by queue ({@link CapacityComparison#saturatedVolume}). */
    private static Instant firstSaturated(List<Aggregate> windows) {
        return windows.stream().filter(a -> a.getRaidDisks() != null && CapacityComparison.saturatedVolume(a, a.getRaidDisks()))
                .map(Aggregate::getWindowStart).findFirst().orElseThrow();
    }

    /**
     * Holds the random windows (requests under 128 KiB, at least 10 a second) from the saturated one on within 0.2 of
     * the share of the lab volume's throttle rates they used, as the lab's CapacityChecks.volumeAgreement does; returns
     * how many were held.
     */
    private static int heldToTheLabRates(List<Aggregate> windows, Instant saturated, double readIops, double writeIops) {
        List<Aggregate> held = windows.stream().filter(a -> !a.getWindowStart().isBefore(saturated))
                .filter(a -> a.getRIops() + a.getWIops() >= 10)
                .filter(a -> (a.getRkBS() + a.getWkBS()) / (a.getRIops() + a.getWIops()) < 128).toList();
        assertThat(held).allSatisfy(a -> assertThat(a.getCapacityUtil()).as("%s", a.getWindowStart())
                .isCloseTo(a.getRIops() / readIops + a.getWIops() / writeIops, within(0.2)));
        return held.size();
    }
}
