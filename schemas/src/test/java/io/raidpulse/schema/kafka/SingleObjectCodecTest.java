package io.raidpulse.schema.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The codec writes what Avro's own message encoder writes, and reads every released version of
 * every type, topics' and state stores', as Avro's message decoder over the schema history does.
 */
class SingleObjectCodecTest {

    static Stream<Arguments> releasedVersions() {
        return AvroSerdes.ALL_TYPES.stream().flatMap(type -> {
            List<Schema> versions = SchemaHistory.get().versions(type);
            return IntStream.range(0, versions.size()).mapToObj(i -> Arguments.of(type, i + 1, versions.get(i)));
        });
    }

    @ParameterizedTest(name = "{0} v{1}")
    @MethodSource("releasedVersions")
    <T extends SpecificRecord> void readsEveryReleasedVersionAndWritesWhatAvrosMessageEncoderWrites(Class<T> type, int version,
                                                                                                   Schema writer) throws Exception {
        SingleObjectCodec<T> codec = AvroSerdes.codec(type);
        Schema current = SpecificData.get().getSchema(type);
        BinaryMessageDecoder<T> avroDecoder = new BinaryMessageDecoder<>(TrustedSpecificData.INSTANCE, current, SchemaHistory.get());
        avroDecoder.addSchema(current);
        BinaryMessageEncoder<T> avroEncoder = new BinaryMessageEncoder<>(TrustedSpecificData.INSTANCE, current);
        BinaryMessageEncoder<GenericRecord> oldWriter = new BinaryMessageEncoder<>(GenericData.get(), writer);
        for (long seed = 0; seed < 50; seed++) {
            GenericRecord written = (GenericRecord) new RandomDatum(seed).of(writer);
            byte[] bytes = bytes(oldWriter.encode(written));
            T read = codec.decode("t", bytes);
            assertThat(read).as("%s v%d (seed %d)", type.getSimpleName(), version, seed).isEqualTo(avroDecoder.decode(bytes));
            assertThat(codec.encode(read)).as("%s v%d (seed %d)", type.getSimpleName(), version, seed)
                    .isEqualTo(bytes(avroEncoder.encode(read)));
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}
