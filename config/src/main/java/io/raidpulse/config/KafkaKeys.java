package io.raidpulse.config;

/**
 * The {@code kafka.*} keys raidpulse itself names. Every other {@code kafka.*} key passes through
 * to the Kafka clients unchanged ({@link Settings#withPrefix}), checked by Kafka's own definitions.
 */
public final class KafkaKeys {
    /** The prefix of the settings passed to the Kafka clients. */
    public static final String PREFIX = "kafka.";

    public static final Key<String> BOOTSTRAP_SERVERS = Keys.required("kafka.bootstrap.servers", "Kafka brokers");

    private KafkaKeys() {
    }
}
