package io.raidpulse.planner.console;

import io.raidpulse.config.KafkaClientOptions;
import io.raidpulse.config.SetOption;
import io.raidpulse.config.Settings;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a command that talks to Kafka is told where it is: a settings file, the broker list, overrides
 * (worded for the benchmarks topic in KafkaHelp.properties), and how long Kafka may take.
 */
@Command(resourceBundle = "io.raidpulse.planner.console.KafkaHelp")
public final class KafkaOptions {
    @Mixin
    KafkaClientOptions kafka = new KafkaClientOptions();

    @Mixin
    SetOption set = new SetOption();

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "15s",
            description = "How long Kafka may take to answer (default ${DEFAULT-VALUE}).")
    String timeout;

    /** The file, then the options over it; Kafka's address is required. */
    public Settings settings() {
        return kafka.required(set.over(kafka.file()));
    }

    public Duration timeout() {
        return Durations.option("--timeout", timeout, Duration.ofMillis(100), Duration.ofHours(1));
    }
}
