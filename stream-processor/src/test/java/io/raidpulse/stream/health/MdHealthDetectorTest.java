package io.raidpulse.stream.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The md health detector through the real topology. */
class MdHealthDetectorTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final List<Dev> DISKS = List.of(Dev.md("md0"), Dev.disk("sda", 20), Dev.disk("sdb", 20), Dev.disk("sdc", 20),
            Dev.disk("sdd", 20));

    private final TopologyFixture topology = new TopologyFixture();
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    private static Md raid5() {
        return Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd");
    }

    private List<Alert> feed(int samples, Supplier<Md> array) {
        for (int i = 0; i < samples; i++) {
            topology.send(db1.next(DISKS, List.of(array.get())));
        }
        return topology.alerts().stream().filter(a -> a.getKind() != AlertKind.SATURATION).toList();
    }

    @Test
    void aHealthyArrayRaisesNothing() {
        assertThat(feed(10, MdHealthDetectorTest::raid5)).isEmpty();
    }

    @Test
    void degradedWithAFaultyMemberAndNoSpareThenReplacedAndRebuilt() {
        feed(2, MdHealthDetectorTest::raid5);
        long failedAt = db1.time();
        List<Alert> failed = feed(3, () -> raid5().degraded(1).faulty("sdc"));
        assertThat(failed).extracting(Alert::getKind, Alert::getState, Alert::getSubject, Alert::getSeverity).containsExactlyInAnyOrder(
                tuple(AlertKind.ARRAY_DEGRADED, AlertState.FIRING, "md0", Severity.CRITICAL),
                tuple(AlertKind.NO_SPARE, AlertState.FIRING, "md0", Severity.WARNING),
                tuple(AlertKind.MEMBER_FAULTY, AlertState.FIRING, "sdc", Severity.WARNING));
        assertThat(failed).filteredOn(a -> a.getKind() == AlertKind.ARRAY_DEGRADED).singleElement().satisfies(a -> {
            assertThat(a.getStartTime()).isEqualTo(Instant.ofEpochMilli(failedAt));
            assertThat(a.getSummary()).isEqualTo("db1 md0 (raid5) degraded: 1 of 4 members missing");
            assertThat(a.getDetails()).containsEntry("degraded", "1");
        });
        assertThat(failed).filteredOn(a -> a.getKind() == AlertKind.MEMBER_FAULTY).singleElement()
                .satisfies(a -> assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.DEVICE));

        // the faulty disk is removed and a new one added: it is a spare until recovery starts
        List<Alert> spare = feed(2, () -> raid5().remove("sdc").spare("sde").degraded(1));
        assertThat(spare).extracting(Alert::getKind, Alert::getState).containsExactlyInAnyOrder(
                tuple(AlertKind.MEMBER_FAULTY, AlertState.RESOLVED),
                tuple(AlertKind.NO_SPARE, AlertState.RESOLVED));

        List<Alert> recovery = feed(1, () -> raid5().remove("sdc").degraded(1).sync("recover", 0.5, 120_000L, 7200L));
        assertThat(recovery).singleElement().satisfies(a -> {
            assertThat(a.getKind()).isEqualTo(AlertKind.SYNC);
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSeverity()).isEqualTo(Severity.WARNING);
            assertThat(a.getSummary()).isEqualTo("db1 md0 recovery started: 0.5% done at 117.2 MiB/s, ETA 2 h");
        });
        // progress once it advanced 10 points since the last report, not every sample
        double[] pcts = {3, 7, 10.4, 10.6, 15, 20.5, 29, 31, 99.7};
        List<Alert> progress = new java.util.ArrayList<>();
        for (double p : pcts) {
            progress.addAll(feed(1, () -> raid5().remove("sdc").degraded(1).sync("recover", p, 120_000L, 60L)));
        }
        assertThat(progress).extracting(Alert::getState).containsOnly(AlertState.PROGRESS);
        assertThat(progress).extracting(a -> a.getDetails().get("sync_pct")).containsExactly("10.6", "29.0", "99.7");
        assertThat(progress).allSatisfy(a -> assertThat(a.getAlertId()).isEqualTo(recovery.get(0).getAlertId()));

        List<Alert> done = feed(1, () -> raid5().remove("sdc"));
        assertThat(done).extracting(Alert::getKind, Alert::getState).containsExactlyInAnyOrder(
                tuple(AlertKind.SYNC, AlertState.RESOLVED),
                tuple(AlertKind.ARRAY_DEGRADED, AlertState.RESOLVED));
        assertThat(done).filteredOn(a -> a.getKind() == AlertKind.SYNC).singleElement().satisfies(a -> {
            assertThat(a.getSummary()).startsWith("db1 md0 recovery finished after 100 s (mean ");
            assertThat(a.getDetails()).containsEntry("finished", "true").containsKey("mean_speed_kib_s");
        });
        assertThat(feed(3, () -> raid5().remove("sdc"))).isEmpty();
    }

    @Test
    void progressIsReportedAfterTheIntervalWhenASyncIsSlow() {
        feed(1, () -> raid5().sync("check", 1.0, 1000L, null));
        List<Alert> slow = feed(59, () -> raid5().sync("check", 2.0, 1000L, null));
        assertThat(slow).as("under 10 min").isEmpty();
        assertThat(feed(1, () -> raid5().sync("check", 2.0, 1000L, null))).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.PROGRESS);
            assertThat(a.getSeverity()).isEqualTo(Severity.INFO);
        });
        assertThat(feed(70, () -> raid5().sync("check", 2.0, 0L, null))).as("no progress, nothing to say").isEmpty();
    }

    @Test
    void anInsaneEtaIsNotShown() {
        List<Alert> a = feed(1, () -> raid5().sync("resync", 5, 0L, null));
        assertThat(a).singleElement().satisfies(x -> {
            assertThat(x.getSummary()).contains("ETA unknown");
            assertThat(x.getDetails()).doesNotContainKey("eta_s");
        });
    }

    @Test
    void aSyncSeenOverOnceItsTimeLeftHadPassedFinished() {
        // the lab's check on kernel 6.1: last seen at 98.1% with 1.2 s left by its position and
        // speed (no ETA: mdstat's finish= rounds to 0.0min), over at the next 1 s sample
        HostFeed fast = new HostFeed("db1", T0, 1_000);
        long total = 1_000_000_000L;
        long speedKiB = Math.round(total * 0.019 / 2 / 1.2);
        topology.send(fast.next(DISKS, List.of(raid5().sync("check", 97.0, speedKiB, null))));
        topology.send(fast.next(DISKS, List.of(raid5().sync("check", 98.1, speedKiB, null))));
        topology.send(fast.next(DISKS, List.of(raid5())));
        assertThat(topology.alerts()).filteredOn(a -> a.getState() == AlertState.RESOLVED).singleElement().satisfies(a -> {
            assertThat(a.getSummary()).startsWith("db1 md0 check finished");
            assertThat(a.getDetails()).containsEntry("finished", "true");
        });
    }

    @Test
    void aRecoveryFromTheBitmapThatLeftTheArrayWholeFinishedWhereverItWasLastSeen() {
        // the lab's re-added disk: md copies only what changed and jumps over the rest
        feed(1, () -> raid5().degraded(1).sync("recover", 26.5, 50_000L, 12L));
        feed(1, () -> raid5().degraded(1).sync("recover", 58.9, 50_000L, 24L));
        assertThat(feed(1, MdHealthDetectorTest::raid5)).filteredOn(a -> a.getKind() == AlertKind.SYNC).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSummary()).startsWith("db1 md0 recovery finished after");
            assertThat(a.getDetails()).containsEntry("finished", "true").containsEntry("last_sync_pct", "58.9");
        });
    }

    @Test
    void aRecoveryThatEndedWithTheArrayStillDegradedStopped() {
        feed(1, () -> raid5().degraded(1).sync("recover", 26.5, 50_000L, 120L));
        assertThat(feed(1, () -> raid5().degraded(1))).filteredOn(a -> a.getKind() == AlertKind.SYNC).singleElement()
                .satisfies(a -> assertThat(a.getDetails()).containsEntry("finished", "false"));
    }

    @Test
    void aSyncSeenOverLongBeforeItsTimeLeftStopped() {
        HostFeed fast = new HostFeed("db1", T0, 1_000);
        long total = 1_000_000_000L;
        // 10 s left at 98.1%: over a second later, it was stopped
        long speedKiB = Math.round(total * 0.019 / 2 / 10);
        topology.send(fast.next(DISKS, List.of(raid5().sync("check", 97.0, speedKiB, null))));
        topology.send(fast.next(DISKS, List.of(raid5().sync("check", 98.1, speedKiB, null))));
        topology.send(fast.next(DISKS, List.of(raid5())));
        assertThat(topology.alerts()).filteredOn(a -> a.getState() == AlertState.RESOLVED).singleElement()
                .satisfies(a -> assertThat(a.getDetails()).containsEntry("finished", "false"));
    }

    @Test
    void aCheckSeenOverASecondAfterItHadThreeSecondsLeftFinished() {
        HostFeed fast = new HostFeed("db1", T0, 1_000);
        long total = 1_000_000_000L;
        // the lab's check beside two fio jobs: 96.9% at 5.9 MiB/s, 2.8 s left, over at the next sample once the jobs ended
        long speedKiB = Math.round(total * 0.031 / 2 / 2.8);
        topology.send(fast.next(DISKS, List.of(raid5().sync("check", 86.9, speedKiB, 3L))));
        topology.send(fast.next(DISKS, List.of(raid5().sync("check", 96.9, speedKiB, 3L))));
        topology.send(fast.next(DISKS, List.of(raid5())));
        assertThat(topology.alerts()).filteredOn(a -> a.getState() == AlertState.RESOLVED).singleElement()
                .satisfies(a -> assertThat(a.getDetails()).containsEntry("finished", "true"));
    }

    @Test
    void aCheckStoppedHalfwayIsReportedAsStopped() {
        feed(1, () -> raid5().sync("check", 40, 150_000L, 3000L));
        feed(1, () -> raid5().sync("check", 45, 150_000L, 2700L));
        assertThat(feed(1, MdHealthDetectorTest::raid5)).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSummary()).startsWith("db1 md0 check stopped at 45.0% after 20 s");
            assertThat(a.getDetails()).containsEntry("finished", "false");
        });
    }

    @Test
    void mismatchesFoundByACheckOnRaid5AreReportedUntilCleared() {
        feed(2, () -> raid5().sync("check", 99.5, 150_000L, 5L));
        List<Alert> ended = feed(1, () -> raid5().mismatch(1024));
        assertThat(ended).extracting(Alert::getKind, Alert::getState).containsExactly(
                tuple(AlertKind.SYNC, AlertState.RESOLVED),
                tuple(AlertKind.MISMATCH, AlertState.FIRING));
        assertThat(ended.get(1).getSummary()).contains("1024 mismatched sectors");
        assertThat(feed(3, () -> raid5().mismatch(1024))).isEmpty();
        // a repair, then a check that finds nothing
        feed(2, () -> raid5().sync("repair", 50, 150_000L, 100L).mismatch(1024));
        assertThat(feed(1, () -> raid5().mismatch(1024))).extracting(Alert::getKind).containsExactly(AlertKind.SYNC);
        feed(2, () -> raid5().sync("check", 99.9, 150_000L, 1L));
        assertThat(feed(1, MdHealthDetectorTest::raid5)).extracting(Alert::getKind, Alert::getState).containsExactlyInAnyOrder(
                tuple(AlertKind.SYNC, AlertState.RESOLVED),
                tuple(AlertKind.MISMATCH, AlertState.RESOLVED));
    }

    @Test
    void mismatchesOnRaid1AreNotReported() {
        feed(2, () -> Md.array("md0", "raid1", "sda", "sdb").sync("check", 99.9, 150_000L, 1L));
        assertThat(feed(1, () -> Md.array("md0", "raid1", "sda", "sdb").mismatch(128))).extracting(Alert::getKind)
                .containsExactly(AlertKind.SYNC);
    }

    @Test
    void collectorRestartsAndLostSamplesNeitherCloseNorReopenEpisodes() {
        assertThat(feed(2, () -> raid5().degraded(1))).hasSize(2);
        db1.lose(5);
        assertThat(feed(2, () -> raid5().degraded(1))).isEmpty();
        db1.restart(30_000);
        assertThat(feed(3, () -> raid5().degraded(1))).as("the first sample after a restart has no metrics, but has the array")
                .isEmpty();
        assertThat(feed(1, MdHealthDetectorTest::raid5)).extracting(Alert::getState)
                .containsExactly(AlertState.RESOLVED, AlertState.RESOLVED);
    }

    @Test
    void anArrayInactiveForOneSampleWhileItIsCreatedIsNotAnAlert() {
        // the lab: one sample of mdadm --create's array inactive, the next running
        assertThat(feed(1, () -> raid5().inactive())).isEmpty();
        assertThat(feed(3, MdHealthDetectorTest::raid5)).isEmpty();
    }

    @Test
    void anInactiveArrayIsCritical() {
        assertThat(feed(3, () -> raid5().inactive())).singleElement().satisfies(a -> {
            assertThat(a.getKind()).isEqualTo(AlertKind.ARRAY_INACTIVE);
            assertThat(a.getSeverity()).isEqualTo(Severity.CRITICAL);
        });
        assertThat(feed(1, MdHealthDetectorTest::raid5)).singleElement().extracting(Alert::getState).isEqualTo(AlertState.RESOLVED);
    }

    @Test
    void aDelayedResyncIsReportedAsWaiting() {
        assertThat(feed(2, () -> raid5().syncDelayed("resync"))).singleElement()
                .satisfies(a -> assertThat(a.getSummary()).isEqualTo("db1 md0 resync waiting (delayed)"));
    }

    @Test
    void anArrayThatVanishesHasItsEpisodesClosedWithTheReason() {
        feed(2, () -> raid5().degraded(1));
        for (int i = 0; i < 2; i++) {
            topology.send(db1.next(Dev.disk("sde", 1)));
        }
        List<Alert> closed = topology.alerts();
        assertThat(closed).extracting(Alert::getKind).containsExactlyInAnyOrder(AlertKind.ARRAY_DEGRADED, AlertKind.NO_SPARE);
        assertThat(closed).allSatisfy(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getDetails().get("reason")).isEqualTo("md0 no longer reported by db1 (missing from 2 samples)");
        });
    }

    @Test
    void aSilentHostHasItsArrayEpisodesClosed() {
        feed(2, () -> raid5().degraded(1).faulty("sdd"));
        topology.advanceWallClock(Duration.ofMinutes(11));
        assertThat(topology.alerts()).hasSize(3).allSatisfy(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSummary()).contains("no samples from db1");
        });
    }
}
