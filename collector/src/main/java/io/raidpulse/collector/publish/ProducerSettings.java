package io.raidpulse.collector.publish;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Settings;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Producer configuration: loss-averse defaults, then every {@code kafka.*} setting passed
 * through unchanged (security.protocol, sasl.*, ssl.*, compression.type, ...), so any of the
 * defaults can be overridden.
 */
public final class ProducerSettings {
    private ProducerSettings() {
    }

    public static Map<String, Object> of(Settings settings, String clientId) {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        // lz4: cheap on CPU, and HostSample's repeated field names and numbers compress well
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        // no lingering: one sample an interval has nothing to wait for, and a sample of a large host is over
        // batch.size (16 KiB) and a batch of its own anyway; while the spool is sent after an outage, the records
        // sent while earlier ones are in flight are batched regardless. 20 ms woke the producer's thread a second
        // time for every sample: 0.6-0.9 ms of CPU a second at 64 disks, a tenth of the collector's
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        // a send() waiting for metadata of an unreachable cluster gives up after this; the sample stays spooled
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        // no JMX reporter: the agent is watched through its samples, and JMX costs classes and heap on every host
        p.put(ProducerConfig.METRIC_REPORTER_CLASSES_CONFIG, "");
        // nor client-metrics push to the broker (KIP-714): its OpenTelemetry/protobuf classes cost
        // about 0.7 MiB of resident memory per host; set kafka.enable.metrics.push=true to have it
        p.put(ProducerConfig.ENABLE_METRICS_PUSH_CONFIG, "false");
        p.putAll(settings.withPrefix(KafkaKeys.PREFIX));
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        Object bootstrap = p.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
        if (bootstrap == null || bootstrap.toString().isBlank()) {
            throw new ConfigException(KafkaKeys.BOOTSTRAP_SERVERS.name(), "is required: set it or pass --bootstrap-servers host:port");
        }
        return p;
    }
}
