package io.raidpulse.services.kafka;

import io.raidpulse.config.UserException;
import io.raidpulse.services.Ports;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kafka cluster of several nodes on this machine, each a {@link KafkaClusterNode} in a
 * process of its own (KRaft combined mode, one shared voter set), so that a test can kill one
 * with SIGKILL as a machine dies, start it again on its data, and watch the others carry on.
 * Internal topics and new topics are replicated three times with {@code min.insync.replicas} 2,
 * as a production cluster of three is run.
 *
 * <p>The nodes run on this JVM's class path (the tests' own); their output goes to
 * {@code node-N.log} in the cluster's directory.
 */
public final class KafkaCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaCluster.class);
    /** A node's start, or the whole cluster's, is reported as a failure after this long. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final Path dir;
    private final String clusterId = Uuid.randomUuid().toString();
    private final int[] clientPorts;
    private final int[] controllerPorts;
    private final String voters;
    private final Process[] processes;

    private KafkaCluster(Path dir, int nodes) {
        this.dir = dir;
        this.clientPorts = new int[nodes];
        this.controllerPorts = new int[nodes];
        this.processes = new Process[nodes];
        Set<Integer> taken = new HashSet<>();
        for (int i = 0; i < nodes; i++) {
            clientPorts[i] = freePort(taken);
            controllerPorts[i] = freePort(taken);
        }
        List<String> v = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            v.add(nodeId(i) + "@localhost:" + controllerPorts[i]);
        }
        this.voters = String.join(",", v);
    }

    /** Starts {@code nodes} nodes with their data under {@code dir} and waits until every one is a live broker. */
    public static KafkaCluster start(Path dir, int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("a cluster needs at least one node, got " + nodes);
        }
        KafkaCluster cluster = new KafkaCluster(dir.toAbsolutePath(), nodes);
        long t0 = System.nanoTime();
        try {
            // every node at once: a controller waits for a quorum of its peers before it serves
            for (int i = 0; i < nodes; i++) {
                cluster.launch(i);
            }
            cluster.awaitBrokers(cluster.allNodeIds());
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        LOG.info("Kafka cluster of {} nodes ready on {} after {} ms", nodes, cluster.bootstrapServers(), (System.nanoTime() - t0) / 1_000_000);
        return cluster;
    }

    /** Every node's client address: a client reaches the cluster while any one of them lives. */
    public String bootstrapServers() {
        List<String> out = new ArrayList<>();
        for (int port : clientPorts) {
            out.add("localhost:" + port);
        }
        return String.join(",", out);
    }

    public int size() {
        return processes.length;
    }

    /** The broker id of node {@code index} (0-based): index + 1. */
    public static int nodeId(int index) {
        return index + 1;
    }

    /** Kills node {@code index} with SIGKILL, as a machine dies: no controlled shutdown, no flush. */
    public void kill(int index) {
        Process p = processes[index];
        if (p != null) {
            p.destroyForcibly();
            waitFor(p, index);
            processes[index] = null;
            LOG.info("Kafka node {} killed", nodeId(index));
        }
    }

    /** Stops node {@code index} with SIGTERM: a controlled shutdown that hands its leaderships over first. */
    public void stop(int index) {
        Process p = processes[index];
        if (p != null) {
            p.destroy();
            waitFor(p, index);
            processes[index] = null;
            LOG.info("Kafka node {} stopped", nodeId(index));
        }
    }

    /** Starts node {@code index} again on its data and ports, and waits until it is a live broker again. */
    public void restart(int index) {
        if (processes[index] != null) {
            throw new IllegalStateException("Kafka node " + nodeId(index) + " is running");
        }
        launch(index);
        awaitBrokers(Set.of(nodeId(index)));
        LOG.info("Kafka node {} is back", nodeId(index));
    }

    public boolean isRunning(int index) {
        return processes[index] != null && processes[index].isAlive();
    }

    /** An admin client of the cluster; the caller closes it. */
    public Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000));
    }

    /** Creates a topic replicated on up to three nodes (min.insync.replicas 2 from the nodes' default). */
    public void createTopic(String name, int partitions, Map<String, String> config) {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) Math.min(3, size())).configs(config))).all()
                    .get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating " + name, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot create topic " + name + ": " + e.getMessage(), e);
        }
    }

    /** The last lines a node wrote, for a failure's message. */
    public String logTail(int index, int lines) {
        try {
            List<String> all = Files.readAllLines(log(index), StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        for (int i = 0; i < processes.length; i++) {
            Process p = processes[i];
            if (p != null) {
                p.destroy();
            }
        }
        for (int i = 0; i < processes.length; i++) {
            Process p = processes[i];
            if (p != null) {
                try {
                    if (!p.waitFor(30, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    p.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
                processes[i] = null;
            }
        }
    }

    private void launch(int index) {
        Path data = dir.resolve("node-" + nodeId(index));
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms64m", "-Xmx512m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                KafkaClusterNode.class.getName(), Integer.toString(nodeId(index)), data.toString(),
                Integer.toString(clientPorts[index]), Integer.toString(controllerPorts[index]), voters, clusterId);
        try {
            Files.createDirectories(dir);
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log(index).toFile()));
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            pb.environment().remove("JDK_JAVA_OPTIONS");
            processes[index] = pb.start();
        } catch (IOException e) {
            throw new UserException("cannot start Kafka node " + nodeId(index) + ": " + e.getMessage(), e);
        }
    }

    private Path log(int index) {
        return dir.resolve("node-" + nodeId(index) + ".log");
    }

    private Set<Integer> allNodeIds() {
        Set<Integer> ids = new HashSet<>();
        for (int i = 0; i < processes.length; i++) {
            ids.add(nodeId(i));
        }
        return ids;
    }

    /** Waits until every node in {@code ids} is a registered, unfenced broker the cluster describes. */
    private void awaitBrokers(Set<Integer> ids) {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        Exception last = null;
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000))) {
            while (System.nanoTime() < deadline) {
                for (int i = 0; i < processes.length; i++) {
                    if (ids.contains(nodeId(i)) && (processes[i] == null || !processes[i].isAlive())) {
                        throw new UserException("Kafka node " + nodeId(i) + " exited while starting:\n" + logTail(i, 30));
                    }
                }
                try {
                    Set<Integer> live = admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).stream().map(Node::id)
                            .collect(Collectors.toSet());
                    if (live.containsAll(ids)) {
                        return;
                    }
                } catch (ExecutionException | TimeoutException e) {
                    last = e;
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the Kafka cluster", e);
        }
        throw new UserException("Kafka nodes " + ids + " did not become live brokers within " + READY_TIMEOUT.toSeconds() + " s"
                + (last == null ? "" : ": " + last.getMessage()));
    }

    private static void waitFor(Process p, int index) {
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping Kafka node " + nodeId(index), e);
        }
    }

    private static int freePort(Set<Integer> taken) {
        int port;
        do {
            port = Ports.free();
        } while (!taken.add(port));
        return port;
    }
}
