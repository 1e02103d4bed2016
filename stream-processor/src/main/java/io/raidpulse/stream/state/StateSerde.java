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
    private final SingleObjectCodec<?> codec;
    /** the value converted to its record and that written: the definition of the bytes */
    private final Function<T, byte[]> throughRecord;
    /** null: through the record */
    private final SingleObjectCodec.BodyWriter<T> direct;
    private final Function<byte[], T> decode;
    private final Map<Integer, Function<StateReader, T>> binary;

    private StateSerde(String type, SingleObjectCodec<?> codec, Function<T, byte[]> throughRecord, SingleObjectCodec.BodyWriter<T> direct,
                       Function<byte[], T> decode, Map<Integer, Function<StateReader, T>> binary) {
        this.type = type;
        this.codec = codec;
        this.throughRecord = throughRecord;
        this.direct = direct;
        this.decode = decode;
        this.binary = binary;
    }

    /** Values as Avro records of {@code record}, converted to and from the state type. */
    public static <T, R extends SpecificRecord> StateSerde<T> avro(String type, Class<R> record, Function<T, R> toRecord,
                                                                   Function<R, T> fromRecord) {
        SingleObjectCodec<R> codec = AvroSerdes.codec(record);
        return new StateSerde<>(type, codec, value -> codec.encode(toRecord.apply(value)), null,
                bytes -> fromRecord.apply(codec.decode(type + " state", bytes)), Map.of());
    }

    /**
     * This serde, writing each value's record body straight from the value by {@code body}
     * instead of converting it to the record first: the same bytes ({@link #encodeThroughRecord}
     * is what each such writer's test holds it to), without a copy of every value's fields into
     * records, lists and boxed numbers at every commit.
     */
    public StateSerde<T> writingDirectly(SingleObjectCodec.BodyWriter<T> body) {
        return new StateSerde<>(type, codec, throughRecord, body, decode, binary);
    }

    /** This serde, also reading values an older build wrote in binary format {@code oldVersion}. */
    public StateSerde<T> alsoReading(int oldVersion, Function<StateReader, T> oldRead) {
        Map<Integer, Function<StateReader, T>> readers = new HashMap<>(binary);
        readers.put(oldVersion, oldRead);
        return new StateSerde<>(type, codec, throughRecord, direct, decode, Map.copyOf(readers));
    }

    public byte[] encode(T value) {
        return direct == null ? throughRecord.apply(value) : codec.encode(value, direct);
    }

    /** {@code value} converted to its Avro record and that encoded: the bytes {@link #encode} writes. */
    public byte[] encodeThroughRecord(T value) {
        return throughRecord.apply(value);
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
