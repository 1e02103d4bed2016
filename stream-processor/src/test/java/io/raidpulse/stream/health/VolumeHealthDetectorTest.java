package io.raidpulse.stream.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.HardwareVolume;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The hardware RAID volume health detector through the real topology. */
class VolumeHealthDetectorTest {
    private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    private final TopologyFixture topology = new TopologyFixture();
    private final HostFeed db1 = new HostFeed("db1", T0, 10_000);

    @AfterEach
    void close() {
        topology.close();
    }

    /** The lab's PERC H700 volume as the collector reports it: 7 refused probe commands before any I/O. */
    private static HardwareVolume perc(String state, long ioerr, long iotmo) {
        return HardwareVolume.newBuilder().setDevice("sda").setDriver("megaraid_sas").setScsiAddress("0:2:0:0").setVendor("DELL")
                .setModel("PERC H700").setRecognisedBy("megaraid_sas logical drive: channel 2").setDeclared(true).setLevel("raid5")
                .setDisks(4).setController("PERC H700").setState(state).setIoerrCnt(ioerr).setIotmoCnt(iotmo).build();
    }

    /** Feeds {@code samples} samples of light reads; returns the volume alerts they caused. */
    private List<Alert> feed(int samples, HardwareVolume v) {
        return feed(samples, v, 100);
    }

    private List<Alert> feed(int samples, HardwareVolume v, double readsPerSecond) {
        for (int i = 0; i < samples; i++) {
            HostSample s = db1.next(Dev.disk("sda", 10).iops(readsPerSecond, 0));
            s.setHardwareVolumes(v == null ? null : List.of(v));
            topology.send(s);
        }
        return topology.alerts().stream().filter(a -> a.getKind() == AlertKind.VOLUME_OFFLINE || a.getKind() == AlertKind.VOLUME_ERRORS)
                .toList();
    }

    @Test
    void countersThatNeverRiseSayNothingWhateverTheirValue() {
        assertThat(feed(20, perc("running", 7, 0))).isEmpty();
    }

    @Test
    void anOfflineVolumeIsCriticalAtOnceAndResolvesWhenRunningAgain() {
        feed(3, perc("running", 7, 0));
        long offlineAt = db1.time();
        List<Alert> fired = feed(1, perc("offline", 7, 0));
        assertThat(fired).singleElement().satisfies(a -> {
            assertThat(a.getKind()).isEqualTo(AlertKind.VOLUME_OFFLINE);
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            assertThat(a.getSeverity()).isEqualTo(Severity.CRITICAL);
            assertThat(a.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(a.getStartTime().toEpochMilli()).isEqualTo(offlineAt);
            assertThat(a.getSummary()).isEqualTo("db1 hardware RAID5 volume sda (PERC H700, 4 disks) not running: its SCSI device "
                    + "state is offline, the kernel sends it no I/O; check the controller and its log");
        });
        assertThat(feed(5, perc("offline", 7, 0))).isEmpty();
        List<Alert> back = feed(1, perc("running", 7, 0));
        assertThat(back).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.RESOLVED);
            assertThat(a.getSummary()).isEqualTo("db1 hardware RAID5 volume sda (PERC H700, 4 disks) running again after 60 s offline");
        });
    }

    @Test
    void aPassingStateMustLastTwoSamples() {
        feed(2, perc("running", 7, 0));
        assertThat(feed(1, perc("blocked", 7, 0))).as("one sample of error handling").isEmpty();
        assertThat(feed(1, perc("running", 7, 0))).isEmpty();
        long blockedAt = db1.time();
        feed(1, perc("blocked", 7, 0));
        assertThat(feed(1, perc("blocked", 7, 0))).singleElement().satisfies(a -> {
            assertThat(a.getStartTime().toEpochMilli()).as("from its first sample").isEqualTo(blockedAt);
            assertThat(a.getSummary()).contains("state is blocked for 10 s");
        });
    }

    @Test
    void risingErrorCountsOpenOneEpisodeThatClosesAfterTheQuietTime() {
        feed(2, perc("running", 7, 0));
        List<Alert> fired = feed(1, perc("running", 10, 1));
        assertThat(fired).singleElement().satisfies(a -> {
            assertThat(a.getKind()).isEqualTo(AlertKind.VOLUME_ERRORS);
            assertThat(a.getSeverity()).isEqualTo(Severity.WARNING);
            assertThat(a.getSummary()).isEqualTo("db1 hardware RAID5 volume sda (PERC H700, 4 disks): 3 commands failed and 1 timed out in 10 s");
            assertThat(a.getEvidence()).containsExactly("ioerr_cnt 7 -> 10", "iotmo_cnt 0 -> 1");
        });
        // more errors a minute later: the same episode
        feed(5, perc("running", 10, 1));
        assertThat(feed(1, perc("running", 12, 1))).isEmpty();
        // 10 min without a rise closes it, telling the whole episode
        List<Alert> all = feed(60, perc("running", 12, 1));
        assertThat(all).extracting(Alert::getKind, Alert::getState).containsExactly(tuple(AlertKind.VOLUME_ERRORS, AlertState.RESOLVED));
        assertThat(all.get(0).getSummary()).isEqualTo(
                "db1 hardware RAID5 volume sda (PERC H700, 4 disks) no new errors for 10 min: 5 failed and 1 timed out over 60 s");
    }

    @Test
    void aCounterThatDropsIsANewDeviceNotAnError() {
        feed(2, perc("running", 7, 0));
        assertThat(feed(3, perc("running", 0, 0))).as("rescanned: counts start over").isEmpty();
        assertThat(feed(1, perc("running", 2, 0))).singleElement().extracting(Alert::getSummary).asString()
                .endsWith("2 commands failed in 10 s");
    }

    /** The lab's PERC H700 refuses three of the kernel's probe commands at a rescan, with no I/O going on. */
    @Test
    void failedCommandsWhileTheVolumeDidNoReadOrWriteAreNotItsIoFailing() {
        feed(2, perc("running", 7, 0));
        assertThat(feed(1, perc("running", 10, 0), 0)).as("a rescan of an idle volume").isEmpty();
        assertThat(feed(3, perc("running", 10, 0))).as("counted in: no rise after it").isEmpty();
        assertThat(feed(1, perc("running", 11, 0))).as("a read failing").singleElement().extracting(Alert::getSummary).asString()
                .endsWith("1 command failed in 10 s");
    }

    @Test
    void aVolumeThatVanishesHasItsEpisodesClosed() {
        feed(2, perc("running", 7, 0));
        feed(1, perc("offline", 7, 0));
        List<Alert> all = feed(10, null);
        assertThat(all).extracting(Alert::getKind, Alert::getState).containsExactly(tuple(AlertKind.VOLUME_OFFLINE, AlertState.RESOLVED));
        assertThat(all.get(0).getSummary()).startsWith("db1 hardware RAID5 volume sda (PERC H700, 4 disks) not-running alert closed: ");
    }

    @Test
    void theOfflineVolumeLeadsItsIncident() {
        feed(2, perc("running", 7, 0));
        feed(1, perc("offline", 9, 0));
        assertThat(topology.incidents()).singleElement().satisfies(i -> {
            assertThat(i.getSubject()).isEqualTo("sda");
            assertThat(i.getSubjectKind()).isEqualTo(SubjectKind.HARDWARE);
            assertThat(i.getKind()).as("the state explains the errors").isEqualTo(AlertKind.VOLUME_OFFLINE);
            assertThat(i.getSeverity()).isEqualTo(Severity.CRITICAL);
        });
    }
}
