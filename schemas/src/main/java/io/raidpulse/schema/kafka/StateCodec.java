package io.raidpulse.schema.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * Avro single-object encoding for the stream processor's state-store values: the same bytes as
 * {@link SingleObjectCodec} ({@code C3 01}, the schema's fingerprint, the body), made for values
 * that every sample of every host writes. It encodes and decodes the current schema through the
 * generated classes' own coders (a fifth of the time Avro's message encoder and decoder take),
 * and reads a value written with an older released schema ({@link SchemaHistory}) through a
 * resolving reader made once per schema. Thread-safe.
 */
public final class StateCodec<T extends SpecificRecord> {
    private static final int HEADER = 10;

    private final String typeName;
    private final Schema schema;
    private final long fingerprint;
    private final SpecificDatumWriter<T> writer;
    private final Map<Long, SpecificDatumReader<T>> readers = new ConcurrentHashMap<>();

    public StateCodec(Class<T> type) {
        SpecificData model = TrustedSpecificData.CUSTOM_CODERS;
        this.typeName = type.getSimpleName();
        this.schema = SpecificData.get().getSchema(type);
        this.fingerprint = SchemaHistory.fingerprint(schema);
        this.writer = new SpecificDatumWriter<>(schema, model);
        readers.put(fingerprint, new SpecificDatumReader<>(schema, schema, model));
    }

    public byte[] encode(T value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        byte[] header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0xC3).put((byte) 0x01).putLong(fingerprint).array();
        out.writeBytes(header);
        try {
            BinaryEncoder e = EncoderFactory.get().directBinaryEncoder(out, null);
            writer.write(value, e);
            e.flush();
        } catch (IOException | RuntimeException x) {
            throw new IllegalArgumentException("cannot encode " + typeName + ": " + x.getMessage(), x);
        }
        return out.toByteArray();
    }

    /** Whether {@code bytes} are single-object encoded at all (a state value of an older build may be in a format of its own). */
    public static boolean isSingleObject(byte[] bytes) {
        return bytes.length >= HEADER && bytes[0] == (byte) 0xC3 && bytes[1] == 0x01;
    }

    /** Decodes {@code bytes}; any failure is a {@link RecordDecodingException} naming {@code store}. */
    public T decode(String store, byte[] bytes) {
        if (!isSingleObject(bytes)) {
            throw new RecordDecodingException(store, typeName, "not Avro single-object encoded", null);
        }
        long written = ByteBuffer.wrap(bytes, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        SpecificDatumReader<T> reader = readers.computeIfAbsent(written, fp -> {
            Schema old = SchemaHistory.get().findByFingerprint(fp);
            return old == null ? null : new SpecificDatumReader<>(old, schema, TrustedSpecificData.CUSTOM_CODERS);
        });
        if (reader == null) {
            throw new RecordDecodingException(store, typeName, "written with a schema this build does not know (fingerprint "
                    + Long.toHexString(written) + ")", null);
        }
        try {
            return reader.read(null, DecoderFactory.get().binaryDecoder(bytes, HEADER, bytes.length - HEADER, null));
        } catch (IOException | AvroRuntimeException | IndexOutOfBoundsException | ClassCastException | IllegalArgumentException
                 | NegativeArraySizeException | UnsupportedOperationException e) {
            throw new RecordDecodingException(store, typeName, "corrupt body (" + e + ")", e);
        }
    }
}
