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
import picocli.CommandLine;

/**
 * The README's settings table is the keys the code declares ({@code static final Key} constants
 * next to their readers), in both directions: every declared key has a row with the same default,
 * and every row is a declared key.
 */
class SettingsDocTest {
    @Test
    void theReadmeTableIsTheDeclaredKeysWithTheirDefaults() throws IOException {
        List<Key<?>> declared = new ArrayList<>(Keys.declaredInSources(Path.of("src", "main", "java")));
        declared.add(KafkaKeys.BOOTSTRAP_SERVERS);
        assertThat(declared).extracting(Key::name).as("keys declared in the code").contains("saturation.fire-util", "influx.url",
                "sink.batch-size", "aggregate.windows", "notify.channels", "capacity.fire-pct", "topics.benchmarks",
                "saturation.rule.NAME.kind", "notify.NAME.timeout", "notify.NAME.tls.ca-file");
        SettingsTable table = SettingsTable.of(Files.readString(Path.of("README.md")));
        assertThat(table.problems(declared, k -> true)).isEmpty();
    }

    @Test
    void helpTextsShowTheDeclaredDefaultOfTheKeysTheirOptionsSet() {
        List<Key<?>> declared = Keys.declaredInSources(Path.of("src", "main", "java"));
        int checked = 0;
        for (Object command : List.of(new StreamCommand(), new io.raidpulse.stream.plan.PlanCommand())) {
            CommandLine cli = new CommandLine(command);
            for (CommandLine.Model.OptionSpec o : cli.getCommandSpec().options()) {
                String description = String.join(" ", o.description());
                assertThat(description).as("help of %s", o.longestName()).doesNotContain("${");
                for (Key<?> key : declared) {
                    if (description.contains("(" + key.name() + ",") && key.defaultText() != null) {
                        assertThat(description).as("help of %s", o.longestName()).contains("default " + key.defaultText());
                        checked++;
                    }
                }
            }
        }
        assertThat(checked).as("options with a declared default").isGreaterThanOrEqualTo(3);
        CommandLine.Model.CommandSpec stream = new CommandLine(new StreamCommand()).getCommandSpec();
        assertThat(stream.findOption("--influx-database").description()).containsExactly("InfluxDB database (influx.database, default raidpulse).");
        assertThat(stream.findOption("--influx-api").description()).containsExactly("How to write (influx.api, default auto from /ping).");
    }
}
