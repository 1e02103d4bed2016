package io.raidpulse.stream.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.stream.state.StateSerde;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * State-store values as a changelog holds them, kept as hex under {@code state-formats/} on the
 * test class path. Each was written by the last build that wrote its format, and is never
 * rewritten: a changelog restored after an upgrade holds exactly these bytes.
 */
public final class StateFixtures {
    private StateFixtures() {
    }

    public static byte[] read(String name) {
        try (InputStream in = StateFixtures.class.getResourceAsStream("/state-formats/" + name + ".hex")) {
            if (in == null) {
                throw new IllegalStateException("no state fixture " + name);
            }
            return HexFormat.of().parseHex(new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Field by field, NaN equal to NaN (a baseline not yet learnt). */
    public static void assertSameState(Object actual, Object expected) {
        assertThat(actual).usingRecursiveComparison().withEqualsForType(Double::equals, Double.class).isEqualTo(expected);
    }

    /**
     * {@code value} is written in Avro single-object encoding (the marker C3 01, then the schema's
     * fingerprint) and read back the same; fixture {@code previous}, the same value as the previous
     * build wrote it, is read as the same state too.
     */
    public static <T> void assertRestores(StateSerde<T> serde, T value, String previous) {
        byte[] bytes = serde.encode(value);
        assertThat(bytes).startsWith((byte) 0xC3, (byte) 0x01);
        assertSameState(serde.decode(bytes), value);
        assertSameState(serde.decode(read(previous)), value);
    }
}
