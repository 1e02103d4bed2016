package io.raidpulse.schema.kafka;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.Encoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * Avro single-object encoding of one record type: {@code C3 01}, the schema's 64-bit fingerprint
 * (little-endian), the body; the bytes Avro's own message encoder writes. The one codec of the
 * topics' values and of the stream processor's state-store values, which every sample of every
 * host writes: it encodes and decodes the current schema through the generated classes' own coders
 * where Avro generated them (a fifth of the time its message encoder and decoder take, which go
 * through a schema lookup and a copied buffer for every value); it decodes the current schema
 * through a {@link RecordReader}, and a value written with an older released schema
 * ({@link SchemaHistory}) through a resolving reader made once per schema. Thread-safe.
 */
public final class SingleObjectCodec<T extends SpecificRecord> {
    private static final int HEADER = SingleObjectBytes.HEADER;

    private final String typeName;
    private final Schema schema;
    private final long fingerprint;
    private final byte[] header;
    private final SpecificDatumWriter<T> writer;
    private final Class<T> type;
    /** by an older writer schema's fingerprint; a miss is looked up in the history once */
    private final Map<Long, SpecificDatumReader<T>> olderReaders = new ConcurrentHashMap<>();

    SingleObjectCodec(Class<T> type) {
        SpecificData model = TrustedSpecificData.CUSTOM_CODERS;
        this.typeName = type.getSimpleName();
        this.schema = SpecificData.get().getSchema(type);
        this.fingerprint = SchemaHistory.fingerprint(schema);
        this.header = SingleObjectBytes.header(fingerprint);
        this.writer = new SpecificDatumWriter<>(schema, model);
        this.type = type;
    }

    /**
     * Writes the body of a {@code T} straight from the caller's own objects, field by field in the
     * schema's order, as the generated class's {@code customEncode} does from its fields: for a
     * value that would otherwise be copied into a {@code T} only to be written.
     */
    @FunctionalInterface
    public interface BodyWriter<V> {
        void write(V value, Encoder out) throws IOException;
    }

    /** The encoded value; null stays null (a tombstone). */
    public byte[] encode(T value) {
        return encode(value, writer::write);
    }

    /**
     * {@code value} encoded as a {@code T} by {@code body}, which must write the bytes Avro writes
     * for the {@code T} it stands for (its tests compare them); null stays null.
     */
    public <V> byte[] encode(V value, BodyWriter<V> body) {
        return SingleObjectBytes.encode(header, typeName, value, body);
    }

    /** Whether {@code bytes} are single-object encoded at all (a state value of an older build may be in a format of its own). */
    public static boolean isSingleObject(byte[] bytes) {
        return bytes.length >= HEADER && bytes[0] == (byte) 0xC3 && bytes[1] == 0x01;
    }

    /**
     * Decodes {@code bytes} read from {@code source} (a topic or a store, named in errors); null
     * stays null (a tombstone). Any failure is a {@link RecordDecodingException}.
     */
    public T decode(String source, byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        if (!isSingleObject(bytes)) {
            throw new RecordDecodingException(source, typeName, "not Avro single-object encoded (" + (bytes.length < HEADER
                    ? bytes.length + " bytes, shorter than its header)" : String.format("it begins 0x%02X 0x%02X)", bytes[0], bytes[1])), null);
        }
        long written = ByteBuffer.wrap(bytes, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        // a body written with the current schema, released or not (a development build), is read by its plan, made
        // when first needed so that a process which only encodes (the collector) spins none of the plan's classes
        RecordReader<T> current = written == fingerprint ? RecordReader.of(type) : null;
        SpecificDatumReader<T> older = current == null ? olderReader(source, written) : null;
        try {
            BinaryDecoder in = DecoderFactory.get().binaryDecoder(bytes, HEADER, bytes.length - HEADER, null);
            return current != null ? current.read(in) : older.read(null, in);
        } catch (IOException | AvroRuntimeException | IndexOutOfBoundsException | ClassCastException | IllegalArgumentException
                 | NegativeArraySizeException | UnsupportedOperationException e) {
            throw new RecordDecodingException(source, typeName, "corrupt body (" + e + ")", e);
        }
    }

    /** The resolving reader of a body written with the older schema of fingerprint {@code written}. */
    private SpecificDatumReader<T> olderReader(String source, long written) {
        SpecificDatumReader<T> reader = olderReaders.computeIfAbsent(written, fp -> {
            Schema old = SchemaHistory.get().findByFingerprint(fp);
            return old == null ? null : new SpecificDatumReader<>(old, schema, TrustedSpecificData.CUSTOM_CODERS);
        });
        if (reader == null) {
            throw new RecordDecodingException(source, typeName, "written with a schema this build does not know (fingerprint "
                    + Long.toHexString(written) + ")", null);
        }
        return reader;
    }
}
