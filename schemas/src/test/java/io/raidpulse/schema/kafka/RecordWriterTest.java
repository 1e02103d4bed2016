package io.raidpulse.schema.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A record written by its schema's plan is the bytes Avro's own message encoder writes, for every type with a history. */
class RecordWriterTest {

    static Iterable<Class<? extends SpecificRecord>> types() {
        return AvroSerdes.ALL_TYPES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    <T extends SpecificRecord> void writesWhatAvrosMessageEncoderWrites(Class<T> type) throws Exception {
        SingleObjectCodec<T> codec = AvroSerdes.codec(type);
        RecordWriter<T> plan = RecordWriter.of(type);
        Schema current = SpecificData.get().getSchema(type);
        BinaryMessageEncoder<GenericRecord> generic = new BinaryMessageEncoder<>(GenericData.get(), current);
        BinaryMessageEncoder<T> avro = new BinaryMessageEncoder<>(TrustedSpecificData.INSTANCE, current);
        for (long seed = 0; seed < 200; seed++) {
            // random values of every field, every union branch, as the generated class holds them
            T value = codec.decode("t", bytes(generic.encode((GenericRecord) new RandomDatum(seed).of(current))));
            byte[] expected = bytes(avro.encode(value));
            assertThat(codec.encode(value, plan)).as("%s (seed %d)", type.getSimpleName(), seed).isEqualTo(expected);
        }
    }

    @Test
    void aNullWhereTheSchemaHasNoneIsRefusedAsAvroRefusesIt() {
        Aggregate a = Aggregate.newBuilder().setHost("db1").setSubject("md0").setSubjectKind(SubjectKind.ARRAY).setWindowS(60)
                .setWindowStart(Instant.ofEpochMilli(0)).setWindowEnd(Instant.ofEpochMilli(60_000)).setSamples(6).setUtilMean(1)
                .setUtilMax(2).setAwaitMeanMs(3).setAwaitP95Ms(4).setAquSzMean(5).setRIops(6).setWIops(7).setRkBS(8).setWkBS(9)
                .build();
        SingleObjectCodec<Aggregate> codec = AvroSerdes.codec(Aggregate.class);
        assertThat(codec.encode(a, RecordWriter.of(Aggregate.class))).isEqualTo(codec.encode(a));
        a.setSubject(null);
        assertThatThrownBy(() -> codec.encode(a)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.encode(a, RecordWriter.of(Aggregate.class))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Aggregate.subject");
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}
