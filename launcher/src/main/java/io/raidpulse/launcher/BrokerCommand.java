package io.raidpulse.launcher;

import io.raidpulse.services.kafka.EmbeddedKafka;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code raidpulse broker}: the embedded Kafka broker alone, until Ctrl-C. */
@Command(name = "broker", mixinStandardHelpOptions = true,
        description = "Run a single-node Kafka broker (KRaft) with its data in a local directory, until Ctrl-C.")
final class BrokerCommand implements Callable<Integer> {

    @Option(names = "--data-dir", defaultValue = "var/kafka", description = "Broker data directory (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--port", defaultValue = "0",
            description = "Client port; 0 reuses the port used before in the data directory, else 9092 when free, else any free port.")
    int port;

    @Override
    public Integer call() throws InterruptedException {
        int chosen = port > 0 ? port : Launch.preferredPort(dataDir, 9092);
        EmbeddedKafka kafka = EmbeddedKafka.start(dataDir, chosen, Map.of());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            kafka.stop();
            stopped.countDown();
        }, "broker-shutdown"));
        System.out.println("Kafka broker on " + kafka.bootstrapServers() + ", data in " + kafka.logDir() + " (Ctrl-C stops it)");
        stopped.await();
        return 0;
    }
}
