package io.raidpulse.schema.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.junit.jupiter.api.Test;

/** The reused array encoder writes what Avro's buffered encoder writes, however large the value, one value at a time per encoder. */
class ArrayEncoderTest {

    @Test
    void everyTypesRandomValuesAreAvrosBytes() throws Exception {
        for (Class<?> type : AvroSerdes.ALL_TYPES) {
            Schema schema = SpecificData.get().getSchema(type);
            GenericDatumWriter<Object> writer = new GenericDatumWriter<>(schema, GenericData.get());
            for (long seed = 0; seed < 50; seed++) {
                Object value = new RandomDatum(seed).of(schema);
                ByteArrayOutputStream avro = new ByteArrayOutputStream();
                BinaryEncoder buffered = EncoderFactory.get().binaryEncoder(avro, null);
                writer.write(value, buffered);
                buffered.flush();
                ArrayEncoder e = ArrayEncoder.take();
                writer.write(value, e);
                assertThat(e.bytes()).as("%s seed %d", type.getSimpleName(), seed).isEqualTo(avro.toByteArray());
            }
        }
    }

    @Test
    void growsForALargeValueAndStartsEmptyForTheNext() throws Exception {
        String large = "x".repeat(200_000);
        ArrayEncoder e = ArrayEncoder.take();
        e.writeString(large);
        e.writeDouble(1.5);
        byte[] bytes = e.bytes();
        ByteArrayOutputStream avro = new ByteArrayOutputStream();
        BinaryEncoder buffered = EncoderFactory.get().binaryEncoder(avro, null);
        buffered.writeString(large);
        buffered.writeDouble(1.5);
        buffered.flush();
        assertThat(bytes).isEqualTo(avro.toByteArray());
        ArrayEncoder next = ArrayEncoder.take();
        next.writeFixed(ByteBuffer.wrap(new byte[] {7}));
        assertThat(next.bytes()).containsExactly(7);
    }

    @Test
    void aValueEncodedWhileAnotherIsGetsAnEncoderOfItsOwn() throws Exception {
        ArrayEncoder outer = ArrayEncoder.take();
        outer.writeInt(1);
        ArrayEncoder inner = ArrayEncoder.take();
        assertThat(inner).isNotSameAs(outer);
        inner.writeInt(2);
        assertThat(inner.bytes()).containsExactly(4);
        outer.writeInt(3);
        assertThat(outer.bytes()).containsExactly(2, 6);
    }
}
