package io.raidpulse.collector.bench;

import io.raidpulse.collector.publish.ProducerSettings;
import io.raidpulse.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The footprint benchmark's second baseline: the least any JVM agent publishing through
 * kafka-clients can hold. The collector's producer settings, the same encoded HostSample sent
 * once a second and waited for, and nothing else: no sampling, spool, Avro, logging (run with
 * slf4j's no-op provider) or command line.
 *
 * <p>Arguments: bootstrap servers, topic, file holding the record value.
 */
public final class ProducerFloor {
    private ProducerFloor() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Object> config = ProducerSettings.of(Settings.of(Map.of("kafka.bootstrap.servers", args[0])), "producer-floor");
        byte[] value = Files.readAllBytes(Path.of(args[2]));
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config)) {
            while (true) {
                long next = System.nanoTime() + 1_000_000_000L;
                producer.send(new ProducerRecord<>(args[1], "producer-floor", value)).get();
                Thread.sleep(Math.max(0, (next - System.nanoTime()) / 1_000_000));
            }
        }
    }
}
