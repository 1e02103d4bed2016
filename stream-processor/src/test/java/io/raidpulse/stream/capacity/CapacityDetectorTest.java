package io.raidpulse.stream.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CAPACITY alerts through the real topology: 10-s samples, 1-minute windows closed 10 s after
 * their end; fire above 90% of capacity for 3 minutes, clear below 80% for 2 minutes.
 */
class CapacityDetectorTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    private TopologyFixture topology = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s",
            "capacity.sustain", "3m", "capacity.clear-after", "2m"));
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);
    private final List<Alert> all = new ArrayList<>();

    @AfterEach
    void close() {
        topology.close();
    }

    /** Minutes of md1 (SSD RAID10 benchmarked at 20000 IOPS) at {@code share} of that, members at {@code util}%. */
    private List<Alert> minutes(int n, double share, double util) {
        double total = 20_000 * share;
        for (int i = 0; i < n * 6; i++) {
            topology.send(db1.next(CapacityComparisonTest.ssdRaid10(0.7 * total, 0.3 * total, util),
                    List.of(CapacityComparisonTest.ssdRaid10Array())));
        }
        List<Alert> out = topology.alerts();
        all.addAll(out);
        return out;
    }

    private static List<Alert> capacity(List<Alert> alerts) {
        return alerts.stream().filter(a -> a.getKind() == AlertKind.CAPACITY).toList();
    }

    @Test
    void anSsdArrayAbove90PercentOfItsBenchmarkFiresWhileMemberUtilStaysBelowTheSaturationThreshold() {
        topology.profile(CapacityComparisonTest.ssdRaid10Benchmark());
        assertThat(minutes(1, 0.50, 40)).isEmpty();
        long hotFrom = db1.time();
        // a window closes 10 s into the next minute
        assertThat(minutes(3, 0.93, 70)).as("two hot windows closed, the third not yet").isEmpty();
        List<Alert> fired = minutes(1, 0.97, 75);
        assertThat(fired).singleElement().satisfies(a -> {
            assertThat(a.getKind()).isEqualTo(AlertKind.CAPACITY);
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSubject()).isEqualTo("md1");
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.ARRAY);
            assertThat(a.getSeverity()).isEqualTo(Severity.WARNING);
            assertThat(a.getStartTime()).isEqualTo(Instant.ofEpochMilli(hotFrom));
            assertThat(a.getEventTime()).isEqualTo(Instant.ofEpochMilli(hotFrom + 180_000));
            assertThat(a.getAlertId()).isEqualTo("db1/md1/CAPACITY/" + hotFrom);
            assertThat(a.getPeakUtil()).as("the members' %util looked fine").isEqualTo(70.0);
            assertThat(a.getSummary()).isEqualTo("db1 md1 at 93.0% of its capacity for 3 min (profile:fio-ssd-raid10-randrw70), "
                    + "busiest member %util 70.0%");
            assertThat(a.getEvidence()).first().asString().isEqualTo("capacity 93.0% mean > 90.0% for 3 min (3 windows of 60 s)");
            assertThat(a.getEvidence()).contains("capacity source profile:fio-ssd-raid10-randrw70");
            assertThat(a.getDetails()).containsEntry("capacity_source", "profile:fio-ssd-raid10-randrw70")
                    .containsEntry("r_iops", "13020").containsEntry("w_iops", "5580").containsEntry("windows", "3");
            assertThat(Double.parseDouble(a.getDetails().get("capacity_pct"))).isCloseTo(93.0, within(0.1));
        });
        assertThat(minutes(2, 0.97, 75)).as("one FIRING per episode").isEmpty();

        long coolFrom = db1.time() + 120_000;
        assertThat(minutes(2, 0.85, 60)).as("between the thresholds: neither hot nor cool").isEmpty();
        assertThat(minutes(2, 0.50, 40)).as("the second cool window has not closed yet").isEmpty();
        List<Alert> resolved = minutes(1, 0.50, 40);
        assertThat(resolved).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getAlertId()).isEqualTo("db1/md1/CAPACITY/" + hotFrom);
            assertThat(a.getEndTime()).as("the first cool window's start").isEqualTo(Instant.ofEpochMilli(coolFrom));
            // 3 windows at 93%, 3 at 97%, 2 at 85%
            assertThat(a.getSummary()).isEqualTo("db1 md1 back below 80.0% of its capacity after 8 min: peak 97.0%, mean 92.5%"
                    + " (profile:fio-ssd-raid10-randrw70)");
            assertThat(a.getPeakUtil()).isEqualTo(75.0);
        });
        assertThat(all).as("member %util never reached the saturation threshold").noneMatch(a -> a.getKind() == AlertKind.SATURATION);
        assertThat(capacity(all)).extracting(Alert::getState).containsExactly(AlertState.FIRING, AlertState.RESOLVED);
    }

    @Test
    void below90PercentNeverFires() {
        topology.profile(CapacityComparisonTest.ssdRaid10Benchmark());
        assertThat(capacity(minutes(8, 0.89, 70))).isEmpty();
    }

    @Test
    void aWindowWithoutSamplesStartsTheCountAgain() {
        topology.profile(CapacityComparisonTest.ssdRaid10Benchmark());
        minutes(2, 0.95, 70);
        db1.lose(6);
        assertThat(capacity(minutes(3, 0.95, 70))).as("hot, hot, (nothing), hot, hot closed").isEmpty();
        assertThat(capacity(minutes(1, 0.95, 70))).singleElement().extracting(Alert::getState).isEqualTo(AlertState.FIRING);
    }

    @Test
    void anArrayThatIsNoLongerReportedHasItsEpisodeClosed() {
        topology.profile(CapacityComparisonTest.ssdRaid10Benchmark());
        assertThat(capacity(minutes(4, 0.95, 70))).hasSize(1);
        topology.send(db1.next(CapacityComparisonTest.ssdRaid10(0, 0, 0).subList(1, 5), List.of()));
        topology.send(db1.next(CapacityComparisonTest.ssdRaid10(0, 0, 0).subList(1, 5), List.of()));
        assertThat(capacity(topology.alerts())).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getDetails()).containsEntry("reason", "md1 no longer reported by db1 (missing from 2 samples)");
        });
    }

    @Test
    void aHostThatGoesSilentHasItsEpisodeClosed() {
        topology.profile(CapacityComparisonTest.ssdRaid10Benchmark());
        assertThat(capacity(minutes(4, 0.95, 70))).hasSize(1);
        topology.advanceWallClock(Duration.ofMinutes(9));
        assertThat(capacity(topology.alerts())).isEmpty();
        topology.advanceWallClock(Duration.ofMinutes(3));
        assertThat(capacity(topology.alerts())).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSummary()).isEqualTo("db1 md1 capacity alert closed: no samples from db1 for 10 min");
        });
    }

    @Test
    void aDiskClassDefaultIsNoGroundForAnAlertUnlessAskedFor() {
        topology.close();
        topology = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s",
                "capacity.sustain", "3m", "capacity.clear-after", "2m", "capacity.alert-on", "profile,model"));
        // members 100% busy without counters: nothing contradicts the default and nothing is measured
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(400, 200).kBs(3200, 1600));
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, 100).aqu(3).iops(0, 0).kBs(0, 0));
        }
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").chunk(512 * 1024);
        for (int i = 0; i < 10 * 6; i++) {
            topology.send(db1.next(devices, List.of(md0)));
        }
        assertThat(topology.aggregateLog).isEmpty();
        assertThat(topology.aggregates()).filteredOn(a -> a.getSubjectKind() == SubjectKind.ARRAY)
                .isNotEmpty().allSatisfy(a -> assertThat(a.getCapacityUtil()).as("3.5 times the 7200 rpm default").isGreaterThan(3));
        assertThat(capacity(topology.alerts())).isEmpty();
    }

    @Test
    void aDefaultContradictedByHalfBusyMembersIsNoCapacityAtAll() {
        topology.close();
        topology = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s",
                "capacity.sustain", "3m", "capacity.clear-after", "2m", "capacity.alert-on", "profile,model,default"));
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(400, 200).kBs(3200, 1600));
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, 60).aqu(3).iops(0, 0).kBs(0, 0));
        }
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").chunk(512 * 1024);
        for (int i = 0; i < 10 * 6; i++) {
            topology.send(db1.next(devices, List.of(md0)));
        }
        assertThat(topology.aggregates()).filteredOn(a -> a.getSubjectKind() == SubjectKind.ARRAY).isNotEmpty().allSatisfy(a -> {
            assertThat(a.getCapacityContradicted()).as("3.5 times the 7200 rpm default at 60% util").isEqualTo("default:hdd-7200");
            assertThat(a.getCapacityUtil()).isNull();
        });
        assertThat(capacity(topology.alerts())).as("even with alerts on the default").isEmpty();
    }

    @Test
    void anHddArrayNearItsModelledCapacityFiresWhileItsMembersShow88Percent() {
        topology.close();
        topology = new TopologyFixture(Map.of("aggregate.windows", "1m", "aggregate.grace", "10s",
                "capacity.sustain", "3m", "capacity.clear-after", "2m", "capacity.alert-on", "profile,model,default"));
        // raid5 of four 7200 rpm disks (no benchmark: the disk-class default), 8 KiB requests
        List<Dev> devices = new ArrayList<>();
        devices.add(Dev.md("md0").iops(105, 50).kBs(840, 400));
        // members without counters: nothing is measured, the default stands
        for (String d : new String[] {"sda", "sdb", "sdc", "sdd"}) {
            devices.add(Dev.disk(d, 88).aqu(3).iops(0, 0).kBs(0, 0));
        }
        Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").chunk(512 * 1024);
        List<Alert> alerts = new ArrayList<>();
        for (int i = 0; i < 4 * 6 + 2; i++) {
            topology.send(db1.next(devices, List.of(md0)));
            alerts.addAll(topology.alerts());
        }
        assertThat(alerts).noneMatch(a -> a.getKind() == AlertKind.SATURATION);
        assertThat(capacity(alerts)).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSummary()).contains("(default:hdd-7200)");
            assertThat(Double.parseDouble(a.getDetails().get("capacity_pct"))).isGreaterThan(90).isLessThan(95);
        });
    }
}
