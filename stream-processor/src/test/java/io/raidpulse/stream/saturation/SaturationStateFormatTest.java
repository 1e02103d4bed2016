package io.raidpulse.stream.saturation;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.model.attribution.ConsumerRequests;
import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.schema.Severity;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.SubjectKey;
import io.raidpulse.stream.testing.StateFixtures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The saturation store's values: what a restart restores, and what an upgrade finds in the changelog. */
class SaturationStateFormatTest {

    /** One subject in an open episode, one in a pending run, as the fixture holds them. */
    static HostSaturation host() {
        SubjectSaturation sdb = new SubjectSaturation("sdb", SubjectKind.DEVICE);
        sdb.phase = SubjectSaturation.Phase.FIRING;
        sdb.run = 3;
        sdb.runSeconds = 3.5;
        sdb.runStart = 1_700_000_010_000L;
        sdb.lastSequence = 41;
        sdb.lastTime = 1_700_000_041_000L;
        sdb.collectorStarted = 1_699_999_000_000L;
        sdb.addAbsent(1);
        sdb.episodeStart = 1_700_000_000_000L;
        sdb.peak = 99.5;
        sdb.episodeUtil.restore(970.25, 10, 120.0, 3);
        sdb.cause = "md resync running on md0";
        sdb.severity = Severity.WARNING;
        sdb.firedUtilMean = 97.0;
        sdb.baseAquSz = 1.25;
        sdb.baseAwaitMs = 4.5;
        sdb.baseSamples = 60;
        SubjectSaturation md0 = new SubjectSaturation("md0", SubjectKind.ARRAY);
        md0.phase = SubjectSaturation.Phase.PENDING;
        md0.run = 2;
        md0.runSeconds = 2.0;
        md0.lastSequence = 41;
        md0.peak = 96.0;
        md0.peakMember = "sdc";
        md0.episodeUtil.restore(190.0, 2, 0, 0);
        md0.warmInRun = 1;
        Map<SubjectKey, SubjectSaturation> subjects = new LinkedHashMap<>();
        subjects.put(new SubjectKey(SubjectKind.DEVICE, "sdb"), sdb);
        subjects.put(new SubjectKey(SubjectKind.ARRAY, "md0"), md0);
        return new HostSaturation(1_700_000_042_000L, subjects);
    }

    /** Written as an Avro record and read back the same; a value in binary format 2, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostSaturation.SERDE, host(), "saturation-format2");
    }

    /** Written straight from the state: the bytes its Avro record gives, in every phase, with and without the optional fields. */
    @Test
    void writtenStraightFromTheStateAsItsRecordIs() {
        HostSaturation host = host();
        assertThat(HostSaturation.SERDE.encode(host)).isEqualTo(HostSaturation.SERDE.encodeThroughRecord(host));
        SubjectSaturation sdb = host.subjects().get(new SubjectKey(SubjectKind.DEVICE, "sdb"));
        for (SubjectSaturation.Phase phase : SubjectSaturation.Phase.values()) {
            for (Severity severity : new Severity[] {null, Severity.CRITICAL}) {
                sdb.phase = phase;
                sdb.severity = severity;
                sdb.described = severity == null ? null : "hardware RAID5 volume sda (PERC H700, 4 disks)";
                sdb.cause = severity == null ? null : sdb.cause;
                sdb.baseAwaitMs = severity == null ? Double.NaN : 4.5;
                byte[] bytes = HostSaturation.SERDE.encode(host);
                assertThat(bytes).isEqualTo(HostSaturation.SERDE.encodeThroughRecord(host));
                assertThat(HostSaturation.SERDE.encode(HostSaturation.SERDE.decode(bytes))).isEqualTo(bytes);
            }
        }
        // an array whose episode and history know its consumers
        SubjectSaturation md0 = host.subjects().get(new SubjectKey(SubjectKind.ARRAY, "md0"));
        md0.episodeConsumers = MemberLoad.of(RaidLayout.of(RaidLevel.RAID5, 4), 4_000L, "md check", List.of(
                new ConsumerRequests("postgresql@15-main.service", "service", 100, 800, 409_600, 3_276_800),
                new ConsumerRequests("backup.service", "service", 300, 0, 38_400_000, 0),
                new ConsumerRequests("unattributed", "unattributed", 0, 4, 0, 16_384)));
        md0.consumerHistory.observe(md0.episodeConsumers, 1_700_000_040_000L);
        md0.consumerHistory.calm(45.0, 1.0);
        byte[] withConsumers = HostSaturation.SERDE.encode(host);
        assertThat(withConsumers).isEqualTo(HostSaturation.SERDE.encodeThroughRecord(host));
        HostSaturation back = HostSaturation.SERDE.decode(withConsumers);
        assertThat(HostSaturation.SERDE.encode(back)).isEqualTo(withConsumers);
        SubjectSaturation restored = back.subjects().get(new SubjectKey(SubjectKind.ARRAY, "md0"));
        assertThat(restored.episodeConsumers.shares()).isEqualTo(md0.episodeConsumers.shares());
        assertThat(restored.consumerHistory.calmUtil).isEqualTo(45.0);
        assertThat(restored.consumerHistory.startMs).isEqualTo(1_700_000_040_000L);
        assertThat(restored.consumerHistory.startedFor("backup.service", 1_700_000_040_000L, 0, 0).sinceMs).isEqualTo(1_700_000_040_000L);
        // a subject whose samples never said takes one byte: the null branch
        SubjectSaturation sdb2 = host.subjects().get(new SubjectKey(SubjectKind.DEVICE, "sdb"));
        assertThat(sdb2.toRecord().getConsumers()).isNull();
        HostSaturation empty = new HostSaturation(5, new LinkedHashMap<>());
        assertThat(HostSaturation.SERDE.encode(empty)).isEqualTo(HostSaturation.SERDE.encodeThroughRecord(empty));
    }
}
