package io.raidpulse.stream;

import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.stream.intake.DeadLetterHandler;
import io.raidpulse.topics.StreamTopics;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The KafkaStreams instance running {@link StreamTopology}: its properties and lifecycle, nothing else. */
public final class StreamApp implements AutoCloseable {
    public static final String DEFAULT_APPLICATION_ID = "raidpulse-stream";
    public static final Key<String> APPLICATION_ID = Keys.string("stream.application-id", DEFAULT_APPLICATION_ID,
            "Kafka Streams application id (consumer group, changelog topic prefix)");
    public static final Key<String> STATE_DIR = Keys.string("stream.state-dir", null, "state directory")
            .withDefaultDescribed("Kafka Streams' default");
    public static final Key<Integer> THREADS = Keys.integer("stream.threads", 1, 1, 64, "stream threads (at most the input partitions are busy)");

    private static final Logger log = LoggerFactory.getLogger(StreamApp.class);

    private final KafkaStreams streams;

    private StreamApp(KafkaStreams streams) {
        this.streams = streams;
    }

    /**
     * Streams properties: every {@code kafka.*} setting passed through (bootstrap servers,
     * SASL/SSL, client tuning), then what raidpulse requires: exactly_once_v2, the dead-letter
     * handler, the application id ({@code stream.application-id}), the state directory
     * ({@code stream.state-dir}) and the thread count ({@code stream.threads}).
     */
    public static Properties properties(Settings s, StreamTopics topics) {
        Properties p = new Properties();
        if (!s.has(KafkaKeys.PREFIX + ProducerConfig.COMPRESSION_TYPE_CONFIG)
                && !s.has(KafkaKeys.PREFIX + StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG))) {
            // fewer bytes to the broker for changelogs and outputs
            p.put(StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG), "lz4");
        }
        // commits (transactions) twice a second: far less blocking than the 100 ms EOS default, and an
        // alert becomes visible at most this much later; kafka.commit.interval.ms overrides
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "500");
        // the benchmark profiles' global store: its processing errors go through the same handler as the
        // stream threads' (Kafka Streams warns until this is set, and makes it the default in 5.0)
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, "true");
        p.putAll(s.withPrefix(KafkaKeys.PREFIX));
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, s.get(KafkaKeys.BOOTSTRAP_SERVERS));
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, s.get(APPLICATION_ID));
        String stateDir = s.get(STATE_DIR);
        if (stateDir != null) {
            p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        }
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, Integer.toString(s.get(THREADS)));
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        p.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterHandler.class.getName());
        p.put(DeadLetterHandler.TOPIC_CONFIG, topics.deadLetters());
        return p;
    }

    public static StreamApp start(Settings settings, StreamConfig config, StreamSerdes serdes, Runnable onFatalError) {
        KafkaStreams streams = new KafkaStreams(StreamTopology.build(config, serdes), properties(settings, config.topics()));
        streams.setStateListener((now, before) -> log.info("stream processor {} -> {}", before, now));
        streams.setUncaughtExceptionHandler(e -> {
            log.error("stream processor failed", e);
            onFatalError.run();
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        streams.start();
        return new StreamApp(streams);
    }

    public KafkaStreams.State state() {
        return streams.state();
    }

    public KafkaStreams streams() {
        return streams;
    }

    /**
     * Stops and leaves the consumer group, so that a restarted or remaining instance takes the
     * partitions over at once instead of after the session timeout.
     */
    @Override
    public void close() {
        streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(Duration.ofSeconds(30)));
    }
}
