package io.raidpulse.config;

import java.nio.file.Path;
import picocli.CommandLine.Mixin;

/**
 * {@code --config FILE} and {@code --bootstrap-servers}, a picocli mixin: the two options of every command
 * that is a Kafka client (collect, send-spool, fleet, stream, bench). A command puts its own options over
 * {@link #file()}, then the brokers over those ({@link #over} or {@link #required}).
 */
public final class KafkaClientOptions {
    @Mixin
    ConfigFileOption config = new ConfigFileOption();

    @Mixin
    BootstrapServersOption bootstrapServers = new BootstrapServersOption();

    /**
     * The options as given on a command line parsed without picocli (the collector's {@code
     * collect}); null for an option not given.
     */
    public static KafkaClientOptions of(Path configFile, String bootstrapServers) {
        KafkaClientOptions o = new KafkaClientOptions();
        o.config.file = configFile;
        o.bootstrapServers.servers = bootstrapServers;
        return o;
    }

    /** The settings file's settings; none without {@code --config}. */
    public Settings file() {
        return config.load();
    }

    /** {@code settings} with the brokers given over theirs. */
    public Settings over(Settings settings) {
        return bootstrapServers.over(settings);
    }

    /** {@link #over} for a command that cannot run without Kafka: no address at all is a usage error. */
    public Settings required(Settings settings) {
        return bootstrapServers.required(settings);
    }
}
