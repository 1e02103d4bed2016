package io.raidpulse.stream;

import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.KafkaSettings;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.influx.sink.InfluxSink;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.notify.NotifierRunner;
import io.raidpulse.notify.Notifiers;
import io.raidpulse.topics.KafkaClients;
import io.raidpulse.topics.StreamTopics;
import io.raidpulse.topics.alert.Alerts;
import io.raidpulse.topics.profiles.CatalogPublisher;
import io.raidpulse.topics.profiles.ProfileTopic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the {@code stream} command runs, in one deployable: the Kafka Streams topology, the
 * InfluxDB sink (when {@code influx.url} is set) and the notifiers, each a consumer of the
 * topology's output topics. Checks Kafka and InfluxDB before starting, so that a wrong address
 * is one clear line.
 */
public final class StreamService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(StreamService.class);
    /** How long the broker may take to answer at start before the address is reported as wrong ({@code stream.startup-timeout}). */
    static final Duration STARTUP_TIMEOUT = ServiceSettings.STARTUP_TIMEOUT.defaultValue();

    private final StreamApp app;
    private final InfluxConnection influx;
    private final InfluxSink sink;
    private final List<NotifierRunner> notifiers;
    private final CountDownLatch stopped;
    private final AtomicReference<Throwable> failure;
    private final String description;

    private StreamService(StreamApp app, InfluxConnection influx, InfluxSink sink, List<NotifierRunner> notifiers, String description,
                          CountDownLatch stopped, AtomicReference<Throwable> failure) {
        this.stopped = stopped;
        this.failure = failure;
        this.app = app;
        this.influx = influx;
        this.sink = sink;
        this.notifiers = notifiers;
        this.description = description;
    }

    public static StreamService start(Settings settings) {
        validate(settings);
        StreamConfig config = StreamConfig.from(settings);
        ServiceSettings service = ServiceSettings.from(settings);
        String bootstrap = settings.get(KafkaKeys.BOOTSTRAP_SERVERS);
        checkKafkaAndTopics(settings, service, config.topics());

        InfluxConnection influx = null;
        SinkSettings sinkSettings = null;
        if (InfluxSettings.configured(settings) && service.sinkEnabled()) {
            sinkSettings = SinkSettings.from(settings, config.aggregates());
            influx = InfluxConnections.open(settings);
            if (sinkSettings.create() && sinkSettings.retentionPolicies()) {
                influx.ensureStorage(sinkSettings.policies());
            } else if (sinkSettings.create()) {
                influx.ensureStorage(List.of());
            }
        }
        List<Notifiers.Channel> channels = Notifiers.from(settings);

        CountDownLatch stopped = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread.UncaughtExceptionHandler onFailure = (thread, e) -> {
            failure.compareAndSet(null, e);
            stopped.countDown();
        };
        StreamApp app = StreamApp.start(settings, config, StreamSerdes.create(), () -> onFailure.uncaughtException(Thread.currentThread(),
                new IllegalStateException("the stream processor stopped on an error (see the log)")));
        InfluxSink sink = null;
        if (influx != null) {
            sink = new InfluxSink(sinkSettings, config.topics(), influx,
                    KafkaClients.consumer(settings, sinkSettings.groupId(), "raidpulse-influx-sink"),
                    KafkaClients.producer(settings, "raidpulse-influx-sink-dlq"));
        }
        List<NotifierRunner> runners = new ArrayList<>();
        Duration maxBackoff = service.notifyMaxBackoff();
        String prefix = service.notifyGroupPrefix();
        for (Notifiers.Channel c : channels) {
            runners.add(new NotifierRunner(c.name(), c.notifier(), c.route(), config.topics().incidents(), config.topics().deadLetters(),
                    prefix + c.name(), maxBackoff, KafkaClients.consumer(settings, prefix + c.name(), "raidpulse-notify-" + c.name()),
                    KafkaClients.producer(settings, "raidpulse-notify-" + c.name() + "-dlq")));
        }
        String description = "Kafka at " + bootstrap + ", reading " + config.topics().hostSamples() + "; "
                + (influx == null ? "no InfluxDB sink (influx.url not set)" : influx.toString()) + "; notifiers: "
                + (channels.isEmpty() ? "none" : String.join(", ", channels.stream()
                        .map(c -> c.name() + (c.route().all() ? "" : " (" + c.route() + ")")).toList()));
        StreamService started = new StreamService(app, influx, sink, runners, description, stopped, failure);
        if (sink != null) {
            sink.start(onFailure);
        }
        runners.forEach(r -> r.start(onFailure));
        if (service.publishCatalog()) {
            // not before the start: a first transaction delayed behind it holds a larger backlog
            CatalogPublisher.publishInBackground(new ProfileTopic(settings, startupTimeout(settings)));
        }
        log.info("raidpulse stream started: {}", description);
        return started;
    }

    private static Duration startupTimeout(Settings settings) {
        return ServiceSettings.from(settings).startupTimeout();
    }

    /**
     * Checks that the broker answers, and creates the topics that are missing ({@code topics.create},
     * default true); the benchmarks topic, which the topology reads as a global table, compacted.
     */
    static void checkKafkaAndTopics(Settings settings, ServiceSettings service, StreamTopics topics) {
        String bootstrap = settings.get(KafkaKeys.BOOTSTRAP_SERVERS);
        Duration timeout = service.startupTimeout();
        try (Admin admin = Admin.create(KafkaClients.admin(settings, "raidpulse-stream-check", timeout))) {
            admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            new ProfileTopic(settings, timeout).ensure(admin, service.createTopics()).ifPresent(log::warn);
            if (!service.createTopics()) {
                return;
            }
            Set<String> existing = admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            int partitions = service.partitions();
            short replication = service.replication();
            List<NewTopic> missing = new ArrayList<>();
            for (String t : topics.all()) {
                if (!existing.contains(t)) {
                    missing.add(new NewTopic(t, Optional.of(partitions), Optional.of(replication)));
                }
            }
            if (!missing.isEmpty()) {
                try {
                    admin.createTopics(missing).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                    log.info("created topics {}", missing.stream().map(NewTopic::name).toList());
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new UserException("cannot create topics on Kafka at " + bootstrap + ": " + e.getCause().getMessage()
                                + " (create them, or check the client's rights)", e);
                    }
                }
            }
        } catch (TimeoutException e) {
            throw notAnswering(bootstrap, timeout, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw notAnswering(bootstrap, timeout, e);
            }
            throw new UserException("Kafka at " + bootstrap + " is not usable: " + KafkaSettings.reason(e.getCause())
                    + " (check kafka.bootstrap.servers and the kafka.security.* / kafka.sasl.* settings)", e);
        } catch (KafkaException e) {
            throw KafkaSettings.clientError("Kafka client settings for " + bootstrap, e, settings);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted while checking Kafka at " + bootstrap, e);
        }
    }

    /**
     * Reads every setting the stream processor reads, with the same readers and without
     * connecting to anything: the topology's, the service's, the Kafka clients' (parsed as Kafka
     * Streams and the sink's and notifiers' clients parse them), InfluxDB's when {@code influx.url}
     * is set, the sink's and the notifier channels'. Throws the first invalid or missing one as a
     * {@link io.raidpulse.config.ConfigException} naming its key. {@link #start} calls it first,
     * so a bad setting is reported before anything connects; {@code raidpulse config check} too.
     */
    public static void validate(Settings settings) {
        StreamConfig config = StreamConfig.from(settings);
        ServiceSettings.from(settings);
        settings.get(KafkaKeys.BOOTSTRAP_SERVERS);
        Properties streams = StreamApp.properties(settings, config.topics());
        KafkaSettings.parse(StreamsConfig.configDef(), streams);
        // Kafka Streams hands the kafka.* settings to its own consumers and producers as well as the sink's and notifiers'
        Map<Object, Object> asClient = new HashMap<>(streams);
        asClient.put("key.serializer", ByteArraySerializer.class.getName());
        asClient.put("value.serializer", ByteArraySerializer.class.getName());
        asClient.put("key.deserializer", ByteArrayDeserializer.class.getName());
        asClient.put("value.deserializer", ByteArrayDeserializer.class.getName());
        KafkaSettings.parse(ConsumerConfig.configDef(), asClient);
        KafkaSettings.parse(ProducerConfig.configDef(), asClient);
        KafkaSettings.parse(ConsumerConfig.configDef(), KafkaClients.consumer(settings, "check", "check"));
        KafkaSettings.parse(ProducerConfig.configDef(), KafkaClients.producer(settings, "check"));
        // influx.* are used only with influx.url set, and checked either way
        InfluxSettings.from(InfluxSettings.configured(settings) ? settings : settings.with(InfluxSettings.URL.name(), "http://localhost:8086"));
        SinkSettings.from(settings, config.aggregates());
        Notifiers.from(settings).forEach(c -> c.notifier().close());
    }

    private static UserException notAnswering(String bootstrap, Duration timeout, Exception e) {
        return new UserException("Kafka at " + bootstrap + " did not answer within " + Alerts.duration(timeout.toMillis())
                + ": check kafka.bootstrap.servers (--bootstrap-servers) and that the broker runs", e);
    }

    public String description() {
        return description;
    }

    public StreamApp app() {
        return app;
    }

    /** The InfluxDB sink, or null without {@code influx.url}. */
    public InfluxSink sink() {
        return sink;
    }

    public List<NotifierRunner> notifiers() {
        return notifiers;
    }

    /** Blocks until {@link #close()} or a component fails; returns the failure, or null after close. */
    public Throwable awaitStop() throws InterruptedException {
        stopped.await();
        return failure.get();
    }

    @Override
    public void close() {
        stopped.countDown();
        notifiers.forEach(NotifierRunner::close);
        if (sink != null) {
            sink.close();
        }
        app.close();
        if (influx != null) {
            influx.close();
        }
    }
}
