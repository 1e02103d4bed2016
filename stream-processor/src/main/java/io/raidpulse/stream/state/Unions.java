package io.raidpulse.stream.state;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The {@code ["null", T]} unions of the state records, written as Avro's writers write them (the
 * branch's index, then the value), for the state values written straight from their objects.
 */
public final class Unions {
    private Unions() {
    }

    public static void writeNullable(Encoder out, String v) throws IOException {
        if (v == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            out.writeString(v);
        }
    }

    public static void writeNullable(Encoder out, Long v) throws IOException {
        if (v == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            out.writeLong(v);
        }
    }
}
