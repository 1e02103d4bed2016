package io.raidpulse.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every setting key the code reads is in the README's settings table. */
class SettingsDocTest {
    private static final Pattern LITERAL_KEY = Pattern.compile(
            "\"((?:stream|topics|intake|saturation|health|alerts|aggregate|capacity|influx|sink|notify)\\.[a-z0-9][a-z0-9.\\-]*[a-z0-9])\"");
    /** saturation.* thresholds are read as prefix + "name", for the defaults and for every rule. */
    private static final Pattern THRESHOLD_KEY = Pattern.compile("prefix \\+ \"([a-z0-9\\-]+)\"");

    @Test
    void everyKeyReadIsDocumented() throws IOException {
        Set<String> keys = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String code = Files.readString(f);
                Matcher m = LITERAL_KEY.matcher(code);
                while (m.find()) {
                    keys.add(m.group(1));
                }
                if (f.getFileName().toString().equals("SaturationThresholds.java")) {
                    Matcher t = THRESHOLD_KEY.matcher(code);
                    while (t.find()) {
                        keys.add("saturation." + t.group(1));
                    }
                }
            }
        }
        keys.removeIf(k -> k.equals("saturation.rule.") || k.equals("kafka.") || k.endsWith("."));
        assertThat(keys).as("keys found in the code").contains("saturation.fire-util", "influx.url", "sink.batch-size",
                "aggregate.windows", "notify.channels", "capacity.fire-pct", "topics.benchmarks");
        String readme = Files.readString(Path.of("README.md"));
        assertThat(keys).allSatisfy(k -> assertThat(readme).as("README settings table has a row for %s", k).contains("| `" + k + "` |"));
    }
}
