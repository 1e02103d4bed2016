package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.AggregateConsumer;
import io.raidpulse.schema.ConsumerKind;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each consumer's share of an array's member load in its closed windows, through the real topology: a
 * RAID5's small writes cost four member I/Os each, its large reads one, so the writer holds the larger share
 * of the members' load with a third of the requests.
 */
class ConsumerSharesTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final String DB = "postgresql@15-main.service";
    private static final String BACKUP = "backup.service";

    private TopologyFixture topology = new TopologyFixture();
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    /**
     * md0 (raid5, 4 disks, 512 KiB chunks): the database writes 100 4 KiB blocks a second (read old data and
     * parity, write both: 400 member I/Os), the backup reads 300 128 KiB blocks (one member read each: 300); the
     * members complete those 700 and {@code extraReads} more (a check's, when one runs).
     */
    private static List<Dev> raid5(double util, double extraReads) {
        double memberReads = (300 + 200 + extraReads) / 4;
        double memberWrites = 200 / 4.0;
        Dev md = Dev.md("md0").iops(300, 100).kBs(300 * 128, 400)
                .consumer(DB, ConsumerKind.SERVICE, 0, 100, 0, 400)
                .consumer(BACKUP, ConsumerKind.SERVICE, 300, 0, 300 * 128, 0);
        List<Dev> devs = new ArrayList<>();
        devs.add(md);
        for (String m : List.of("sda", "sdb", "sdc", "sdd")) {
            devs.add(Dev.disk(m, util).iops(memberReads, memberWrites).kBs(memberReads * 64, memberWrites * 4));
        }
        return devs;
    }

    private Aggregate firstMinute(String subject, List<Dev> devs, Md md0) {
        while (topology.aggregateLog.stream().noneMatch(a -> a.getSubject().equals(subject) && a.getWindowS() == 60)) {
            topology.send(db1.next(devs, md0 == null ? List.of() : List.of(md0)));
            topology.aggregates();
        }
        return topology.aggregateLog.stream().filter(a -> a.getSubject().equals(subject) && a.getWindowS() == 60).findFirst().orElseThrow();
    }

    @Test
    void anArraysWindowSharesItsMemberLoadByWhatEachConsumersRequestsCostTheMembers() {
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
        Aggregate a = firstMinute("md0", raid5(60, 0), md0);
        assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.ARRAY);
        assertThat(a.getConsumerSamples()).isEqualTo(a.getSamples());
        List<AggregateConsumer> consumers = a.getConsumers();
        assertThat(consumers).extracting(AggregateConsumer::getName).containsExactly(DB, BACKUP);
        assertThat(consumers.get(0).getMemberLoadPct()).isCloseTo(400.0 / 7, within(0.01));
        assertThat(consumers.get(1).getMemberLoadPct()).isCloseTo(300.0 / 7, within(0.01));
        assertThat(consumers.get(0).getMemberIops()).isCloseTo(400, within(0.5));
        assertThat(consumers.get(0).getWIops()).isCloseTo(100, within(1e-9));
        assertThat(consumers.get(0).getWkBS()).isCloseTo(400, within(1e-9));
        assertThat(consumers.get(0).getWriteMemberIops()).isEqualTo(consumers.get(0).getMemberIops());
        assertThat(consumers.get(1).getRIops()).isCloseTo(300, within(1e-9));
        assertThat(consumers.get(1).getRkBS()).isCloseTo(300 * 128, within(1e-6));
        assertThat(consumers).extracting(AggregateConsumer::getKind).containsOnly("service");
        assertThat(consumers.stream().mapToDouble(AggregateConsumer::getMemberLoadPct).sum()).isCloseTo(100, within(1e-9));
    }

    @Test
    void aRunningCheckIsOneConsumerAmongThemTakingWhatTheMembersDidBeyondTheConsumersCost() {
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd").sync("check", 20, 80_000L, 3600L);
        Aggregate a = firstMinute("md0", raid5(90, 700), md0);
        List<AggregateConsumer> consumers = a.getConsumers();
        assertThat(consumers).extracting(AggregateConsumer::getName).containsExactly("md check", DB, BACKUP);
        assertThat(consumers.get(0).getKind()).isEqualTo("sync");
        assertThat(consumers.get(0).getMemberLoadPct()).isCloseTo(50, within(0.01));
        assertThat(consumers.get(0).getRIops()).isZero();
        assertThat(consumers.stream().mapToDouble(AggregateConsumer::getMemberLoadPct).sum()).isCloseTo(100, within(1e-9));
    }

    @Test
    void theTopNAreNamedTheRestSummedAsOtherAndUnattributedIsKeptNeverNegative() {
        topology.close();
        topology = new TopologyFixture(Map.of("aggregate.consumers-top", "1"));
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
        List<Dev> devs = raid5(60, 0);
        devs.get(0).consumer("unattributed", ConsumerKind.UNATTRIBUTED, 0, 0, 0, 0).consumer("docker/3f2a9c1b7e4d", ConsumerKind.CONTAINER,
                10, 0, 40, 0);
        Aggregate a = firstMinute("md0", devs, md0);
        List<AggregateConsumer> consumers = a.getConsumers();
        assertThat(consumers).extracting(AggregateConsumer::getName).containsExactly(DB, "other");
        assertThat(consumers.get(1).getRIops()).as("the backup and the container, summed").isCloseTo(310, within(1e-9));
        assertThat(consumers).allSatisfy(c -> assertThat(c.getMemberLoadPct()).isBetween(0.0, 100.0));
        assertThat(consumers.stream().mapToDouble(AggregateConsumer::getMemberLoadPct).sum()).isCloseTo(100, within(1e-9));
    }

    @Test
    void aStandaloneDiskSharesItsOwnIosAndAWindowWithoutConsumersHasNone() {
        Dev sde = Dev.disk("sde", 30).iops(100, 100).kBs(400, 400)
                .consumer("nginx.service", ConsumerKind.SERVICE, 100, 0, 400, 0)
                .consumer("user sessions", ConsumerKind.SESSIONS, 0, 60, 0, 240)
                .consumer("unattributed", ConsumerKind.UNATTRIBUTED, 0, 40, 0, 160);
        Dev sdf = Dev.disk("sdf", 30);
        Aggregate a = firstMinute("sde", List.of(sde, sdf), null);
        assertThat(a.getConsumers()).extracting(AggregateConsumer::getName).containsExactly("nginx.service", "user sessions", "unattributed");
        assertThat(a.getConsumers()).extracting(AggregateConsumer::getMemberLoadPct).containsExactly(50.0, 30.0, 20.0);
        assertThat(a.getConsumers().get(2).getKind()).isEqualTo("unattributed");
        Aggregate plain = topology.aggregateLog.stream().filter(x -> x.getSubject().equals("sdf")).findFirst().orElseThrow();
        assertThat(plain.getConsumers()).isNull();
        assertThat(plain.getConsumerSamples()).isZero();
    }

    @Test
    void theHourIsTheSumOfItsMinutes() {
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
        HostFeed slow = new HostFeed("db2", T0, 60_000);
        List<Aggregate> hours = new ArrayList<>();
        for (int i = 0; i < 63 && hours.isEmpty(); i++) {
            // the backup runs in the first half hour only
            List<Dev> devs = i < 30 ? raid5(60, 0) : List.of(Dev.md("md0").iops(0, 100).kBs(0, 400).consumer(DB, ConsumerKind.SERVICE, 0, 100, 0, 400),
                    Dev.disk("sda", 20).iops(50, 50), Dev.disk("sdb", 20).iops(50, 50), Dev.disk("sdc", 20).iops(50, 50),
                    Dev.disk("sdd", 20).iops(50, 50));
            topology.send(slow.next(devs, List.of(md0)));
            topology.aggregates().stream().filter(a -> a.getWindowS() == 3600 && a.getSubject().equals("md0")).forEach(hours::add);
        }
        assertThat(hours).singleElement().satisfies(h -> {
            // 30 minutes of 700 member I/Os a second, 30 of 400: the hour's shares are of its sums, not a mean of the minutes'
            double db = 30 * 400.0 + 30 * 400.0;
            double backup = 30 * 300.0;
            assertThat(h.getConsumers()).extracting(AggregateConsumer::getName).containsExactly(DB, BACKUP);
            assertThat(h.getConsumerSamples()).isEqualTo(60);
            assertThat(h.getConsumers().get(0).getMemberLoadPct()).as(h.toString()).isCloseTo(100 * db / (db + backup), within(0.01));
        });
    }

    @Test
    void aResyncOfARaid1PairUnderARaid0IsTheSyncOfTheWholeArraysConsumers() {
        // raid0 over two raid1 pairs: a write costs two member writes, a read one; md1 resyncs beside them
        Md md1 = Md.array("md1", "raid1", "sda", "sdb").leaves("sda", "sdb").sync("resync", 30, 50_000L, 600L);
        Md md2 = Md.array("md2", "raid1", "sdc", "sdd").leaves("sdc", "sdd");
        Md md0 = Md.array("md0", "raid0", "md1", "md2").leaves("sda", "sdb", "sdc", "sdd").chunk(524_288);
        Dev md = Dev.md("md0").iops(100, 100).kBs(6400, 400)
                .consumer(DB, ConsumerKind.SERVICE, 0, 100, 0, 400)
                .consumer(BACKUP, ConsumerKind.SERVICE, 100, 0, 6400, 0);
        // 200 member writes, 100 reads, and the resync's 200 on the first pair
        List<Dev> devs = List.of(md, Dev.md("md1").iops(150, 100), Dev.md("md2").iops(50, 100),
                Dev.disk("sda", 70).iops(125, 50), Dev.disk("sdb", 70).iops(125, 50), Dev.disk("sdc", 40).iops(25, 50),
                Dev.disk("sdd", 40).iops(25, 50));
        HostFeed feed = new HostFeed("db3", T0, 10_000);
        while (topology.aggregateLog.stream().noneMatch(a -> a.getSubject().equals("md0") && a.getWindowS() == 60)) {
            topology.send(feed.next(devs, List.of(md1, md2, md0)));
            topology.aggregates();
        }
        Aggregate a = topology.aggregateLog.stream().filter(x -> x.getSubject().equals("md0") && x.getWindowS() == 60).findFirst().orElseThrow();
        // the sync and the database 200 member I/Os a second each (ties in name order), the backup 100
        assertThat(a.getConsumers()).extracting(AggregateConsumer::getName).containsExactly("md resync", DB, BACKUP);
        assertThat(a.getConsumers().get(0).getKind()).isEqualTo("sync");
        assertThat(a.getConsumers().get(0).getMemberLoadPct()).isCloseTo(40, within(1e-9));
        assertThat(a.getConsumers().get(1).getMemberLoadPct()).isCloseTo(40, within(1e-9));
        assertThat(a.getConsumers().get(2).getMemberLoadPct()).isCloseTo(20, within(1e-9));
    }
}
