package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Windowed aggregates through the real topology, with 1 min / 1 h windows and a 10 s grace period. */
class AggregateProcessorTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    private TopologyFixture topology = new TopologyFixture(Map.of("aggregate.windows", "1m,1h", "aggregate.grace", "10s"));
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    private List<Aggregate> of(String subject, int windowS) {
        return topology.aggregateLog.stream().filter(a -> a.getSubject().equals(subject) && a.getWindowS() == windowS).toList();
    }

    @Test
    void aDeviceMinuteIsEmittedOnceWhenStreamTimePassesItsEndPlusGrace() {
        for (int i = 0; i < 6; i++) {
            topology.send(db1.next(Dev.disk("sda", 10 * (i + 1)).iops(100, 50).kBs(400, 800).await(4, 6 + i).aqu(i)));
        }
        topology.send(db1.next(Dev.disk("sda", 5)));
        assertThat(topology.aggregates()).as("stream time 60 s: the first minute is still within its grace").isEmpty();
        topology.send(db1.next(Dev.disk("sda", 5)));
        List<Aggregate> emitted = topology.aggregates();
        assertThat(emitted).singleElement().satisfies(a -> {
            assertThat(a.getHost()).isEqualTo("db1");
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.DEVICE);
            assertThat(a.getWindowS()).isEqualTo(60);
            assertThat(a.getWindowStart()).isEqualTo(Instant.ofEpochMilli(T0));
            assertThat(a.getWindowEnd()).isEqualTo(Instant.ofEpochMilli(T0 + 60_000));
            assertThat(a.getSamples()).isEqualTo(6);
            assertThat(a.getUtilMean()).isCloseTo(35.0, within(1e-9));
            assertThat(a.getUtilMax()).isEqualTo(60.0);
            assertThat(a.getRIops()).isCloseTo(100.0, within(1e-9));
            assertThat(a.getWIops()).isCloseTo(50.0, within(1e-9));
            assertThat(a.getRkBS()).isCloseTo(400.0, within(1e-9));
            assertThat(a.getWkBS()).isCloseTo(800.0, within(1e-9));
            assertThat(a.getReadFraction()).isCloseTo(100.0 / 150, within(1e-9));
            assertThat(a.getMeanRequestKB()).isCloseTo(8.0, within(1e-9));
            assertThat(a.getAquSzMean()).isCloseTo(2.5, within(1e-9));
            // per sample: (4 x 1000 + (6 + i) x 500) / 1500 ms
            double meanAwait = 0;
            for (int i = 0; i < 6; i++) {
                meanAwait += (4 * 1000 + (6 + i) * 500) / 1500.0 / 6;
            }
            assertThat(a.getAwaitMeanMs()).isCloseTo(meanAwait, within(1e-9));
            assertThat(a.getAwaitP95Ms()).as("nearest rank of 6 samples: the largest").isCloseTo((4000 + 11 * 500) / 1500.0, within(1e-9));
            assertThat(a.getWriteAmpIo()).isNull();
            assertThat(a.getMemberUtilMean()).isNull();
        });
        for (int i = 0; i < 6; i++) {
            topology.send(db1.next(Dev.disk("sda", 5)));
        }
        topology.aggregates();
        assertThat(of("sda", 60)).as("each window once").extracting(Aggregate::getWindowStart).doesNotHaveDuplicates().hasSize(2);
    }

    @Test
    void anArrayWindowCarriesMdRatesMemberUtilAndMeasuredWriteAmplification() {
        // RAID5 small writes: 100 w/s of 4 kB asked; each member reads 50/s and writes 50/s (read-modify-write)
        List<Dev> devs = List.of(Dev.md("md0").iops(0, 100).kBs(0, 400),
                Dev.disk("sda", 40).iops(50, 50).kBs(200, 200), Dev.disk("sdb", 42).iops(50, 50).kBs(200, 200),
                Dev.disk("sdc", 70).iops(50, 50).kBs(200, 200), Dev.disk("sdd", 44).iops(50, 50).kBs(200, 200));
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
        for (int i = 0; i < 8; i++) {
            topology.send(db1.next(devs, List.of(md0)));
        }
        topology.aggregates();
        assertThat(of("md0", 60)).singleElement().satisfies(a -> {
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.ARRAY);
            assertThat(a.getWIops()).isCloseTo(100.0, within(1e-9));
            assertThat(a.getRIops()).isEqualTo(0.0);
            assertThat(a.getWkBS()).isCloseTo(400.0, within(1e-9));
            assertThat(a.getReadFraction()).isEqualTo(0.0);
            assertThat(a.getMeanRequestKB()).isCloseTo(4.0, within(1e-9));
            assertThat(a.getWriteAmpIo()).isCloseTo(4.0, within(1e-9));
            assertThat(a.getWriteAmpSectors()).isCloseTo(4.0, within(1e-9));
            assertThat(a.getUtilMean()).as("busiest member").isEqualTo(70.0);
            assertThat(a.getMemberUtilMean()).isCloseTo(49.0, within(1e-9));
            assertThat(a.getBusiestMember()).isEqualTo("sdc");
            assertThat(a.getSyncAction()).isNull();
        });
        assertThat(topology.aggregateLog).extracting(Aggregate::getSubject).as("md0's own device is the array, not a device")
                .containsExactlyInAnyOrder("md0", "sda", "sdb", "sdc", "sdd");
    }

    private static final List<Dev> RAID5_LOAD = List.of(Dev.md("md0").iops(10, 10), Dev.disk("sda", 20).iops(10, 10),
            Dev.disk("sdb", 20).iops(10, 10), Dev.disk("sdc", 20).iops(10, 10), Dev.disk("sdd", 20).iops(10, 10));

    private static Md raid5() {
        return Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
    }

    @Test
    void anArrayWindowCarriesTheWorstDegradationAndMdsFiguresAtItsLastSample() {
        Md whole = raid5();
        Md failing = raid5().faulty("sdd").degraded(1).sync("recover", 10.0, 50_000, 900L);
        Md rebuilding = raid5().faulty("sdd").spare("sde").degraded(1).sync("recover", 40.0, 60_000, 600L);
        Md later = raid5().faulty("sdd").degraded(1).sync("recover", 70.5, 55_000, 300L).mismatch(8);
        for (Md md : List.of(whole, whole, whole, failing, rebuilding, later, whole, whole)) {
            topology.send(db1.next(RAID5_LOAD, List.of(md)));
        }
        topology.aggregates();
        assertThat(of("md0", 60)).singleElement().satisfies(a -> {
            assertThat(a.getDegradedMax()).isEqualTo(1);
            assertThat(a.getFaultyMembersMax()).isEqualTo(1);
            assertThat(a.getMembers()).as("at the last sample: sdd faulty, still listed").isEqualTo(4);
            assertThat(a.getSpareMembers()).as("the spare of the sample before is not the last sample's").isZero();
            assertThat(a.getSyncCompletedPct()).isEqualTo(70.5);
            assertThat(a.getSyncSpeedKibS()).isEqualTo(55_000L);
            assertThat(a.getSyncEtaS()).isEqualTo(300L);
            assertThat(a.getMismatchCnt()).isEqualTo(8L);
            assertThat(a.getSyncAction()).isEqualTo("recover");
        });
        assertThat(of("sda", 60)).singleElement().satisfies(a -> {
            assertThat(a.getDegradedMax()).isNull();
            assertThat(a.getMembers()).isNull();
            assertThat(a.getMismatchCnt()).isNull();
        });
    }

    @Test
    void largerWindowsTakeTheWorstDegradationAndTheLastFiguresOfTheSmallerOnes() {
        topology.close();
        topology = new TopologyFixture(Map.of("aggregate.windows", "10s,1m", "aggregate.grace", "0s"));
        Md degraded = raid5().remove("sdd").degraded(1).sync("recover", 5.0, 40_000, 1200L);
        Md whole = raid5().spare("sde").mismatch(0);
        for (Md md : List.of(whole, degraded, degraded, whole, whole, whole, whole)) {
            topology.send(db1.next(RAID5_LOAD, List.of(md)));
        }
        topology.aggregates();
        assertThat(of("md0", 10)).extracting(Aggregate::getDegradedMax).containsExactly(0, 1, 1, 0, 0, 0);
        assertThat(of("md0", 60)).singleElement().satisfies(a -> {
            assertThat(a.getDegradedMax()).isEqualTo(1);
            assertThat(a.getFaultyMembersMax()).isZero();
            assertThat(a.getMembers()).isEqualTo(5);
            assertThat(a.getSpareMembers()).isEqualTo(1);
            assertThat(a.getSyncCompletedPct()).as("no sync at the last sample").isNull();
            assertThat(a.getSyncEtaS()).isNull();
            assertThat(a.getMismatchCnt()).isZero();
        });
    }

    @Test
    void lateSamplesWithinTheGraceAreCountedAndLaterOnesAreNot() {
        HostFeed db2 = new HostFeed("db2", T0, 10_000);
        for (int i = 0; i < 6; i++) {
            topology.send(db2.next(Dev.disk("sdx", 10)));
        }
        // db2 moves stream time to 65 s; db1's samples for the first minute are late but within grace
        db2.lose(0);
        topology.send(db2.at(db2.sequence(), T0 + 65_000, List.of(Dev.disk("sdx", 10)), List.of()));
        for (int i = 0; i < 6; i++) {
            topology.send(db1.next(Dev.disk("sda", 50)));
        }
        // stream time 75 s closes the first minute; a db1 sample for it arriving now is too late
        topology.send(db2.at(db2.sequence() + 1, T0 + 75_000, List.of(Dev.disk("sdx", 10)), List.of()));
        topology.send(db1.at(db1.sequence() + 3, T0 + 59_000, List.of(Dev.disk("sda", 100)), List.of()));
        topology.aggregates();
        assertThat(of("sda", 60)).singleElement().satisfies(a -> {
            assertThat(a.getSamples()).isEqualTo(6);
            assertThat(a.getUtilMax()).isEqualTo(50.0);
        });
        assertThat(of("sdx", 60)).singleElement().extracting(Aggregate::getSamples).isEqualTo(6);
    }

    @Test
    void largerWindowsAreBuiltFromTheClosedSmallerOnes() {
        topology.close();
        topology = new TopologyFixture(Map.of("aggregate.windows", "10s,1m", "aggregate.grace", "0s"));
        for (int i = 0; i < 12; i++) {
            topology.send(db1.next(Dev.disk("sda", i < 6 ? 10 * (i + 1) : 1).await(i + 1, i + 1)));
        }
        topology.aggregates();
        assertThat(of("sda", 10)).as("[110 s, 120 s) still open").hasSize(11).allSatisfy(a -> assertThat(a.getSamples()).isEqualTo(1));
        assertThat(of("sda", 60)).singleElement().satisfies(a -> {
            assertThat(a.getWindowStart()).isEqualTo(Instant.ofEpochMilli(T0));
            assertThat(a.getSamples()).isEqualTo(6);
            assertThat(a.getUtilMean()).isCloseTo(35.0, within(1e-9));
            assertThat(a.getUtilMax()).isEqualTo(60.0);
            assertThat(a.getAwaitP95Ms()).isCloseTo(6.0, within(1e-9));
            assertThat(a.getAwaitMeanMs()).isCloseTo(3.5, within(1e-9));
        });
    }

    @Test
    void samplesWithoutMetricsAreNotCounted() {
        topology.send(db1.next(Dev.disk("sda", 50)));
        db1.restart(1000);
        topology.send(db1.next(Dev.disk("sda", 99)));
        for (int i = 0; i < 8; i++) {
            topology.send(db1.next(Dev.disk("sda", 50)));
        }
        topology.aggregates();
        assertThat(of("sda", 60)).first().satisfies(a -> assertThat(a.getUtilMax()).isEqualTo(50.0));
    }
}
