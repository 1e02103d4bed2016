package io.raidpulse.services.kafka;

import io.raidpulse.config.UserException;
import io.raidpulse.services.Ports;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kafka broker in this JVM: {@code kafka.server.KafkaRaftServer} in KRaft combined mode
 * (broker and controller in one node), its own log directory, loopback ports. Starts in about
 * two seconds; a second start on the same directory reuses its data and its ports (kept in
 * {@code raidpulse-ports.properties} there), so clients configured earlier still connect.
 *
 * <p>Single-node settings: every internal topic has replication factor 1 and few partitions,
 * so exactly-once transactions and consumer groups start quickly.
 */
public final class EmbeddedKafka implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);
    private static final String PORTS_FILE = "raidpulse-ports.properties";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final int NODE_ID = 1;
    /** Bounds how long start-up may take before it is reported as a failure. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final Path logDir;
    private final int brokerPort;
    private final int controllerPort;
    private final Map<String, String> overrides;
    private KafkaRaftServer server;

    private EmbeddedKafka(Path logDir, int brokerPort, int controllerPort, Map<String, String> overrides) {
        this.logDir = logDir;
        this.brokerPort = brokerPort;
        this.controllerPort = controllerPort;
        this.overrides = Map.copyOf(overrides);
    }

    /** Starts a broker with its data in {@code dataDir} on free ports (or the ports it used before there). */
    public static EmbeddedKafka start(Path dataDir) {
        return start(dataDir, 0, Map.of());
    }

    /**
     * Starts a broker with its data in {@code dataDir}, clients on {@code port} (0: the port used
     * before in that directory, else a free one), and extra broker settings.
     */
    public static EmbeddedKafka start(Path dataDir, int port, Map<String, String> brokerOverrides) {
        Path logDir = dataDir.toAbsolutePath();
        Properties remembered = readPorts(logDir);
        int broker = port > 0 ? port : Integer.parseInt(remembered.getProperty("broker", "0"));
        int controller = Integer.parseInt(remembered.getProperty("controller", "0"));
        if (broker <= 0 || !Ports.isFree(broker)) {
            if (port > 0) {
                throw new UserException("cannot start the Kafka broker: port " + port + " is in use");
            }
            broker = Ports.free();
        }
        if (controller <= 0 || controller == broker || !Ports.isFree(controller)) {
            do {
                controller = Ports.free();
            } while (controller == broker);
        }
        EmbeddedKafka kafka = new EmbeddedKafka(logDir, broker, controller, brokerOverrides);
        kafka.startServer();
        return kafka;
    }

    /** {@code localhost:port} for clients. */
    public String bootstrapServers() {
        return "localhost:" + brokerPort;
    }

    public int port() {
        return brokerPort;
    }

    public Path logDir() {
        return logDir;
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    /** Stops the broker cleanly; its data stays for {@link #restart()}. */
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        long t0 = System.nanoTime();
        server.shutdown();
        server.awaitShutdown();
        server = null;
        LOG.info("Kafka broker on {} stopped in {} ms", bootstrapServers(), (System.nanoTime() - t0) / 1_000_000);
    }

    /** Starts the stopped broker again, same port and same data. */
    public synchronized void restart() {
        if (server == null) {
            startServer();
        }
    }

    /** Creates a topic unless it exists. */
    public void createTopic(String name, int partitions, Map<String, String> config) {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1).configs(config)))
                    .all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create topic " + name + ": " + e.getCause().getMessage(), e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted creating topic " + name, e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("timed out creating topic " + name, e);
        }
    }

    public Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000));
    }

    @Override
    public void close() {
        stop();
    }

    private synchronized void startServer() {
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new UserException("cannot create the Kafka data directory " + logDir + ": " + e.getMessage());
        }
        Properties props = brokerProperties();
        KafkaConfig config = KafkaConfig.fromProps(props, false);
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format(config);
        }
        writePorts();
        KafkaRaftServer started = new KafkaRaftServer(config, Time.SYSTEM);
        try {
            started.startup();
        } catch (RuntimeException e) {
            started.shutdown();
            throw new UserException("cannot start the Kafka broker in " + logDir + ": " + e.getMessage(), e);
        }
        server = started;
        awaitReady();
        LOG.info("Kafka broker ready on {} (data in {}) after {} ms", bootstrapServers(), logDir, (System.nanoTime() - t0) / 1_000_000);
    }

    private Properties brokerProperties() {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@localhost:" + controllerPort);
        p.put("listeners", "PLAINTEXT://localhost:" + brokerPort + "," + CONTROLLER_LISTENER + "://localhost:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://localhost:" + brokerPort);
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("metadata.log.dir", logDir.toString());
        // one node: every internal topic with a single replica, and few partitions for a fast start
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "4");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "4");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("num.partitions", "1");
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        p.put("auto.create.topics.enable", "true");
        // this is a development/test broker: bounded disk use
        p.put("log.retention.hours", "168");
        p.put("log.segment.bytes", String.valueOf(64 * 1024 * 1024));
        p.putAll(overrides);
        return p;
    }

    private void format(KafkaConfig config) {
        try {
            new Formatter()
                    .setPrintStream(new java.io.PrintStream(OutputStream.nullOutputStream()))
                    .setNodeId(NODE_ID)
                    .setClusterId(Uuid.randomUuid().toString())
                    .setDirectories(List.of(logDir.toString()))
                    .setMetadataLogDirectory(logDir.toString())
                    .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .setControllerListenerName(CONTROLLER_LISTENER)
                    .setUnstableFeatureVersionsEnabled(false)
                    .run();
        } catch (Exception e) {
            throw new UserException("cannot format Kafka storage in " + logDir + ": " + e.getMessage(), e);
        }
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        Exception last = null;
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000))) {
            while (System.nanoTime() < deadline) {
                try {
                    if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
                        return;
                    }
                } catch (ExecutionException | TimeoutException e) {
                    last = e;
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stop();
        throw new UserException("the Kafka broker in " + logDir + " did not become ready within "
                + READY_TIMEOUT.toSeconds() + " s" + (last == null ? "" : ": " + last.getMessage()));
    }

    private static Properties readPorts(Path logDir) {
        Properties p = new Properties();
        Path file = logDir.resolve(PORTS_FILE);
        if (Files.isRegularFile(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException | IllegalArgumentException e) {
                LOG.warn("ignoring unreadable {}: {}", file, e.getMessage());
            }
        }
        return p;
    }

    private void writePorts() {
        Properties p = new Properties();
        p.put("broker", String.valueOf(brokerPort));
        p.put("controller", String.valueOf(controllerPort));
        try (OutputStream out = Files.newOutputStream(logDir.resolve(PORTS_FILE))) {
            p.store(out, "ports of the raidpulse embedded broker; reused when it starts again on this directory");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
