package io.raidpulse.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.SettingsTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's settings table is the keys the code declares ({@code static final Key} constants
 * next to their readers), in both directions: every declared key has a row with the same default,
 * and every row is a declared key. The {@code stream} command reads the keys of this module and of
 * the modules it runs (topics, influx, notify): all of them are in this README.
 */
class SettingsDocTest {
    /** The sources of this module and of those the stream command runs. */
    private static final List<Path> SOURCES = List.of(Path.of("src", "main", "java"), Path.of("..", "topics", "src", "main", "java"),
            Path.of("..", "influx", "src", "main", "java"), Path.of("..", "notify", "src", "main", "java"));

    private static List<Key<?>> declared() {
        List<Key<?>> declared = new ArrayList<>();
        SOURCES.forEach(dir -> declared.addAll(Keys.declaredInSources(dir)));
        return declared;
    }

    @Test
    void theReadmeTableIsTheDeclaredKeysWithTheirDefaults() throws IOException {
        List<Key<?>> declared = declared();
        declared.add(KafkaKeys.BOOTSTRAP_SERVERS);
        assertThat(declared).extracting(Key::name).as("keys declared in the code").contains("saturation.fire-util", "influx.url",
                "sink.batch-size", "aggregate.windows", "notify.channels", "capacity.fire-pct", "topics.benchmarks",
                "saturation.rule.NAME.kind", "notify.NAME.timeout", "notify.NAME.tls.ca-file");
        SettingsTable table = SettingsTable.of(Files.readString(Path.of("README.md")));
        assertThat(table.problems(declared, k -> true)).isEmpty();
    }
}
