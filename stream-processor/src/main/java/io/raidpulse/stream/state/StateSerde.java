package io.raidpulse.stream.state;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Serde for one state type, with a leading format version byte so that a changelog written by
 * an older build is recognised instead of misread: read by a reader for that format when the type
 * has one ({@link #alsoReading}), else refused with what to do.
 */
public final class StateSerde<T> implements Serde<T> {
    private final String type;
    private final int version;
    private final BiConsumer<T, StateWriter> write;
    private final Function<StateReader, T> read;
    private final Map<Integer, Function<StateReader, T>> older;

    public StateSerde(String type, int version, BiConsumer<T, StateWriter> write, Function<StateReader, T> read) {
        this(type, version, write, read, Map.of());
    }

    private StateSerde(String type, int version, BiConsumer<T, StateWriter> write, Function<StateReader, T> read,
                       Map<Integer, Function<StateReader, T>> older) {
        this.type = type;
        this.version = version;
        this.write = write;
        this.read = read;
        this.older = older;
    }

    /** This serde, also reading values an older build wrote in format {@code oldVersion}. */
    public StateSerde<T> alsoReading(int oldVersion, Function<StateReader, T> oldRead) {
        Map<Integer, Function<StateReader, T>> readers = new HashMap<>(older);
        readers.put(oldVersion, oldRead);
        return new StateSerde<>(type, version, write, read, Map.copyOf(readers));
    }

    public byte[] encode(T value) {
        StateWriter w = new StateWriter(256);
        w.writeByte(version);
        write.accept(value, w);
        return w.toByteArray();
    }

    public T decode(byte[] bytes) {
        StateReader r = new StateReader(bytes);
        int v = r.readByte();
        if (v != version && older.containsKey(v)) {
            return older.get(v).apply(r);
        }
        if (v != version) {
            throw new SerializationException(type + " state written in format " + v + ", this build reads format " + version
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
