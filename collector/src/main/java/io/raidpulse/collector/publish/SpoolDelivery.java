package io.raidpulse.collector.publish;

import io.raidpulse.collector.collect.CollectorSettings;
import io.raidpulse.collector.spool.Spool;
import io.raidpulse.config.KafkaSettings;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;

/**
 * Delivers what a collector's spool holds without sampling: a host that was offline (a machine
 * without network, a collector that ran with its broker away), or a spool copied off a host.
 * The same {@link SpoolSender} as the collector's, so the order, the cursor and the handling of
 * refused records are the collector's own; no collector may be writing to the spool meanwhile.
 */
public final class SpoolDelivery {
    private SpoolDelivery() {
    }

    /**
     * What happened.
     *
     * @param sent      records Kafka acknowledged
     * @param complete  whether the spool is empty: every record acknowledged, or dropped as below
     * @param dropped   records the spool had already dropped (over its bound) or Kafka refused as too large
     */
    public record Result(long sent, boolean complete, long dropped) {
    }

    public static Result deliver(Settings all, Duration timeout, Function<Map<String, Object>, Producer<String, byte[]>> producers)
            throws InterruptedException {
        CollectorSettings s = CollectorSettings.from(all);
        if (!Files.isDirectory(s.spoolDir())) {
            throw new UserException("spool directory " + s.spoolDir() + " does not exist", UserException.EXIT_USAGE, null);
        }
        Map<String, Object> config = ProducerSettings.of(all, "raidpulse-send-spool");
        Spool spool;
        try {
            spool = Spool.open(s.spoolDir(), s.spoolMaxBytes(), s.spoolFsync());
        } catch (IOException e) {
            throw new UserException("spool directory " + s.spoolDir() + " cannot be read (" + e.getMessage() + ")", e);
        }
        Producer<String, byte[]> producer;
        try {
            producer = producers.apply(config);
        } catch (KafkaException e) {
            close(spool);
            throw KafkaSettings.clientError("Kafka producer settings", e, all);
        }
        Object deliveryTimeoutMs = ProducerConfig.configDef().parse(config).get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
        SpoolSender sender = new SpoolSender(spool, producer, () -> producers.apply(config),
                Duration.ofMillis(((Number) deliveryTimeoutMs).longValue()), s.topic(),
                String.valueOf(config.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG)));
        Thread thread = new Thread(sender, "raidpulse-spool-sender");
        thread.setDaemon(true);
        thread.start();
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (!spool.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        } finally {
            sender.stop();
            thread.join(5_000);
            sender.closeProducer(Duration.ofSeconds(5));
        }
        Result r = new Result(sender.sent(), spool.isEmpty(), spool.dropped() + sender.undeliverable());
        close(spool);
        return r;
    }

    private static void close(Spool spool) {
        try {
            spool.close();
        } catch (IOException e) {
            // nothing was written: the cursor is replaced atomically after each acknowledged batch
        }
    }
}
