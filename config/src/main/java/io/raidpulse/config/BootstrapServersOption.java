package io.raidpulse.config;

import picocli.CommandLine.Option;

/**
 * {@code --bootstrap-servers}, a picocli mixin: the Kafka brokers, {@code kafka.bootstrap.servers} over
 * the settings file. A command's resource bundle may word its help ({@code settings.bootstrap-servers})
 * and its parameter ({@code settings.bootstrap-servers.label}).
 */
public final class BootstrapServersOption {
    @Option(names = "--bootstrap-servers", paramLabel = "${bundle:settings.bootstrap-servers.label:-HOST:PORT,...}",
            descriptionKey = "settings.bootstrap-servers", description = "Kafka brokers (kafka.bootstrap.servers).")
    String servers;

    /** {@code settings} with the brokers given over theirs; unchanged without the option. */
    public Settings over(Settings settings) {
        return settings.withOption(KafkaKeys.BOOTSTRAP_SERVERS, servers);
    }

    /** {@link #over} for a command that cannot run without Kafka: no address at all is a usage error. */
    public Settings required(Settings settings) {
        Settings s = over(settings);
        if (!s.has(KafkaKeys.BOOTSTRAP_SERVERS.name())) {
            throw UserException.usage("no Kafka address: give --bootstrap-servers or kafka.bootstrap.servers in --config");
        }
        return s;
    }
}
