package io.raidpulse.schema.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The released schema versions are the compatibility contract: the newest must be exactly the
 * schema compiled into this build, and bytes written with every released version must decode.
 */
class SchemaHistoryTest {

    static Stream<Class<? extends SpecificRecord>> types() {
        return AvroSerdes.ALL_TYPES.stream();
    }

    static Stream<Arguments> releasedVersions() {
        return AvroSerdes.ALL_TYPES.stream().flatMap(type -> {
            List<Schema> versions = SchemaHistory.get().versions(type);
            return java.util.stream.IntStream.range(0, versions.size())
                    .mapToObj(i -> Arguments.of(type, i + 1, versions.get(i)));
        });
    }

    @ParameterizedTest
    @MethodSource("types")
    void newestReleasedVersionIsTheCompiledSchema(Class<? extends SpecificRecord> type) throws Exception {
        Schema current = SpecificData.get().getSchema(type);
        List<Schema> versions = SchemaHistory.get().versions(type);
        assertThat(versions).as("released versions of %s", type.getSimpleName()).isNotEmpty();
        Schema newest = versions.get(versions.size() - 1);
        if (!newest.equals(current) || !newest.toString().equals(current.toString())) {
            Path candidate = Path.of("target", "schema-history-candidates", type.getSimpleName(), "v" + (versions.size() + 1) + ".avsc");
            Files.createDirectories(candidate.getParent());
            Files.writeString(candidate, current.toString(true) + "\n");
            fail("%s changed since its last released version v%d: released files are never edited; add %s as "
                    + "src/main/resources/%s%s/v%d.avsc (new fields need defaults so old data stays readable)",
                    type.getSimpleName(), versions.size(), candidate, SchemaHistory.ROOT, type.getSimpleName(), versions.size() + 1);
        }
    }

    @ParameterizedTest(name = "{0} v{1}")
    @MethodSource("releasedVersions")
    void bytesWrittenWithEveryReleasedVersionDecode(Class<? extends SpecificRecord> type, int version, Schema writer) {
        SingleObjectCodec<? extends SpecificRecord> codec = AvroSerdes.codec(type);
        Schema current = SpecificData.get().getSchema(type);
        BinaryMessageEncoder<GenericRecord> oldWriter = new BinaryMessageEncoder<>(GenericData.get(), writer);
        for (long seed = 0; seed < 50; seed++) {
            GenericRecord written = (GenericRecord) new RandomDatum(seed).of(writer);
            SpecificRecord read = codec.decode("t", bytes(oldWriter, written));
            for (Schema.Field field : writer.getFields()) {
                Schema.Field now = current.getField(field.name());
                if (now != null && isPrimitive(field.schema())) {
                    Object got = read.get(now.pos());
                    Object expected = written.get(field.name());
                    if (got instanceof java.time.Instant instant) {
                        got = instant.toEpochMilli();
                    }
                    assertThat(got).as("%s v%d field %s (seed %d)", type.getSimpleName(), version, field.name(), seed)
                            .isEqualTo(expected);
                }
            }
        }
    }

    private static boolean isPrimitive(Schema schema) {
        return switch (schema.getType()) {
            case STRING, INT, LONG, DOUBLE, BOOLEAN -> true;
            default -> false;
        };
    }

    private static byte[] bytes(BinaryMessageEncoder<GenericRecord> encoder, GenericRecord record) {
        try {
            ByteBuffer buffer = encoder.encode(record);
            byte[] out = new byte[buffer.remaining()];
            buffer.get(out);
            return out;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
