package io.raidpulse.schema.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.HostIdentity;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.IostatMetrics;
import io.raidpulse.schema.MdMember;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DirectBinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A body written with the current schema is read by its plan into what Avro's resolving reader
 * makes of it, class by class, for every type with a history, however the writer blocked its
 * arrays; a corrupt body fails through the codec as it did.
 */
class RecordReaderTest {
    private static final int SEEDS = 300;

    static Iterable<Class<? extends SpecificRecord>> types() {
        return AvroSerdes.ALL_TYPES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    <T extends SpecificRecord> void readsWhatAvrosReaderReadsHoweverTheArraysAreBlocked(Class<T> type) throws Exception {
        Schema schema = SpecificData.get().getSchema(type);
        RecordReader<T> plan = RecordReader.of(type);
        GenericDatumWriter<Object> writer = new GenericDatumWriter<>(schema, GenericData.get());
        int blocked = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Object written = new RandomDatum(seed).of(schema);
            byte[] oneBlock = Encoding.ONE_BLOCK.encode(writer, written);
            for (Encoding encoding : Encoding.values()) {
                byte[] body = encoding.encode(writer, written);
                String what = type.getSimpleName() + " seed " + seed + " " + encoding;
                T expected = RecordReaderTest.<T>avro(schema).read(null, decoder(body));
                T read = plan.read(decoder(body));
                sameValues(expected, read, what);
                assertThat(read).as(what).isEqualTo(expected);
                if (!Arrays.equals(body, oneBlock)) {
                    blocked++;
                }
            }
        }
        boolean collections = schema.toString().contains("\"array\"") || schema.toString().contains("\"map\"");
        assertThat(blocked > 0).as("some of %s's values blocked otherwise than in one block", type.getSimpleName()).isEqualTo(collections);
    }

    @Test
    void aHostSampleReadsAsAvroReadsItFromEveryEncoding() throws Exception {
        HostSample sample = AvroSerdesTest.sample();
        Schema schema = HostSample.getClassSchema();
        SpecificDatumWriter<HostSample> writer = new SpecificDatumWriter<>(schema, TrustedSpecificData.INSTANCE);
        for (Encoding encoding : Encoding.values()) {
            byte[] body = encoding.encode(writer, sample);
            HostSample read = RecordReader.of(HostSample.class).read(decoder(body));
            sameValues(avro(schema).read(null, decoder(body)), read, encoding.name());
            assertThat(read).as(encoding.name()).isEqualTo(sample);
        }
    }

    @Test
    void aNegativeZeroIsSetWhereAPositiveZeroIsANewRecordsOwn() throws Exception {
        HostSample sample = AvroSerdesTest.sample();
        IostatMetrics metrics = sample.getDevices().get(0).getMetrics();
        metrics.setUtil(-0.0);
        metrics.setDS(0.0);
        sample.getDevices().get(0).setRotational(false);
        byte[] body = Encoding.ONE_BLOCK.encode(new SpecificDatumWriter<>(HostSample.getClassSchema(), TrustedSpecificData.INSTANCE), sample);
        HostSample read = RecordReader.of(HostSample.class).read(decoder(body));
        assertThat(Double.doubleToRawLongBits(read.getDevices().get(0).getMetrics().getUtil())).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits(read.getDevices().get(0).getMetrics().getDS())).isZero();
        assertThat(read.getDevices().get(0).getRotational()).isFalse();
        assertThat(read).isEqualTo(sample);
    }

    @Test
    void everyTruncatedBodyIsACorruptBody() throws Exception {
        for (Class<? extends SpecificRecord> type : AvroSerdes.ALL_TYPES) {
            SingleObjectCodec<? extends SpecificRecord> codec = AvroSerdes.codec(type);
            for (long seed = 0; seed < 5; seed++) {
                byte[] bytes = singleObject(type, new RandomDatum(seed).of(SpecificData.get().getSchema(type)));
                for (int length = 10; length < bytes.length; length++) {
                    byte[] truncated = Arrays.copyOf(bytes, length);
                    assertThatThrownBy(() -> codec.decode("t", truncated)).as("%s seed %d cut at %d", type.getSimpleName(), seed, length)
                            .isInstanceOfSatisfying(RecordDecodingException.class, e -> assertThat(e.reason()).startsWith("corrupt body ("));
                }
            }
        }
    }

    @Test
    void aMutatedBodyReadsAsAvroReadsItOrFailsWhereAvroFails() throws Exception {
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        byte[] good = codec.encode(AvroSerdesTest.sample());
        SpecificDatumReader<HostSample> avro = avro(HostSample.getClassSchema());
        int failed = 0;
        for (int position = 10; position < good.length; position++) {
            for (int value : new int[] {0x00, 0x01, 0x02, 0x03, 0x04, 0x7f, 0x80, 0xfe, 0xff, good[position] ^ 0x40}) {
                byte[] bytes = good.clone();
                bytes[position] = (byte) value;
                HostSample expected;
                try {
                    expected = avro.read(null, decoder(Arrays.copyOfRange(bytes, 10, bytes.length)));
                } catch (Exception avroFailed) {
                    failed++;
                    assertThatThrownBy(() -> codec.decode("t", bytes)).as("byte %d set to %d", position, value)
                            .isInstanceOfSatisfying(RecordDecodingException.class, e -> assertThat(e.reason()).startsWith("corrupt body ("));
                    continue;
                }
                HostSample read = codec.decode("t", bytes);
                sameValues(expected, read, "byte " + position + " set to " + value);
            }
        }
        assertThat(failed).as("mutations Avro's reader refuses").isPositive();
    }

    @Test
    void aUnionBranchOutOfRangeIsACorruptBody() {
        // hostname "a", then kernel: a union [null, string] of two branches, given branch 2
        assertThat(corrupt(HostIdentity.class, 0x02, 'a', 0x04)).contains("union branch 2 out of range");
        assertThat(corrupt(HostIdentity.class, 0x02, 'a', 0x01)).contains("union branch -1 out of range");
    }

    @Test
    void aNegativeLengthIsACorruptBody() {
        assertThat(corrupt(HostIdentity.class, 0x01)).contains("negative");
    }

    @Test
    void anEnumIndexOutOfRangeIsACorruptBody() {
        // name "a", major 8, minor 0, kind (five symbols) given 9
        assertThat(corrupt(DeviceSample.class, 0x02, 'a', 0x10, 0x00, 0x12)).contains("Enumeration out of range");
    }

    @Test
    void aBlockOfNegativeCountIsFollowedByItsByteSize() {
        // device "a", role null, state: a block of -2 items in 4 bytes ("x", "y"), a block of 1 ("z"), the end; five false
        // flags, errors null, rebuilding false, number null
        byte[] body = {0x02, 'a', 0x00, 0x03, 0x08, 0x02, 'x', 0x02, 'y', 0x02, 0x02, 'z', 0x00, 0, 0, 0, 0, 0, 0x00, 0, 0x00};
        SingleObjectCodec<MdMember> codec = new SingleObjectCodec<>(MdMember.class);
        MdMember read = codec.decode("t", concat(header(MdMember.class), body));
        assertThat(read.getState()).containsExactly("x", "y", "z");
        assertThat(read).isEqualTo(MdMember.newBuilder().setDevice("a").setState(List.of("x", "y", "z")).build());
    }

    /** The reason the codec gives for a body of {@code type} made of {@code body}, which must be corrupt. */
    private static String corrupt(Class<? extends SpecificRecord> type, int... body) {
        byte[] bytes = new byte[body.length];
        for (int i = 0; i < body.length; i++) {
            bytes[i] = (byte) body[i];
        }
        SingleObjectCodec<? extends SpecificRecord> codec = new SingleObjectCodec<>(type);
        try {
            codec.decode("t", concat(header(type), bytes));
        } catch (RecordDecodingException e) {
            assertThat(e.reason()).startsWith("corrupt body (");
            return e.reason();
        }
        throw new AssertionError("decoded a corrupt " + type.getSimpleName());
    }

    /** How a writer may block an array or a map (Avro's binary encoding lets it choose). */
    private enum Encoding {
        /** each collection in one block of positive count, as Avro's BinaryEncoder writes it */
        ONE_BLOCK,
        /** Avro's BlockingBinaryEncoder: negative counts followed by the block's byte size, a new block past 64 bytes */
        BLOCKING,
        /** every item a block of its own, of count 1 */
        ITEM_BLOCKS;

        <V> byte[] encode(DatumWriter<V> writer, V value) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            BinaryEncoder encoder = switch (this) {
                case ONE_BLOCK -> EncoderFactory.get().binaryEncoder(out, null);
                case BLOCKING -> new EncoderFactory().configureBlockSize(64).blockingBinaryEncoder(out, null);
                case ITEM_BLOCKS -> new ItemBlocks(out);
            };
            writer.write(value, encoder);
            encoder.flush();
            return out.toByteArray();
        }
    }

    /** Writes every array and map item as a block of count 1. */
    private static final class ItemBlocks extends DirectBinaryEncoder {
        ItemBlocks(OutputStream out) {
            super(out);
        }

        @Override
        public void setItemCount(long itemCount) {
        }

        @Override
        public void startItem() throws IOException {
            writeLong(1);
        }
    }

    private static <T> SpecificDatumReader<T> avro(Schema schema) {
        return new SpecificDatumReader<>(schema, schema, TrustedSpecificData.CUSTOM_CODERS);
    }

    private static BinaryDecoder decoder(byte[] body) {
        return DecoderFactory.get().binaryDecoder(body, null);
    }

    private static byte[] singleObject(Class<? extends SpecificRecord> type, Object generic) throws IOException {
        return concat(header(type), Encoding.ONE_BLOCK.encode(new GenericDatumWriter<>(SpecificData.get().getSchema(type)), generic));
    }

    private static byte[] header(Class<? extends SpecificRecord> type) {
        return new SingleObjectCodec<>(type).encode(type, (nothing, out) -> { });
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** {@code actual} is {@code expected}: the same classes all the way down (a Utf8 for a String would be equal), the same values. */
    static void sameValues(Object expected, Object actual, String path) {
        if (expected == null) {
            assertThat(actual).as(path).isNull();
            return;
        }
        assertThat(actual).as(path).isNotNull();
        assertThat(actual.getClass()).as(path).isEqualTo(expected.getClass());
        if (expected instanceof IndexedRecord record) {
            for (Schema.Field f : record.getSchema().getFields()) {
                sameValues(record.get(f.pos()), ((IndexedRecord) actual).get(f.pos()), path + "." + f.name());
            }
        } else if (expected instanceof List<?> items) {
            List<?> read = (List<?>) actual;
            assertThat(read).as(path).hasSameSizeAs(items);
            for (int i = 0; i < items.size(); i++) {
                sameValues(items.get(i), read.get(i), path + "[" + i + "]");
            }
        } else if (expected instanceof Map<?, ?> entries) {
            Map<?, ?> read = (Map<?, ?>) actual;
            assertThat(read.keySet()).as(path).isEqualTo(entries.keySet());
            entries.forEach((k, v) -> sameValues(v, read.get(k), path + "[" + k + "]"));
        } else {
            assertThat(actual).as(path).isEqualTo(expected);
        }
    }
}
