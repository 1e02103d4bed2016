package io.raidpulse.collector.cli;

import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Settings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --config} and {@code --bootstrap-servers} of the agent's commands: the settings file, and the options given over it. */
public final class AgentSettingsOptions {
    @Option(names = "--config", paramLabel = "FILE", description = "Properties file with collector.* and kafka.* settings.")
    Path config;

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT[,...]", description = "Kafka bootstrap servers (kafka.bootstrap.servers).")
    String bootstrap;

    /** The file's settings (none without {@code --config}), overridden by {@code --bootstrap-servers} and by {@code options}. */
    Settings with(Map<String, String> options) {
        Settings s = config == null ? Settings.empty() : Settings.load(config);
        Map<String, String> o = new HashMap<>(options);
        if (bootstrap != null) {
            o.put(KafkaKeys.BOOTSTRAP_SERVERS.name(), bootstrap);
        }
        return s.with(o);
    }
}
