package io.raidpulse.stream.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.schema.CapacityShapesState;
import io.raidpulse.schema.kafka.SchemaHistory;
import io.raidpulse.stream.capacity.HostShapes.Shapes;
import io.raidpulse.stream.capacity.HostShapes.Former;
import io.raidpulse.stream.capacity.MemberCapacity.Learned;
import io.raidpulse.stream.testing.StateFixtures;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.junit.jupiter.api.Test;

/** The capacity shape store's values: what a restart restores, and what an upgrade finds in the changelog. */
class ShapesStateFormatTest {

    /**
     * A RAID10 and a RAID1 of whose level and members some is unknown, a former shape of the first
     * (re-created with more disks), and the member capacity learned of two disk models, one known
     * only from random windows and one from both kinds.
     */
    static HostShapes host() {
        Map<String, ArrayShape> arrays = new LinkedHashMap<>();
        arrays.put("md0", new ArrayShape("raid10", "near-2", 6, 524_288L, "ST4000NM0035", true, 4_000_787_030_016L, "sda"));
        arrays.put("md1", new ArrayShape("raid1", null, 2, null, null, null, 512_000_000L, "nvme0n1"));
        Map<String, Long> since = new LinkedHashMap<>();
        since.put("md0", 1_700_000_100_000L);
        since.put("md1", Long.MIN_VALUE);
        Map<String, Former<ArrayShape>> former = new LinkedHashMap<>();
        former.put("md0", new Former<>(new ArrayShape("raid10", "near-2", 4, 524_288L, "ST4000NM0035", true, 4_000_787_030_016L, "sda"),
                1_699_990_000_000L, 1_700_000_100_000L));
        Map<String, MemberCapacity> measured = new LinkedHashMap<>();
        measured.put("ST4000NM0035", new MemberCapacity(new Learned(182.5, 7, 5, 180.25, 310.5), 8192, null, 1_700_000_160_000L));
        measured.put("?", new MemberCapacity(new Learned(9_500.0, 3, 3, 9_400.0, 1.2e5), 4096, new Learned(1_450.0, 2, 0, 0, 0),
                Long.MIN_VALUE));
        return new HostShapes(arrays, since, former, measured);
    }

    /** Written as an Avro record and read back the same; a value in binary format 3, as the previous build wrote it, restores the same. */
    @Test
    void restoresTodaysAndThePreviousBuildsValues() {
        StateFixtures.assertRestores(HostShapes.SERDE, host(), "capacity-shapes-format3");
    }

    /**
     * {@link #host()} with two hardware RAID volumes, one declared in full (seen since a later sample) and
     * one of which only the controller is known, the declaration the first had before it was declared anew, and its learned capacity.
     */
    static HostShapes hostWithVolumes() {
        HostShapes arrays = host();
        Map<String, VolumeShape> volumes = new LinkedHashMap<>();
        volumes.put("sda", new VolumeShape("sda", "raid5", null, 4, "ST33000650NS", true, "PERC H700", "write-back-battery"));
        volumes.put("sdb", new VolumeShape("sdb", null, null, null, null, null, "DELL PERC H700", null));
        Map<String, Long> since = new LinkedHashMap<>();
        since.put("sda", 1_700_000_200_000L);
        since.put("sdb", Long.MIN_VALUE);
        Map<String, Former<VolumeShape>> former = new LinkedHashMap<>();
        former.put("sda", new Former<>(new VolumeShape("sda", "raid10", "near-2", 4, null, true, "PERC H700", null), 1_699_990_000_000L,
                1_700_000_200_000L));
        // and what sda's saturated windows taught of its disks
        return new HostShapes(arrays.md(), new Shapes<>(volumes, since, former), arrays.measured(),
                Map.of("sda", new MemberCapacity(MemberCapacity.Learned.first(149.7), 4096, null, 1_700_000_300_000L)));
    }

    @Test
    void restoresTheHardwareVolumesToo() {
        HostShapes h = hostWithVolumes();
        byte[] bytes = HostShapes.SERDE.encode(h);
        StateFixtures.assertSameState(HostShapes.SERDE.decode(bytes), h);
        assertThat(HostShapes.SERDE.decode(bytes)).isEqualTo(h);
    }

    /** A value as the build before hardware volumes wrote it (CapacityShapesState v1) is read with none. */
    @Test
    void aValueOfTheBuildBeforeVolumesHasNone() {
        HostShapes md = host();
        HostShapes read = HostShapes.SERDE.decode(asWrittenBy(1, HostShapes.SERDE.encode(md)));
        assertThat(read.volumes()).isEmpty();
        assertThat(read.hardware().former()).isEmpty();
        StateFixtures.assertSameState(read, md);
    }

    /** {@code bytes}, a CapacityShapesState in today's schema, as a build writing released {@code version} wrote it: its fields by name. */
    private static byte[] asWrittenBy(int version, byte[] bytes) {
        Schema today = SpecificData.get().getSchema(CapacityShapesState.class);
        Schema old = SchemaHistory.get().versions(CapacityShapesState.class).get(version - 1);
        try {
            GenericRecord now = new BinaryMessageDecoder<GenericRecord>(GenericData.get(), today).decode(bytes);
            GenericRecord then = new GenericData.Record(old);
            old.getFields().forEach(f -> then.put(f.name(), now.get(f.name())));
            return new BinaryMessageEncoder<GenericRecord>(GenericData.get(), old).encode(then).array();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
