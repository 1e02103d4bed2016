package io.raidpulse.launcher.config;

import io.raidpulse.collector.collect.Collector;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Settings;
import io.raidpulse.notify.Notifiers;
import io.raidpulse.stream.StreamApp;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.StreamTopics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Checks a settings file without starting anything, with the components' own code and no list
 * of keys of its own: each component's {@code validate} reads every setting it uses, with the
 * readers it uses at start, on {@link Settings#tracked() tracked} settings. A value a reader
 * refuses is a problem (the reader's one line); the check goes on without that key, so every
 * bad value is reported, not only the first. A key of the file that no reader asked for is a
 * likely typo, reported with the nearest key the readers did ask for. {@code kafka.*} keys pass
 * through to the Kafka clients: they are checked against the settings Kafka's producer,
 * consumer, admin client and Kafka Streams define.
 *
 * <p>A component with settings of its own adds its {@code validate} to {@link #COMPONENTS}.
 */
public final class ConfigCheck {
    /** Every component that reads settings, by name, with the check it runs at start. */
    static final Map<String, Consumer<Settings>> COMPONENTS = components();

    /** Kafka Streams passes keys with these prefixes to its inner clients and topics. */
    private static final List<String> STREAMS_PREFIXES = List.of(StreamsConfig.MAIN_CONSUMER_PREFIX, StreamsConfig.RESTORE_CONSUMER_PREFIX,
            StreamsConfig.GLOBAL_CONSUMER_PREFIX, StreamsConfig.CONSUMER_PREFIX, StreamsConfig.PRODUCER_PREFIX, StreamsConfig.ADMIN_CLIENT_PREFIX);

    private ConfigCheck() {
    }

    private static Map<String, Consumer<Settings>> components() {
        Map<String, Consumer<Settings>> c = new LinkedHashMap<>();
        c.put("collector", Collector::validate);
        c.put("stream", StreamService::validate);
        return c;
    }

    /** Runs every component's check: throws the first invalid or missing setting, as the component would at start. */
    public static void validate(Settings settings) {
        COMPONENTS.values().forEach(v -> v.accept(settings));
    }

    /** The problems of {@code file}, one line each; empty when every setting is valid and known. */
    public static List<String> problems(Settings file) {
        Settings tracked = file.tracked();
        Set<String> problems = new LinkedHashSet<>();
        // keys under these prefixes were not all read: a required key of that part is missing or refused
        Set<String> unfinished = new TreeSet<>();
        for (Consumer<Settings> validate : COMPONENTS.values()) {
            Settings s = tracked;
            Set<String> refused = new TreeSet<>();
            while (true) {
                try {
                    validate.accept(s);
                    break;
                } catch (ConfigException e) {
                    if (refused.contains(e.key()) || !s.keys().contains(e.key())) {
                        // required: reading stops here (a missing one is a problem, a refused one was reported)
                        if (!refused.contains(e.key())) {
                            problems.add(e.getMessage());
                        }
                        unfinished.add(e.key().substring(0, e.key().lastIndexOf('.') + 1));
                        break;
                    }
                    problems.add(e.getMessage());
                    refused.add(e.key());
                    s = s.without(e.key());
                }
            }
        }
        overridden(file, problems);
        Set<String> read = tracked.keysRead();
        Set<String> passed = tracked.prefixesRead();
        for (String key : new TreeSet<>(file.keys())) {
            if (read.contains(key)) {
                continue;
            }
            if (key.startsWith(KafkaKeys.PREFIX)) {
                if (!isKafkaClientSetting(key.substring(KafkaKeys.PREFIX.length()))) {
                    problems.add("config " + key + ": not a setting of the Kafka clients" + suggestion(key, kafkaKeys()));
                }
                continue;
            }
            if (passed.stream().anyMatch(key::startsWith) || unfinished.stream().anyMatch(p -> !p.isEmpty() && key.startsWith(p))) {
                continue;
            }
            problems.add("config " + key + ": no component reads this key" + hint(key, file) + suggestion(key, read));
        }
        return List.copyOf(problems);
    }

    /** raidpulse's own settings that decide a Kafka Streams setting, for the hint. */
    private static final Map<String, String> OWN_SETTING = Map.of(StreamsConfig.APPLICATION_ID_CONFIG, StreamApp.APPLICATION_ID.name(),
            StreamsConfig.NUM_STREAM_THREADS_CONFIG, StreamApp.THREADS.name(), StreamsConfig.STATE_DIR_CONFIG, StreamApp.STATE_DIR.name(),
            StreamsConfig.PROCESSING_GUARANTEE_CONFIG, "none: always exactly_once_v2");

    /**
     * {@code kafka.*} keys the stream processor sets to something else itself: found by building its
     * Kafka Streams properties ({@link StreamApp#properties}) and comparing, so the list cannot drift.
     */
    private static void overridden(Settings file, Set<String> problems) {
        Properties streams;
        try {
            streams = StreamApp.properties(file, StreamTopics.from(file));
        } catch (ConfigException e) {
            return; // reported by the stream processor's check
        }
        for (Map.Entry<String, String> e : file.withPrefix(KafkaKeys.PREFIX).entrySet()) {
            Object used = streams.get(e.getKey());
            if (used != null && !used.toString().equals(e.getValue())) {
                String own = OWN_SETTING.get(e.getKey());
                problems.add("config " + KafkaKeys.PREFIX + e.getKey() + ": the stream processor sets " + e.getKey() + " itself"
                        + (Settings.isSecret(KafkaKeys.PREFIX + e.getKey()) ? "" : ", to '" + used + "'") + ", so this value is not used"
                        + (own == null ? "" : own.startsWith("none") ? " (" + own.substring(6) + ")" : " (set " + own + ")"));
            }
        }
    }

    /** Why a key of a known family was not read. */
    private static String hint(String key, Settings file) {
        if (key.startsWith("notify.")) {
            String[] parts = key.split("\\.", 3);
            if (parts.length == 3 && !file.string(Notifiers.CHANNELS.name(), Notifiers.CHANNELS.defaultValue()).matches("(^|.*[,\\s])" + Pattern.quote(parts[1])
                    + "(\\s*:.*|\\s*,.*|\\s*$)")) {
                return " (channel " + parts[1] + " is not in notify.channels)";
            }
        }
        return "";
    }

    static boolean isKafkaClientSetting(String name) {
        if (clientNames().contains(name) || name.startsWith(StreamsConfig.TOPIC_PREFIX)) {
            return true;
        }
        for (String prefix : STREAMS_PREFIXES) {
            if (name.startsWith(prefix) && clientNames().contains(name.substring(prefix.length()))) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> clientNames() {
        Set<String> names = new TreeSet<>();
        names.addAll(ProducerConfig.configNames());
        names.addAll(ConsumerConfig.configNames());
        names.addAll(AdminClientConfig.configNames());
        names.addAll(StreamsConfig.configDef().names());
        return names;
    }

    private static Set<String> kafkaKeys() {
        Set<String> keys = new TreeSet<>();
        clientNames().forEach(n -> keys.add(KafkaKeys.PREFIX + n));
        return keys;
    }

    /** " (did you mean X?)" for the candidate nearest to {@code key}, when one is near enough to be a typo. */
    static String suggestion(String key, Set<String> candidates) {
        Optional<String> best = candidates.stream()
                .min(Comparator.comparingInt((String c) -> distance(key.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT)))
                        .thenComparing(Comparator.naturalOrder()));
        if (best.isEmpty()) {
            return "";
        }
        int d = distance(key.toLowerCase(Locale.ROOT), best.get().toLowerCase(Locale.ROOT));
        return d <= Math.max(2, Math.min(4, key.length() / 6)) ? " (did you mean " + best.get() + "?)" : "";
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** Names of the components whose checks ran, for the OK line. */
    static List<String> componentNames() {
        return new ArrayList<>(COMPONENTS.keySet());
    }
}
