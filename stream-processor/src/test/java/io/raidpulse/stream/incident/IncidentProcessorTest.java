package io.raidpulse.stream.incident;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.DeviceKind;
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
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Incidents through the real topology: the detectors' episodes in, one opening and one closing per incident out. */
class IncidentProcessorTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    private final TopologyFixture topology = new TopologyFixture();
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    /** md0 over whole disks sda-sdd at {@code util}, with 300 reads/s and 80 writes/s from the application. */
    private static List<Dev> raid5Disks(double util) {
        return List.of(Dev.md("md0").iops(300, 80), Dev.disk("sda", util), Dev.disk("sdb", util), Dev.disk("sdc", util),
                Dev.disk("sdd", util));
    }

    private static Md raid5() {
        return Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");
    }

    /** md0 over the first partitions of sda-sdd. */
    private static List<Dev> raid5Partitions(double util) {
        List<Dev> out = new ArrayList<>(List.of(Dev.md("md0").iops(300, 80)));
        for (String d : List.of("sda", "sdb", "sdc", "sdd")) {
            out.add(Dev.disk(d, util));
            out.add(Dev.disk(d + "1", util).kind(DeviceKind.PARTITION).parent(d));
        }
        return out;
    }

    private static Md raid5OnPartitions() {
        return Md.array("md0", "raid5", "sda1", "sdb1", "sdc1", "sdd1").leaves("sda1", "sdb1", "sdc1", "sdd1");
    }

    private List<Alert> feed(int samples, List<Dev> devices, Supplier<Md> array) {
        for (int i = 0; i < samples; i++) {
            topology.send(db1.next(devices, array == null ? List.of() : List.of(array.get())));
        }
        return topology.incidents();
    }

    @Test
    void anArrayAndItsMembersSaturatingAreOneIncidentNamingTheMembers() {
        feed(3, raid5Disks(40), IncidentProcessorTest::raid5);
        List<Alert> fired = feed(5, raid5Disks(100), IncidentProcessorTest::raid5);
        assertThat(topology.alerts()).as("the detectors still see five subjects")
                .extracting(Alert::getSubject).containsExactlyInAnyOrder("md0", "sda", "sdb", "sdc", "sdd");
        assertThat(fired).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSubject()).isEqualTo("md0");
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.ARRAY);
            assertThat(a.getKind()).isEqualTo(AlertKind.SATURATION);
            assertThat(a.getSeverity()).isEqualTo(Severity.CRITICAL);
            assertThat(a.getSummary()).startsWith("db1 md0 saturated");
            assertThat(a.getDetails()).containsEntry("member_peaks", "sda 100.0%, sdb 100.0%, sdc 100.0%, sdd 100.0%")
                    .containsEntry("subjects", "md0,sda,sdb,sdc,sdd").containsEntry("kinds", "SATURATION");
            assertThat(a.getPeakUtil()).isEqualTo(100.0);
        });
        List<Alert> over = feed(10, raid5Disks(30), IncidentProcessorTest::raid5);
        assertThat(over).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getAlertId()).isEqualTo(fired.get(0).getAlertId());
            assertThat(a.getSummary()).startsWith("db1 md0 incident over after ").contains("saturated ").contains("(peak 100.0%");
            assertThat(a.getEndTime()).isNotNull();
        });
    }

    @Test
    void aFailedMemberIsOneIncidentFromDegradedToRecoveredWithTheRebuildAsUpdates() {
        feed(2, raid5Partitions(30), IncidentProcessorTest::raid5OnPartitions);
        List<Alert> failed = feed(3, raid5Partitions(30), () -> raid5OnPartitions().degraded(1).faulty("sdb1"));
        assertThat(failed).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getKind()).isEqualTo(AlertKind.ARRAY_DEGRADED);
            assertThat(a.getSeverity()).isEqualTo(Severity.CRITICAL);
            topology.alerts();
            assertThat(a.getSummary()).isEqualTo("db1 md0 (raid5) degraded: 1 of 4 members missing; also "
                    + failedMemberWords(topology.alertLog) + "; " + noSpareWords(topology.alertLog));
            assertThat(a.getDetails()).containsEntry("kinds", "ARRAY_DEGRADED,MEMBER_FAULTY,NO_SPARE");
        });
        assertThat(feed(3, raid5Partitions(30), () -> raid5OnPartitions().remove("sdb1").spare("sde1").degraded(1)))
                .as("the faulty member removed and a spare added: steps inside the incident, not news").isEmpty();

        List<Alert> recovery = new ArrayList<>();
        // the new sdb1 is back in md0, rebuilding: its disk is md0's again
        recovery.addAll(feed(1, raid5Partitions(100), () -> raid5OnPartitions().degraded(1)
                .sync("recover", 0.5, 120_000L, 600L)));
        for (double pct : new double[] {5, 11, 17, 23, 30, 41}) {
            recovery.addAll(feed(1, raid5Partitions(100), () -> raid5OnPartitions().degraded(1)
                    .sync("recover", pct, 120_000L, 300L)));
        }
        assertThat(recovery).extracting(Alert::getState).containsOnly(AlertState.PROGRESS);
        assertThat(recovery.get(0).getDetails()).containsEntry("update", Incident.JOINED);
        assertThat(recovery.get(0).getSummary()).isEqualTo("db1 md0: md0 recovery started: 0.5% done at 117.2 MiB/s, ETA 10 min");
        assertThat(recovery).as("the members saturated by the recovery: one update saying so")
                .filteredOn(a -> a.getSummary().contains("members at 100.0% from the recovery")).singleElement()
                .satisfies(a -> {
                    assertThat(a.getSummary()).contains("application load 380 IOPS (300 reads/s, 80 writes/s)")
                            .contains("before the recovery it was not saturated");
                    assertThat(a.getSeverity()).as("the incident stays at its severity").isEqualTo(Severity.CRITICAL);
                });
        assertThat(topology.alertLog).filteredOn(a -> a.getKind() == AlertKind.SATURATION && a.getState() == AlertState.FIRING)
                .as("the saturation the recovery drives is the recovery's, at its severity")
                .allSatisfy(a -> assertThat(a.getSeverity()).isEqualTo(Severity.WARNING));

        List<Alert> whole = feed(1, raid5Partitions(100), IncidentProcessorTest::raid5OnPartitions);
        assertThat(whole).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.PROGRESS);
            assertThat(a.getDetails()).containsEntry("update", Incident.PROGRESS);
            assertThat(a.getSummary()).contains("recovery finished").contains("degraded");
        });
        List<Alert> over = feed(10, raid5Partitions(20), IncidentProcessorTest::raid5OnPartitions);
        assertThat(over).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getAlertId()).isEqualTo(failed.get(0).getAlertId());
            assertThat(a.getSeverity()).isEqualTo(Severity.CRITICAL);
            assertThat(a.getSummary()).contains("degraded ").contains("recovery ").contains("saturated ");
        });
        assertThat(topology.incidentLog).filteredOn(a -> a.getState() != AlertState.PROGRESS).hasSize(2);
    }

    private static String failedMemberWords(List<Alert> alerts) {
        return alerts.stream().filter(a -> a.getKind() == AlertKind.MEMBER_FAULTY).findFirst().orElseThrow().getSummary()
                .substring("db1 ".length());
    }

    private static String noSpareWords(List<Alert> alerts) {
        return alerts.stream().filter(a -> a.getKind() == AlertKind.NO_SPARE).findFirst().orElseThrow().getSummary()
                .substring("db1 ".length());
    }

    @Test
    void aCheckThatFindsMismatchesRaisesItsIncidentFromInfoToWarning() {
        feed(2, raid5Disks(30), IncidentProcessorTest::raid5);
        List<Alert> check = feed(1, raid5Disks(30), () -> raid5().sync("check", 1, 100_000L, 900L));
        assertThat(check).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getKind()).isEqualTo(AlertKind.SYNC);
            assertThat(a.getSeverity()).isEqualTo(Severity.INFO);
        });
        feed(3, raid5Disks(30), () -> raid5().sync("check", 50, 100_000L, 450L));
        List<Alert> found = feed(1, raid5Disks(30), () -> raid5().mismatch(16));
        assertThat(found).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.PROGRESS);
            assertThat(a.getDetails()).containsEntry("update", Incident.ESCALATED);
            assertThat(a.getSeverity()).isEqualTo(Severity.WARNING);
            assertThat(a.getSummary()).startsWith("db1 md0: now WARNING: md0 check found 16").contains("md0 check stopped at 50.0%");
            assertThat(a.getAlertId()).isEqualTo(check.get(0).getAlertId());
        });
        topology.advanceWallClock(Duration.ofSeconds(2));
        assertThat(feed(3, raid5Disks(30), () -> raid5().mismatch(16))).as("the mismatches were told with the escalation").isEmpty();
        // a repair, then another check: each sync is news again, once
        List<Alert> repair = feed(1, raid5Disks(30), () -> raid5().mismatch(16).sync("repair", 1, 100_000L, 900L));
        assertThat(repair).singleElement().satisfies(a -> {
            assertThat(a.getDetails()).containsEntry("update", Incident.JOINED);
            assertThat(a.getSummary()).contains("md0 repair started");
        });
    }

    @Test
    void aStandaloneDiskAndItsPartitionAreOneIncidentAndNestedArraysFoldIntoTheOutermost() {
        List<Dev> hot = List.of(Dev.disk("sda", 100), Dev.disk("sda1", 100).kind(DeviceKind.PARTITION).parent("sda"),
                Dev.md("md2").iops(6000, 1000), Dev.md("md0"), Dev.md("md1"), Dev.disk("vda", 100), Dev.disk("vdb", 100),
                Dev.disk("vdc", 100), Dev.disk("vdd", 100));
        List<Md> arrays = List.of(Md.array("md0", "raid1", "vda", "vdb").leaves("vda", "vdb"),
                Md.array("md1", "raid1", "vdc", "vdd").leaves("vdc", "vdd"),
                Md.array("md2", "raid0", "md0", "md1").leaves("vda", "vdb", "vdc", "vdd"));
        for (int i = 0; i < 5; i++) {
            topology.send(db1.next(hot, arrays));
        }
        List<Alert> fired = topology.incidents();
        assertThat(fired).extracting(Alert::getSubject, Alert::getSubjectKind, Alert::getState).containsExactlyInAnyOrder(
                tuple("sda", SubjectKind.DEVICE, AlertState.FIRING),
                tuple("md2", SubjectKind.ARRAY, AlertState.FIRING));
        assertThat(fired).filteredOn(a -> a.getSubject().equals("md2")).singleElement()
                .satisfies(a -> assertThat(a.getDetails().get("subjects")).contains("md0").contains("md1").contains("vda"));
    }

    @Test
    void aHostGoneSilentClosesItsIncidentsOnTheWallClock() {
        List<Alert> fired = feed(5, raid5Disks(100), IncidentProcessorTest::raid5);
        assertThat(fired).hasSize(1);
        topology.advanceWallClock(Duration.ofMinutes(20));
        topology.advanceWallClock(Duration.ofSeconds(2));
        assertThat(topology.incidents()).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSummary()).contains("closed: ");
        });
    }

    @Test
    void anIncidentHeldOpenForLongKeepsOnlyItsLatestClosedEpisodes() {
        Incident i = new Incident("md0", SubjectKind.ARRAY);
        for (int n = 0; n < Incident.CLOSED_PARTS_KEPT + 10; n++) {
            Alert fired = io.raidpulse.topics.alert.Alerts.alert("db1", "sda", SubjectKind.DEVICE, AlertKind.SATURATION, AlertState.FIRING,
                    Severity.CRITICAL, T0 + n * 1000L, T0 + n * 1000L, "db1 sda saturated").build();
            Part p = Part.of(fired);
            p.announced = true;
            p.update(io.raidpulse.topics.alert.Alerts.alert("db1", "sda", SubjectKind.DEVICE, AlertKind.SATURATION, AlertState.RESOLVED,
                    Severity.CRITICAL, T0 + n * 1000L, T0 + n * 1000L + 500, "db1 sda saturation over").build());
            i.add(p);
        }
        assertThat(i.parts).hasSize(Incident.CLOSED_PARTS_KEPT);
        assertThat(i.parts.values().iterator().next().startMs).as("the oldest went first").isEqualTo(T0 + 10_000L);
    }

    @Test
    void twoArraysAreTwoIncidents() {
        List<Dev> devices = new ArrayList<>(raid5Disks(100));
        devices.addAll(List.of(Dev.md("md1").iops(50, 50), Dev.disk("sde", 100), Dev.disk("sdf", 100)));
        for (int i = 0; i < 5; i++) {
            topology.send(db1.next(devices, List.of(raid5(), Md.array("md1", "raid1", "sde", "sdf").leaves("sde", "sdf"))));
        }
        assertThat(topology.incidents()).extracting(Alert::getSubject).containsExactlyInAnyOrder("md0", "md1");
    }
}
