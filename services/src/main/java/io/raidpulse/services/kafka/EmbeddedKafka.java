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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;
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

    /** SCRAM mechanism of the SASL_SSL listener. */
    public static final String SCRAM_MECHANISM = "SCRAM-SHA-512";

    private final Path logDir;
    private final int brokerPort;
    private final int controllerPort;
    private final int saslSslPort;
    private final Options options;
    private KafkaRaftServer server;

    /**
     * How to start: client {@code port} (0: remembered or free), extra broker settings, and
     * optionally a second listener with SASL_SSL (SCRAM-SHA-512 over TLS with {@code saslSsl}'s
     * certificate) next to the plaintext one.
     */
    public record Options(int port, Map<String, String> brokerOverrides, SelfSignedTls saslSsl) {
        public Options {
            brokerOverrides = Map.copyOf(brokerOverrides);
        }

        public static Options defaults() {
            return new Options(0, Map.of(), null);
        }
    }

    private EmbeddedKafka(Path logDir, int brokerPort, int controllerPort, int saslSslPort, Options options) {
        this.logDir = logDir;
        this.brokerPort = brokerPort;
        this.controllerPort = controllerPort;
        this.saslSslPort = saslSslPort;
        this.options = options;
    }

    /** Starts a broker with its data in {@code dataDir} on free ports (or the ports it used before there). */
    public static EmbeddedKafka start(Path dataDir) {
        return start(dataDir, Options.defaults());
    }

    /**
     * Starts a broker with its data in {@code dataDir}, clients on {@code port} (0: the port used
     * before in that directory, else a free one), and extra broker settings.
     */
    public static EmbeddedKafka start(Path dataDir, int port, Map<String, String> brokerOverrides) {
        return start(dataDir, new Options(port, brokerOverrides, null));
    }

    public static EmbeddedKafka start(Path dataDir, Options options) {
        Path logDir = dataDir.toAbsolutePath();
        Properties remembered = readPorts(logDir);
        int port = options.port();
        int broker = port > 0 ? port : Integer.parseInt(remembered.getProperty("broker", "0"));
        if (broker <= 0 || !Ports.isFree(broker)) {
            if (port > 0) {
                throw new UserException("cannot start the Kafka broker: port " + port + " is in use");
            }
            broker = Ports.free();
        }
        Set<Integer> taken = new HashSet<>(List.of(broker));
        int controller = rememberedOrFree(remembered, "controller", taken);
        int saslSsl = options.saslSsl() == null ? 0 : rememberedOrFree(remembered, "sasl_ssl", taken);
        EmbeddedKafka kafka = new EmbeddedKafka(logDir, broker, controller, saslSsl, options);
        kafka.startServer();
        return kafka;
    }

    private static int rememberedOrFree(Properties remembered, String key, Set<Integer> taken) {
        int port = Integer.parseInt(remembered.getProperty(key, "0"));
        while (port <= 0 || taken.contains(port) || !Ports.isFree(port)) {
            port = Ports.free();
        }
        taken.add(port);
        return port;
    }

    /** {@code localhost:port} for clients. */
    public String bootstrapServers() {
        return "localhost:" + brokerPort;
    }

    public int port() {
        return brokerPort;
    }

    /** {@code localhost:port} of the SASL_SSL listener; only when started with {@link Options#saslSsl()}. */
    public String saslSslBootstrapServers() {
        if (saslSslPort == 0) {
            throw new IllegalStateException("this broker has no SASL_SSL listener");
        }
        return "localhost:" + saslSslPort;
    }

    /** Client settings for the SASL_SSL listener as {@code user}, ready for {@code kafka.*} passthrough. */
    public Map<String, String> saslSslClientSettings(String user, String password) {
        SelfSignedTls tls = options.saslSsl();
        return Map.of(
                "bootstrap.servers", saslSslBootstrapServers(),
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", SCRAM_MECHANISM,
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                        + user + "\" password=\"" + password + "\";",
                "ssl.truststore.location", tls.trustStore().toString(),
                "ssl.truststore.password", tls.password(),
                "ssl.truststore.type", "PKCS12");
    }

    /** Creates or updates a SCRAM-SHA-512 user for the SASL_SSL listener (through the plaintext listener). */
    public void addScramUser(String user, String password) {
        try (Admin admin = admin()) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192),
                    password))).all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot add SCRAM user " + user, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted adding SCRAM user " + user, e);
        }
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
            KraftStorage.format(NODE_ID, Uuid.randomUuid().toString(), logDir, CONTROLLER_LISTENER);
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
        String listeners = "PLAINTEXT://localhost:" + brokerPort;
        String advertised = listeners;
        String protocols = "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT";
        SelfSignedTls tls = options.saslSsl();
        if (tls != null) {
            listeners += ",SASL_SSL://localhost:" + saslSslPort;
            advertised += ",SASL_SSL://localhost:" + saslSslPort;
            protocols += ",SASL_SSL:SASL_SSL";
            p.put("sasl.enabled.mechanisms", SCRAM_MECHANISM);
            p.put("listener.name.sasl_ssl." + SCRAM_MECHANISM.toLowerCase(Locale.ROOT) + ".sasl.jaas.config",
                    "org.apache.kafka.common.security.scram.ScramLoginModule required;");
            p.put("listener.name.sasl_ssl.ssl.keystore.location", tls.keyStore().toString());
            p.put("listener.name.sasl_ssl.ssl.keystore.password", tls.password());
            p.put("listener.name.sasl_ssl.ssl.key.password", tls.password());
            p.put("listener.name.sasl_ssl.ssl.keystore.type", "PKCS12");
        }
        p.put("listeners", listeners + "," + CONTROLLER_LISTENER + "://localhost:" + controllerPort);
        p.put("advertised.listeners", advertised);
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("listener.security.protocol.map", protocols);
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("metadata.log.dir", logDir.toString());
        // one node: every internal topic with a single replica, and few partitions for a fast start
        replication(p, 1, 1, 4);
        p.put("num.partitions", "1");
        // this is a development/test broker: bounded disk use
        p.put("log.retention.hours", "168");
        p.put("log.segment.bytes", String.valueOf(64 * 1024 * 1024));
        p.putAll(options.brokerOverrides());
        return p;
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
        if (saslSslPort > 0) {
            p.put("sasl_ssl", String.valueOf(saslSslPort));
        }
        try (OutputStream out = Files.newOutputStream(logDir.resolve(PORTS_FILE))) {
            p.store(out, "ports of the raidpulse embedded broker; reused when it starts again on this directory");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The replication of the internal topics (consumer offsets, transactions, share groups) and of
     * topics created without settings, for a broker among {@code replicas} nodes: every topic
     * created automatically, no delay before a group's first rebalance (test and development brokers).
     */
    static void replication(Properties p, int replicas, int minIsr, int internalPartitions) {
        p.put("offsets.topic.replication.factor", Integer.toString(replicas));
        p.put("offsets.topic.num.partitions", Integer.toString(internalPartitions));
        p.put("transaction.state.log.replication.factor", Integer.toString(replicas));
        p.put("transaction.state.log.min.isr", Integer.toString(minIsr));
        p.put("transaction.state.log.num.partitions", Integer.toString(internalPartitions));
        p.put("share.coordinator.state.topic.replication.factor", Integer.toString(replicas));
        p.put("share.coordinator.state.topic.min.isr", Integer.toString(minIsr));
        p.put("default.replication.factor", Integer.toString(replicas));
        p.put("min.insync.replicas", Integer.toString(minIsr));
        p.put("auto.create.topics.enable", "true");
        p.put("group.initial.rebalance.delay.ms", "0");
    }
}
