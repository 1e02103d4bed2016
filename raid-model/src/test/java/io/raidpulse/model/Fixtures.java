package io.raidpulse.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Benchmark outputs under src/test/resources/benchmarks (and the catalog's own under main). */
public final class Fixtures {

    private Fixtures() {
    }

    /** A fixture by its path under {@code benchmarks/}: "shared/fio333_randrw.json". */
    public static String benchmark(String path) {
        return resource("/benchmarks/" + path);
    }

    /** The catalog's bundled result F files. */
    public static String catalog(String name) {
        return resource("/io/raidpulse/model/catalog/" + name);
    }

    private static String resource(String path) {
        try (InputStream in = Fixtures.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
