package io.raidpulse.stream.state;

import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Serde for one state type: a value is written as an Avro record in single-object encoding
 * ({@code C3 01}, the schema's fingerprint, the body; the schema's released versions are kept in
 * the schemas module, so a value written by an older build is read by name, enums by their
 * symbols). The hand-written binary formats, led by their format byte, that builds before the Avro
 * records wrote stay readable ({@link #alsoReading}): a changelog restored after an upgrade holds
 * them until each host's value is next written. A format nobody reads is refused with what to do.
 */
public final class StateSerde<T> implements Serde<T> {
    private final String type;
    private final Function<T, byte[]> encode;
    private final Function<byte[], T> decode;
    private final Map<Integer, Function<StateReader, T>> binary;

    private StateSerde(String type, Function<T, byte[]> encode, Function<byte[], T> decode, Map<Integer, Function<StateReader, T>> binary) {
        this.type = type;
        this.encode = encode;
        this.decode = decode;
        this.binary = binary;
    }

    /** Values as Avro records of {@code record}, converted to and from the state type. */
    public static <T, R extends SpecificRecord> StateSerde<T> avro(String type, Class<R> record, Function<T, R> toRecord,
                                                                   Function<R, T> fromRecord) {
        SingleObjectCodec<R> codec = AvroSerdes.codec(record);
        return new StateSerde<>(type, value -> codec.encode(toRecord.apply(value)),
                bytes -> fromRecord.apply(codec.decode(type + " state", bytes)), Map.of());
    }

    /** This serde, also reading values an older build wrote in binary format {@code oldVersion}. */
    public StateSerde<T> alsoReading(int oldVersion, Function<StateReader, T> oldRead) {
        Map<Integer, Function<StateReader, T>> readers = new HashMap<>(binary);
        readers.put(oldVersion, oldRead);
        return new StateSerde<>(type, encode, decode, Map.copyOf(readers));
    }

    public byte[] encode(T value) {
        return encode.apply(value);
    }

    public T decode(byte[] bytes) {
        if (SingleObjectCodec.isSingleObject(bytes)) {
            return decode.apply(bytes);
        }
        StateReader r = new StateReader(bytes);
        int v = r.readByte();
        Function<StateReader, T> read = binary.get(v);
        if (read == null) {
            throw new SerializationException(type + " state written in format " + v + ", this build reads "
                    + "Avro and formats " + new TreeSet<>(binary.keySet())
                    + ": reset the application's state (kafka-streams-application-reset) after an incompatible upgrade");
        }
        return read.apply(r);
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> value == null ? null : encode(value);
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> bytes == null ? null : decode(bytes);
    }
}
