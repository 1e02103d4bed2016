package io.raidpulse.schema.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.schema.CounterDeltas;
import io.raidpulse.schema.DeviceKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostIdentity;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.MdArray;
import io.raidpulse.schema.MdMember;
import io.raidpulse.schema.MdSource;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.util.ClassSecurityValidator;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

class AvroSerdesTest {
    private final Serde<HostSample> serde = AvroSerdes.hostSample();

    static HostSample sample() {
        IostatMetrics metrics = IostatMetrics.newBuilder()
                .setRS(120.5).setWS(80).setDS(0).setFS(0).setRkBS(482).setWkBS(320).setDkBS(0)
                .setRrqmS(1).setWrqmS(2).setDrqmS(0).setRrqm(0.8).setWrqm(2.4).setDrqm(0)
                .setRAwait(4.2).setWAwait(7.9).setDAwait(0).setFAwait(0)
                .setRareqSz(4).setWareqSz(4).setDareqSz(0).setAquSz(1.3).setUtil(97.5).build();
        CounterDeltas deltas = CounterDeltas.newBuilder()
                .setReads(1205).setReadsMerged(10).setSectorsRead(9640).setReadMs(5061)
                .setWrites(800).setWritesMerged(20).setSectorsWritten(6400).setWriteMs(6320)
                .setIoTicksMs(9750).setWeightedMs(13000).build();
        DeviceSample sda = DeviceSample.newBuilder().setName("sda").setMajor(8).setMinor(0).setKind(DeviceKind.DISK)
                .setRotational(true).setSizeBytes(16_000_000_000_000L).setHolders(List.of("md0"))
                .setMetrics(metrics).setDeltas(deltas).build();
        MdArray md0 = MdArray.newBuilder().setName("md0").setSource(MdSource.SYSFS).setActive(true).setLevel("raid5")
                .setLayout("left-symmetric").setChunkBytes(524288L).setRaidDisks(4).setDegraded(0).setArrayState("active")
                .setSyncAction("check").setSyncState("running").setSyncDoneSectors(1000L).setSyncTotalSectors(4000L)
                .setSyncCompletedPct(25.0).setSyncSpeedKibS(150_000L).setSyncEtaS(600L).setMismatchCnt(0L)
                .setMembers(List.of(MdMember.newBuilder().setDevice("sda").setRole(0).setState(List.of("in_sync")).setInSync(true).build()))
                .setLeafDisks(List.of("sda")).build();
        return HostSample.newBuilder()
                .setHost(HostIdentity.newBuilder().setHostname("db1").setKernel("6.1.0").setCollectorVersion("0.1.0").build())
                .setSequence(42).setSampleTime(Instant.ofEpochMilli(1_764_460_800_000L)).setUptimeS(1234.56).setIntervalS(10.0)
                .setCollectorStarted(Instant.ofEpochMilli(1_764_460_000_000L))
                .setDevices(List.of(sda)).setArrays(List.of(md0)).setReadErrors(Map.of("mdstat", 1L)).build();
    }

    @Test
    void roundTripsAndUsesSingleObjectEncoding() {
        HostSample sample = sample();
        byte[] bytes = serde.serializer().serialize("raidpulse.host-samples", sample);
        assertThat(Arrays.copyOf(bytes, 2)).containsExactly(0xC3, 0x01);
        assertThat(serde.deserializer().deserialize("raidpulse.host-samples", bytes)).isEqualTo(sample);
    }

    @Test
    void decodingLeavesAvrosGlobalClassCheckAsItWas() {
        ClassSecurityValidator.ClassSecurityPredicate before = ClassSecurityValidator.getGlobal();
        serde.deserializer().deserialize("t", serde.serializer().serialize("t", sample()));
        assertThat(ClassSecurityValidator.getGlobal()).isSameAs(before);
        assertThatThrownBy(() -> ClassSecurityValidator.validate(HostSample.class))
                .as("our package is not trusted globally; the codec never needs it to be")
                .isInstanceOf(SecurityException.class);
    }

    @Test
    void plainTextIsADecodingErrorNamingTheTopic() {
        assertThatThrownBy(() -> serde.deserializer().deserialize("raidpulse.host-samples", "{\"host\":\"db1\"}".getBytes()))
                .isInstanceOf(RecordDecodingException.class)
                .hasMessageStartingWith("cannot decode HostSample from raidpulse.host-samples: not Avro single-object encoded");
    }

    @Test
    void unknownSchemaIsADecodingError() {
        Schema stranger = SchemaBuilder.record("Stranger").namespace("elsewhere").fields().requiredString("x").endRecord();
        GenericRecord record = new GenericData.Record(stranger);
        record.put("x", "y");
        byte[] bytes;
        try {
            bytes = new BinaryMessageEncoder<GenericRecord>(GenericData.get(), stranger).encode(record).array();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", bytes))
                .isInstanceOfSatisfying(RecordDecodingException.class,
                        e -> assertThat(e.reason()).startsWith("written with a schema this build does not know"));
    }

    @Test
    void truncatedBodyIsADecodingError() {
        byte[] bytes = serde.serializer().serialize("t", sample());
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", Arrays.copyOf(bytes, bytes.length / 2)))
                .isInstanceOf(RecordDecodingException.class);
    }

    @Test
    void nullIsATombstoneBothWays() {
        assertThat(serde.serializer().serialize("t", null)).isNull();
        assertThat(serde.deserializer().deserialize("t", null)).isNull();
    }

    @Property(tries = 2000)
    void anyBytesDecodeOrRaiseOnlyTheTypedError(@ForAll byte[] tail) {
        byte[] good = serde.serializer().serialize("t", sample());
        // keep the valid header half of the time so the body parser is exercised, not only the header check
        byte[] bytes = tail.length % 2 == 0 ? concat(Arrays.copyOf(good, 10), tail) : tail;
        try {
            serde.deserializer().deserialize("t", bytes);
        } catch (RecordDecodingException expected) {
            assertThat(expected.reason()).isNotBlank();
        }
    }

    @Property(tries = 1000)
    void mutatedRecordsDecodeOrRaiseOnlyTheTypedError(@ForAll int position, @ForAll byte value) {
        byte[] bytes = serde.serializer().serialize("t", sample());
        bytes[Math.floorMod(position, bytes.length)] = value;
        try {
            serde.deserializer().deserialize("t", bytes);
        } catch (RecordDecodingException expected) {
            assertThat(expected.reason()).isNotBlank();
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
