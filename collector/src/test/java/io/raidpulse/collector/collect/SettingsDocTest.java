package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.cgroup.AttributionSettings;
import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.hwraid.Declaration;
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
 * The collector's settings table in README.md and the help of {@code collect} say what the key
 * declarations say: every declared key has a row with the same default, every row is declared,
 * and every option that sets a key shows that key's default.
 */
class SettingsDocTest {
    private static List<Key<?>> declared() {
        List<Key<?>> keys = new ArrayList<>(Keys.declaredIn(CollectorSettings.class));
        keys.addAll(Keys.declaredIn(Declaration.class));
        keys.addAll(Keys.declaredIn(AttributionSettings.class));
        return keys;
    }

    @Test
    void theReadmeTableIsTheDeclaredKeysWithTheirDefaults() throws IOException {
        SettingsTable table = SettingsTable.of(Files.readString(Path.of("README.md")));
        assertThat(table.rows()).containsKeys("collector.interval", "collector.spool.max-bytes", "collector.hwraid.NAME.level");
        assertThat(declared()).extracting(Key::name).contains("collector.interval", "collector.hwraid.NAME.cache");
        assertThat(table.problems(declared(), k -> k.startsWith("collector."))).isEmpty();
    }

    @Test
    void collectShowsTheDeclaredDefaultOfEveryKeyItsOptionsSet() {
        CommandLine cli = new CommandLine(new CollectCommand());
        int checked = 0;
        for (Key<?> key : declared()) {
            for (CommandLine.Model.OptionSpec o : cli.getCommandSpec().options()) {
                String description = String.join(" ", o.description());
                if (description.contains("(" + key.name() + ")") && key.defaultText() != null) {
                    assertThat(description).as("help of %s", o.longestName()).contains("Default: " + key.defaultText())
                            .doesNotContain("${");
                    checked++;
                }
            }
        }
        assertThat(checked).as("options with a declared default").isGreaterThanOrEqualTo(6);
        assertThat(cli.getUsageMessage(CommandLine.Help.Ansi.OFF)).contains("Default: 10s.").contains("Default: 256MiB.")
                .contains("Default: kernel hostname.");
    }
}
