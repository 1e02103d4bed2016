package io.raidpulse.stream.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * State-store values as a changelog holds them, kept as hex under {@code state-formats/} on the
 * test class path. The files were written by the build that wrote that format (with
 * {@code -Dstate.fixtures.write=src/test/resources/state-formats}), and are never rewritten: a
 * changelog restored after an upgrade holds exactly these bytes.
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

    /** Writes {@code bytes} as fixture {@code name}, only when asked to by the system property (never in a normal build). */
    public static void writeIfAsked(String name, byte[] bytes) {
        String dir = System.getProperty("state.fixtures.write");
        if (dir == null) {
            return;
        }
        try {
            Path file = Path.of(dir, name + ".hex");
            Files.createDirectories(file.getParent());
            Files.writeString(file, HexFormat.of().formatHex(bytes) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
