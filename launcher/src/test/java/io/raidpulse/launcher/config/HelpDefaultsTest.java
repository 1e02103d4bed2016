package io.raidpulse.launcher.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.planner.PlanCommand;
import io.raidpulse.stream.StreamCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The help of {@code stream} and {@code plan} shows the declared default of each key an option sets
 * (stream's SettingsDocTest holds the README's table to the same keys). Here, where both commands are.
 */
class HelpDefaultsTest {
    private static List<Key<?>> declared() {
        List<Key<?>> declared = new ArrayList<>();
        for (String module : List.of("planner", "stream-processor", "topics", "influx", "notify")) {
            declared.addAll(Keys.declaredInSources(Path.of("..", module, "src", "main", "java")));
        }
        return declared;
    }

    @Test
    void helpTextsShowTheDeclaredDefaultOfTheKeysTheirOptionsSet() {
        List<Key<?>> declared = declared();
        int checked = 0;
        for (Object command : List.of(new StreamCommand(), new PlanCommand())) {
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
