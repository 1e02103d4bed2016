package io.raidpulse.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * The config loader on arbitrary and mutated input: a properties file of any bytes loads or
 * fails with a {@link UserException}; every typed accessor returns a value within its bounds or
 * throws a {@link ConfigException} naming the key, never another exception; a secret value is
 * never part of a message.
 */
class SettingsPropertiesTest {
    private static final String SECRET = "pw-Zq8!x";

    /** A valid file to mutate: every kind of value the components read. */
    private static final String SEED = """
            # collector
            collector.interval=10s
            collector.spool.max-bytes=256MiB
            collector.device-exclude=^(loop|ram)\\\\d+$
            saturation.fire-util=95.5
            stream.threads=2
            sink.enabled=true
            influx.api=v1
            influx.password=%s
            kafka.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="u" password="%s";
            key\\ with\\ spaces = value \\u00e9
            """.formatted(SECRET, SECRET);

    private static final List<String> FRAGMENTS = List.of("", "=", ":", "\\", "\\u", "\\u12", "\\uZZZZ", "\n", "\r", "\t", " ",
            "#", "!", "-1", "0", "1e309", "NaN", "Infinity", "-0", "99999999999999999999999", "0x10", "5 m", "10S", "1.5h",
            "3d", "256MiB", "1TiB", "9999999TiB", "yes", "on", "(", "[", "*", "\u0000", "é", "\uD800");

    enum Choice { AUTO, V1, V2 }

    @Provide
    Arbitrary<String> mutatedFiles() {
        return Arbitraries.integers().between(0, SEED.length()).list().ofMinSize(1).ofMaxSize(6)
                .flatMap(positions -> Arbitraries.of(FRAGMENTS).list().ofSize(positions.size()).map(fragments -> {
                    StringBuilder text = new StringBuilder(SEED);
                    for (int i = 0; i < positions.size(); i++) {
                        int at = Math.min(positions.get(i), text.length());
                        int cut = Math.min(text.length(), at + (fragments.get(i).length() % 3));
                        text.replace(at, cut, fragments.get(i));
                    }
                    return text.toString();
                }));
    }

    @Property(tries = 300)
    void mutatedFilesLoadOrFailAsUserErrorsAndEveryReaderStaysInBounds(@ForAll("mutatedFiles") String text) throws IOException {
        Settings s = load(text.getBytes(StandardCharsets.UTF_8));
        if (s != null) {
            for (String key : s.keys()) {
                readEveryWay(s, key);
            }
        }
    }

    @Property(tries = 200)
    void arbitraryBytesLoadOrFailAsUserErrors(@ForAll @Size(max = 300) byte[] bytes) throws IOException {
        Settings s = load(bytes);
        if (s != null) {
            for (String key : s.keys()) {
                readEveryWay(s, key);
            }
        }
    }

    @Property(tries = 1000)
    void arbitraryValuesReadWithinBoundsOrAsConfigErrors(@ForAll("values") String value) {
        readEveryWay(Settings.of(Map.of("k", value)), "k");
        readEveryWay(Settings.of(Map.of("influx.password", value)), "influx.password");
    }

    @Provide
    Arbitrary<String> values() {
        Arbitrary<String> pieces = Arbitraries.of(FRAGMENTS);
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(20),
                pieces.list().ofMaxSize(4).map(l -> String.join("", l)),
                Arbitraries.strings().withChars("0123456789.eE+-kKmMgGtTiIBsdh ").ofMaxLength(12));
    }

    /** Loads through a real file, as --config does; null when the loader refused it (as a user error). */
    private static Settings load(byte[] bytes) throws IOException {
        Path file = Files.createTempFile("settings", ".properties");
        try {
            Files.write(file, bytes);
            return Settings.load(file);
        } catch (UserException refused) {
            assertThat(refused.exitCode()).isEqualTo(UserException.EXIT_USAGE);
            assertThat(refused.getMessage()).contains(file.toString()).doesNotContain("\n").doesNotContain(SECRET);
            return null;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Every typed reader on one key: in bounds, or a ConfigException naming it, one line, no secret. */
    private static void readEveryWay(Settings s, String key) {
        attempt(key, () -> assertThat(s.integer(key, 0, -5, 1000)).isBetween(-5, 1000));
        attempt(key, () -> assertThat(s.decimal(key, 0, 0, 100)).isBetween(0.0, 100.0).isFinite());
        attempt(key, () -> assertThat(s.duration(key, Duration.ofSeconds(1), Duration.ofMillis(1), Duration.ofDays(30)))
                .isBetween(Duration.ofMillis(1), Duration.ofDays(30)));
        attempt(key, () -> assertThat(s.bytes(key, 1, 1, 1L << 40)).isBetween(1L, 1L << 40));
        attempt(key, () -> s.bool(key, false));
        attempt(key, () -> {
            Pattern p = s.regex(key, null);
            if (p != null) {
                p.matcher("sda1").matches();
            }
        });
        attempt(key, () -> s.choice(key, Choice.AUTO, Choice.class));
        attempt(key, () -> s.requiredString(key));
        if (Settings.isSecret(key) && s.has(key) && s.asMap().get(key).length() >= 3 && !s.asMap().get(key).contains("*")) {
            assertThat(s.toString()).doesNotContain(key + "=" + s.asMap().get(key));
        }
    }

    private static void attempt(String key, Runnable read) {
        try {
            read.run();
        } catch (ConfigException e) {
            assertThat(e.key()).isEqualTo(key);
            assertThat(e.exitCode()).isEqualTo(UserException.EXIT_USAGE);
            assertThat(e.getMessage()).startsWith("config " + Settings.printable(key) + ": ").doesNotContain("\n").doesNotContain("\r");
            if (Settings.isSecret(key) && !key.contains(SECRET)) { // (a mutation can move the secret into a key name)
                assertThat(e.getMessage()).doesNotContain(SECRET);
            }
        }
    }
}
