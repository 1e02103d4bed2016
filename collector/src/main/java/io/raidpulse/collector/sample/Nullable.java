package io.raidpulse.collector.sample;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/** A {@code ["null", T]} union of a primitive or string, as Avro writes it: the branch's index, then the value if any. */
final class Nullable {
    private Nullable() {
    }

    private static boolean branch(Encoder out, Object value) throws IOException {
        if (value == null) {
            out.writeIndex(0);
            out.writeNull();
            return false;
        }
        out.writeIndex(1);
        return true;
    }

    static void writeString(Encoder out, String value) throws IOException {
        if (branch(out, value)) {
            out.writeString(value);
        }
    }

    static void writeInt(Encoder out, Integer value) throws IOException {
        if (branch(out, value)) {
            out.writeInt(value);
        }
    }

    static void writeLong(Encoder out, Long value) throws IOException {
        if (branch(out, value)) {
            out.writeLong(value);
        }
    }

    static void writeDouble(Encoder out, Double value) throws IOException {
        if (branch(out, value)) {
            out.writeDouble(value);
        }
    }

    static void writeBoolean(Encoder out, Boolean value) throws IOException {
        if (branch(out, value)) {
            out.writeBoolean(value);
        }
    }
}
