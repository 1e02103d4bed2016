package io.raidpulse.planner.console;

import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** How a command that talks to Kafka is told where it is: a settings file, the broker list, overrides. */
public final class KafkaOptions {
    @Option(names = "--config", paramLabel = "FILE", description = "Settings file (Java properties), as for 'raidpulse stream'.")
    Path config;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT,...", description = "Kafka brokers (kafka.bootstrap.servers).")
    String bootstrapServers;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Any other setting (kafka.*, topics.benchmarks); repeatable.")
    Map<String, String> set = new LinkedHashMap<>();

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "15s",
            description = "How long Kafka may take to answer (default ${DEFAULT-VALUE}).")
    String timeout;

    /** The file, then the options over it; Kafka's address is required. */
    public Settings settings() {
        Settings s = config == null ? Settings.empty() : Settings.load(config);
        Map<String, String> o = new LinkedHashMap<>(set);
        if (bootstrapServers != null) {
            o.put(KafkaKeys.BOOTSTRAP_SERVERS.name(), bootstrapServers);
        }
        s = s.with(o);
        if (!s.has(KafkaKeys.BOOTSTRAP_SERVERS.name())) {
            throw UserException.usage("no Kafka address: give --bootstrap-servers or kafka.bootstrap.servers in --config");
        }
        return s;
    }

    public Duration timeout() {
        return Durations.option("--timeout", timeout, Duration.ofMillis(100), Duration.ofHours(1));
    }
}
