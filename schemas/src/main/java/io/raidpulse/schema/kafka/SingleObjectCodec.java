package io.raidpulse.schema.kafka;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.message.BadHeaderException;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.message.MissingSchemaException;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;

/**
 * Encodes and decodes one record type with Avro single-object encoding. Thread-safe (Avro's
 * message encoders and decoders keep per-thread buffers).
 */
public final class SingleObjectCodec<T extends SpecificRecord> {
    private final String typeName;
    private final BinaryMessageEncoder<T> encoder;
    private final BinaryMessageDecoder<T> decoder;

    SingleObjectCodec(Class<T> type) {
        Schema schema = SpecificData.get().getSchema(type);
        this.typeName = type.getSimpleName();
        this.encoder = new BinaryMessageEncoder<>(TrustedSpecificData.INSTANCE, schema);
        this.decoder = new BinaryMessageDecoder<>(TrustedSpecificData.INSTANCE, schema, SchemaHistory.get());
        // the current schema is always readable, released or not (a development build)
        this.decoder.addSchema(schema);
    }

    public byte[] encode(T value) {
        if (value == null) {
            return null;
        }
        try {
            ByteBuffer buffer = encoder.encode(value);
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            return bytes;
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot encode " + typeName + ": " + e.getMessage(), e);
        }
    }

    /** Decodes {@code bytes}; null stays null (a tombstone). Any failure is a {@link RecordDecodingException}. */
    public T decode(String topic, byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        try {
            return decoder.decode(bytes);
        } catch (BadHeaderException e) {
            throw new RecordDecodingException(topic, typeName, "not Avro single-object encoded (" + e.getMessage() + ")", e);
        } catch (MissingSchemaException e) {
            throw new RecordDecodingException(topic, typeName, "written with a schema this build does not know (" + e.getMessage() + ")", e);
        } catch (IOException | AvroRuntimeException | IndexOutOfBoundsException | ClassCastException
                 | IllegalArgumentException | NegativeArraySizeException | UnsupportedOperationException e) {
            throw new RecordDecodingException(topic, typeName, "corrupt body (" + e + ")", e);
        }
    }
}
