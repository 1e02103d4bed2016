package io.raidpulse.stream.saturation;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.AttributionStatus;
import io.raidpulse.schema.ConsumerKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IoAttribution;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.testing.TopologyFixture;
import io.raidpulse.topics.testing.Dev;
import io.raidpulse.topics.testing.HostFeed;
import io.raidpulse.topics.testing.Md;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A saturation episode of an array tells who loaded it, heavier first, in its FIRING and RESOLVED; a
 * consumer absent before that drives it is told as having started it; a running check is named as the check.
 */
class ConsumerIncidentTest {
    private static final String DB = "postgresql@15-main.service";
    private static final String BACKUP = "backup.service";

    private final TopologyFixture topology = new TopologyFixture();
    /** ten minutes before the backup's 02:00 */
    private final HostFeed db1 = new HostFeed("db1", Instant.parse("2026-01-01T01:50:00Z").toEpochMilli(), 10_000);
    private final List<Alert> alerts = new ArrayList<>();
    private final Md md0 = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd");

    @AfterEach
    void close() {
        topology.close();
    }

    /**
     * md0 (raid5, 4 disks): the database's 100 4 KiB writes a second cost the members 400 I/Os; the backup's
     * {@code backupReads} 128 KiB reads one each; a check {@code checkReads} more.
     */
    private void send(double util, double backupReads, double checkReads, Md array) {
        Dev md = Dev.md("md0").iops(backupReads, 100).kBs(backupReads * 128, 400).consumer(DB, ConsumerKind.SERVICE, 0, 100, 0, 400);
        if (backupReads > 0) {
            md.consumer(BACKUP, ConsumerKind.SERVICE, backupReads, 0, backupReads * 128, 0);
        }
        double reads = (200 + backupReads + checkReads) / 4;
        List<Dev> devs = new ArrayList<>(List.of(md));
        for (String m : List.of("sda", "sdb", "sdc", "sdd")) {
            devs.add(Dev.disk(m, util).iops(reads, 50).kBs(reads * 64, 200));
        }
        HostSample sample = db1.next(devs, List.of(array));
        topology.send(readEvery == 1 ? sample : spaced(sample));
        topology.alerts().stream().filter(a -> a.getKind() == AlertKind.SATURATION && a.getSubjectKind() == SubjectKind.ARRAY)
                .forEach(alerts::add);
    }

    /** 1: the collector reads io.stat every cycle; more: every this many, from the first sample (HostSample v6). */
    private int readEvery = 1;
    private int sent;

    /**
     * The sample as a collector reading io.stat every {@link #readEvery} cycles sends it: between two
     * readings without consumers, saying so; at a reading with the span's counts (the feed's are
     * steady, so the span's are its own times the cycles).
     */
    private HostSample spaced(HostSample s) {
        boolean reading = sent++ % readEvery == 0;
        IoAttribution a = IoAttribution.newBuilder().setStatus(reading ? AttributionStatus.ATTRIBUTED : AttributionStatus.BETWEEN_READINGS)
                .setCgroupsRead(reading ? 300 : 0).setSpanS(reading ? s.getIntervalS() * readEvery : null).build();
        s.setIoAttribution(a);
        for (DeviceSample d : s.getDevices()) {
            if (d.getConsumers() != null) {
                d.setConsumers(!reading ? null : d.getConsumers().stream().map(c -> new IoConsumer(c.getName(), c.getKind(), c.getCgroup(),
                        c.getCgroups(), c.getReadIos() * readEvery, c.getWriteIos() * readEvery, c.getReadBytes() * readEvery,
                        c.getWriteBytes() * readEvery, c.getDiscardIos(), c.getDiscardBytes())).toList());
            }
        }
        return s;
    }

    @Test
    void aBackupThatStartsAndSaturatesTheArrayIsNamedFirstAndToldAsHavingStartedIt() {
        for (int i = 0; i < 60; i++) {
            send(45, 0, 0, md0);
        }
        assertThat(db1.time()).isEqualTo(Instant.parse("2026-01-01T02:00:00Z").toEpochMilli());
        for (int i = 0; i < 4; i++) {
            send(100, 600, 0, md0);
        }
        assertThat(alerts).singleElement().satisfies(a -> {
            assertThat(a.getState()).isEqualTo(AlertState.FIRING);
            // 600 of the members' 1,000 I/Os a second are the backup's reads, 400 the database's writes
            assertThat(a.getSummary()).isEqualTo("db1 md0 saturated: util 100.0% for 30 s, busiest member sda; 60% of its member load from "
                    + BACKUP + " (mostly reads), 40% from " + DB + " (mostly writes); " + BACKUP
                    + " started 02:00 UTC and brought md0 from 45% to 100%");
            assertThat(a.getDetails()).containsEntry("top_consumer", BACKUP).containsEntry("top_consumer_pct", "60")
                    .containsEntry("top_consumer_kind", "service")
                    .containsEntry("consumers", BACKUP + " 60% (mostly reads), " + DB + " 40% (mostly writes)")
                    .containsEntry("consumer_started", BACKUP).containsEntry("consumer_started_at", "2026-01-01T02:00:00Z")
                    .containsEntry("consumer_util_before", "45");
        });
        for (int i = 0; i < 7; i++) {
            send(45, 0, 0, md0);
        }
        assertThat(alerts).hasSize(2);
        // the incident the notifiers read (md0 with its members) carries them too: Alertmanager's annotations
        List<Alert> incidents = topology.incidents();
        assertThat(incidents).isNotEmpty().allSatisfy(i -> assertThat(i.getDetails()).containsEntry("top_consumer", BACKUP)
                .containsEntry("consumer_started", BACKUP));
        assertThat(alerts.get(1).getState()).isEqualTo(AlertState.RESOLVED);
        assertThat(alerts.get(1).getSummary()).contains("; 60% of its member load from " + BACKUP + " (mostly reads), 40% from " + DB)
                .contains(BACKUP + " started 02:00 UTC and brought md0 from 45% to 100%");
    }

    @Test
    void aConsumerThatWasThereAllAlongIsNotToldAsStartingIt() {
        for (int i = 0; i < 30; i++) {
            send(45, 100, 0, md0);
        }
        for (int i = 0; i < 3; i++) {
            send(100, 600, 0, md0);
        }
        assertThat(alerts).singleElement().satisfies(a -> {
            assertThat(a.getSummary()).contains("60% of its member load from " + BACKUP).doesNotContain("started");
            assertThat(a.getDetails()).containsKey("top_consumer").doesNotContainKey("consumer_started");
        });
    }

    @Test
    void aRunningCheckIsNamedAsTheCheck() {
        Md checking = Md.array("md0", "raid5", "sda", "sdb", "sdc", "sdd").leaves("sda", "sdb", "sdc", "sdd").sync("check", 12.5, 150_000L, 3600L);
        for (int i = 0; i < 3; i++) {
            send(100, 0, 1200, checking);
        }
        assertThat(alerts).singleElement().satisfies(a -> {
            assertThat(a.getCause()).isEqualTo("md check running on md0");
            // the members did 1,600 I/Os a second, the database's writes cost 400 of them
            assertThat(a.getSummary()).endsWith("(md check running on md0); 75% of its member load from the running md check, 25% from "
                    + DB + " (mostly writes)");
            assertThat(a.getDetails()).containsEntry("top_consumer", "md check").containsEntry("top_consumer_kind", "sync");
        });
        // the incident the check opened tells the saturation it drove with who loaded the members, and again at its end
        topology.incidents();
        assertThat(topology.incidentLog).filteredOn(i -> i.getSummary().contains("members at 100.0% from the check")).singleElement()
                .satisfies(i -> assertThat(i.getSummary()).endsWith("; member load from md check 75%, " + DB + " 25% (mostly writes)"));
        for (int i = 0; i < 10; i++) {
            send(30, 0, 0, md0);
        }
        topology.incidents();
        assertThat(topology.incidentLog).filteredOn(i -> i.getState() == AlertState.RESOLVED).singleElement()
                .satisfies(i -> assertThat(i.getSummary()).contains("incident over after ")
                        .endsWith("; member load from md check 75%, " + DB + " 25% (mostly writes)"));
    }

    @Test
    void consumersReadEveryFewCyclesAreToldAsWhenReadEveryCycle() {
        // a host of many cgroups: io.stat read every third sample, each reading's counts over the three
        readEvery = 3;
        aBackupThatStartsAndSaturatesTheArrayIsNamedFirstAndToldAsHavingStartedIt();
    }

    @Test
    void aCheckIsToldApartFromConsumersReadEveryFewCycles() {
        // the check's share is the members' I/O less what the consumers explain: their span's counts stand for one interval
        readEvery = 3;
        aRunningCheckIsNamedAsTheCheck();
    }

    @Test
    void withoutConsumersTheTextsAreAsBefore() {
        for (int i = 0; i < 3; i++) {
            topology.send(db1.next(List.of(Dev.md("md0").iops(200, 100), Dev.disk("sda", 100), Dev.disk("sdb", 100), Dev.disk("sdc", 100),
                    Dev.disk("sdd", 100)), List.of(md0)));
        }
        assertThat(topology.alerts()).filteredOn(a -> a.getSubject().equals("md0")).singleElement().satisfies(a -> {
            assertThat(a.getSummary()).isEqualTo("db1 md0 saturated: util 100.0% for 30 s, busiest member sda");
            assertThat(a.getDetails()).doesNotContainKeys("consumers", "top_consumer");
        });
    }
}
