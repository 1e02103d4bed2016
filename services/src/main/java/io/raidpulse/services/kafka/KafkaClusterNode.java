package io.raidpulse.services.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;

/**
 * One node of a {@link KafkaCluster}, in a process of its own so that it can be killed as a
 * broker dies: KRaft combined mode (broker and controller), a static voter set shared by every
 * node, and the settings a production cluster of three runs with: every internal topic
 * replicated three times, {@code min.insync.replicas} 2.
 *
 * <p>Arguments: node id, data directory, client port, controller port, the voters
 * ({@code 1@localhost:P1,2@localhost:P2,...}), the cluster id. Stops cleanly on SIGTERM.
 */
public final class KafkaClusterNode {
    static final String CONTROLLER_LISTENER = "CONTROLLER";

    private KafkaClusterNode() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 6) {
            System.err.println("usage: KafkaClusterNode NODE_ID DATA_DIR CLIENT_PORT CONTROLLER_PORT VOTERS CLUSTER_ID");
            System.exit(2);
        }
        int nodeId = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]).toAbsolutePath();
        String voters = args[4];
        Properties props = properties(nodeId, dir, Integer.parseInt(args[2]), Integer.parseInt(args[3]), voters);
        KafkaConfig config = KafkaConfig.fromProps(props, false);
        Files.createDirectories(dir);
        if (!Files.exists(dir.resolve("meta.properties"))) {
            KraftStorage.format(nodeId, args[5], dir, CONTROLLER_LISTENER);
        }
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            server.awaitShutdown();
        }, "kafka-node-shutdown"));
        server.startup();
        System.out.println("kafka node " + nodeId + " started");
        server.awaitShutdown();
    }

    static Properties properties(int nodeId, Path dir, int clientPort, int controllerPort, String voters) {
        int nodes = voters.split(",").length;
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", Integer.toString(nodeId));
        p.put("controller.quorum.voters", voters);
        p.put("listeners", "PLAINTEXT://localhost:" + clientPort + "," + CONTROLLER_LISTENER + "://localhost:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://localhost:" + clientPort);
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", dir.toString());
        p.put("metadata.log.dir", dir.toString());
        EmbeddedKafka.replication(p, Math.min(3, nodes), Math.min(2, nodes), 6);
        p.put("num.partitions", "6");
        // a dead peer is noticed within seconds, not the production default's 9 s + 18 s
        p.put("broker.session.timeout.ms", "6000");
        p.put("broker.heartbeat.interval.ms", "1000");
        p.put("log.segment.bytes", Integer.toString(16 * 1024 * 1024));
        return p;
    }
}
