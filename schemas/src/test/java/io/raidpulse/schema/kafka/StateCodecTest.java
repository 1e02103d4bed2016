package io.raidpulse.schema.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The state stores' codec writes what the topics' codec writes, and reads every released version of its type. */
class StateCodecTest {

    static Stream<Arguments> releasedStateVersions() {
        return AvroSerdes.STATE_TYPES.stream().flatMap(type -> {
            List<Schema> versions = SchemaHistory.get().versions(type);
            return IntStream.range(0, versions.size()).mapToObj(i -> Arguments.of(type, i + 1, versions.get(i)));
        });
    }

    @ParameterizedTest(name = "{0} v{1}")
    @MethodSource("releasedStateVersions")
    @SuppressWarnings("unchecked")
    <T extends SpecificRecord> void readsEveryReleasedVersionAndWritesSingleObjectEncoding(Class<T> type, int version, Schema writer)
            throws Exception {
        StateCodec<T> state = new StateCodec<>(type);
        SingleObjectCodec<T> topic = AvroSerdes.codec(type);
        BinaryMessageEncoder<GenericRecord> oldWriter = new BinaryMessageEncoder<>(GenericData.get(), writer);
        for (long seed = 0; seed < 50; seed++) {
            GenericRecord written = (GenericRecord) new RandomDatum(seed).of(writer);
            ByteBuffer buffer = oldWriter.encode(written);
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            T read = state.decode("store", bytes);
            assertThat(read).as("%s v%d (seed %d)", type.getSimpleName(), version, seed).isEqualTo(topic.decode("t", bytes));
            assertThat(state.encode(read)).isEqualTo(topic.encode(read));
        }
    }
}
