package io.raidpulse.config;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigDef;

/**
 * The {@code kafka.*} settings as the Kafka clients parse them. Only for components that have
 * kafka-clients on their class path (a provided dependency of this module).
 */
public final class KafkaSettings {
    private static final Pattern INVALID = Pattern.compile("Invalid value (.*) for configuration ([\\w.-]+)(?:: (.*))?", Pattern.DOTALL);
    private static final Pattern NAMED = Pattern.compile("configuration \"?([\\w.-]+)");

    private KafkaSettings() {
    }

    /**
     * Parses client properties with the client's own {@link ConfigDef} (types and validators),
     * without creating a client or logging anything; Kafka's configuration error becomes a
     * {@link ConfigException} naming the {@code kafka.*} key, and never showing a secret value.
     */
    public static void parse(ConfigDef def, Map<?, ?> properties) {
        try {
            def.parse(properties);
        } catch (org.apache.kafka.common.config.ConfigException e) {
            throw configException(e);
        }
    }

    /** Kafka's ConfigException as ours: the key with its {@code kafka.} prefix, the reason, and the value only when not secret. */
    public static ConfigException configException(org.apache.kafka.common.config.ConfigException e) {
        String message = String.valueOf(e.getMessage());
        Matcher m = INVALID.matcher(message);
        if (m.matches()) {
            String key = "kafka." + m.group(2);
            String value = Settings.isSecret(key) ? "(secret, not shown)" : "'" + m.group(1).replace('\n', ' ') + "'";
            return new ConfigException(key, (m.group(3) == null ? "invalid value" : firstLine(m.group(3).strip())) + ", got " + value);
        }
        Matcher named = NAMED.matcher(message);
        String key = named.find() ? "kafka." + named.group(1) : "kafka.*";
        return new ConfigException(key, Settings.isSecret(key) ? "is invalid (the value is not shown)" : firstLine(message));
    }

    /**
     * A Kafka client that could not be created (a malformed JAAS configuration, a trust store
     * that does not open): a usage error whose one line gives the deepest cause, with every secret
     * value of {@code settings} cut out, and the settings to look at.
     */
    public static UserException clientError(String what, RuntimeException e, Settings settings) {
        Throwable deepest = e;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        String reason = settings.redact(firstLine(String.valueOf(deepest.getMessage())));
        String lower = reason.toLowerCase(Locale.ROOT);
        String check = lower.contains("jaas") || lower.contains("login module") ? "kafka.sasl.jaas.config"
                : lower.contains("store") || lower.contains("ssl") ? "the kafka.ssl.* settings"
                : lower.contains("sasl") ? "the kafka.sasl.* settings" : "the kafka.* settings";
        return new UserException(what + " are not usable: " + reason + " (check " + check + ")", UserException.EXIT_USAGE, e);
    }

    /**
     * What a Kafka error says, for a one-line message: its text, or its kind when it has none
     * (the broker answers some errors, such as UNKNOWN_TOPIC_OR_PARTITION to a describeConfigs,
     * without a message).
     */
    public static String reason(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    private static String firstLine(String s) {
        return s.lines().findFirst().orElse(s);
    }
}
