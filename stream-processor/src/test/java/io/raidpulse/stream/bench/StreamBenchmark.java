package io.raidpulse.stream.bench;

import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.AlertKind;
import io.raidpulse.schema.AlertState;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.bench.BenchArgs;
import io.raidpulse.topics.bench.BenchSamples;
import io.raidpulse.topics.testing.HostFeed;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Throughput and alert latency of the real topology on the embedded broker (stream-processor/README.md, "Performance").
 *
 * <ol>
 *   <li>Throughput: HostSamples of 16 disks and 2 md arrays each are put on the input topic; in
 *       the same run, a plain consumer reads and decodes them all (the raw rate), then the stream
 *       processor works through the same records under exactly_once_v2. Rates are in
 *       device-samples per second (16 per HostSample).</li>
 *   <li>Latency: hosts send one sample per second in real time while part of them turn
 *       saturated; the time from sending a host's first saturated sample to reading its FIRING
 *       alert (read_committed) is measured per host.</li>
 * </ol>
 *
 * Arguments (all optional): {@code hostSamples=N} (throughput run, default 30000),
 * {@code threads=N} (stream threads, default 2), {@code liveHosts=N} (default 3200: 51,200 device-samples/s),
 * {@code liveSeconds=N} (default 50), {@code sustain=30s} (the default saturation sustain time).
 */
public final class StreamBenchmark {
    static final int DISKS = BenchSamples.DISKS;
    /** Arguments with a dot are settings for the stream processor, e.g. kafka.commit.interval.ms=500. */
    static final Map<String, String> extra = new HashMap<>();

    public static void main(String[] args) throws Exception {
        Map<String, String> a = BenchArgs.parse(args);
        int hostSamples = Integer.parseInt(a.getOrDefault("hostSamples", "30000"));
        int threads = Integer.parseInt(a.getOrDefault("threads", "2"));
        int liveHosts = Integer.parseInt(a.getOrDefault("liveHosts", "3200"));
        int liveSeconds = Integer.parseInt(a.getOrDefault("liveSeconds", "50"));
        String sustain = a.getOrDefault("sustain", "30s");
        extra.clear();
        a.forEach((k, v) -> {
            if (k.contains(".")) {
                extra.put(k, v);
            }
        });

        Path dir = Files.createTempDirectory("raidpulse-bench");
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
            run(kafka, dir, hostSamples, threads, liveHosts, liveSeconds, sustain);
        } finally {
            try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    static void run(EmbeddedKafka kafka, Path dir, int hostSamples, int threads, int liveHosts, int liveSeconds, String sustain)
            throws Exception {
        kafka.createTopic("bench.in", 2, Map.of());
        System.out.printf(Locale.ROOT, "%d cores, Java %s, %d HostSamples of %d disks + 2 arrays%n",
                Runtime.getRuntime().availableProcessors(), Runtime.version(), hostSamples, DISKS);

        int sent = BenchSamples.produce(kafka.bootstrapServers(), "bench.in", hostSamples);
        double raw = rawRate(kafka.bootstrapServers(), "bench.in", sent);
        double topo = topologyRate(kafka, dir, "bench.in", sent, threads);
        System.out.printf(Locale.ROOT, "raw consume+decode: %,.0f device-samples/s%n", raw);
        System.out.printf(Locale.ROOT, "topology (exactly_once_v2, %d threads): %,.0f device-samples/s = %.0f%% of raw%n",
                threads, topo, 100 * topo / raw);

        kafka.createTopic("live.in", 2, Map.of());
        latency(kafka, dir, liveHosts, liveSeconds, sustain, threads);
    }

    /** Reads every record from the start and decodes it: what any consumer of the topic pays. */
    static double rawRate(String bootstrap, String topic, int count) {
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> parts = c.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            long devices = 0;
            int read = 0;
            long start = System.nanoTime();
            while (read < count) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
                    HostSample s = codec.decode(topic, r.value());
                    devices += s.getDevices().size() - s.getArrays().size();
                    read++;
                }
            }
            return devices / ((System.nanoTime() - start) / 1e9);
        }
    }

    static Map<String, String> settings(EmbeddedKafka kafka, Path dir, String app, String input, int threads) {
        Map<String, String> s = new HashMap<>();
        s.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        s.put("stream.application-id", app);
        s.put("stream.state-dir", dir.resolve(app).toString());
        s.put("stream.threads", Integer.toString(threads));
        s.put("topics.host-samples", input);
        s.put("topics.alerts", app + ".alerts");
        s.put("topics.incidents", app + ".incidents");
        s.put("topics.aggregates", app + ".aggregates");
        s.put("topics.dead-letters", app + ".dead-letters");
        s.put("topics.partitions", "2");
        s.put("notify.channels", "");
        s.putAll(extra);
        return s;
    }

    static double topologyRate(EmbeddedKafka kafka, Path dir, String topic, int count, int threads) throws Exception {
        try (StreamService service = StreamService.start(Settings.of(settings(kafka, dir, "bench-throughput", topic, threads)));
             Admin admin = kafka.admin()) {
            long first = 0;
            long firstAt = 0;
            while (true) {
                long c = committed(admin, "bench-throughput", topic);
                long now = System.nanoTime();
                if (first == 0 && c > 0) {
                    first = c;
                    firstAt = now;
                }
                if (c >= count) {
                    return (double) (c - first) * DISKS / ((now - firstAt) / 1e9);
                }
                Thread.sleep(50);
            }
        }
    }

    static long committed(Admin admin, String group, String topic) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                .get(10, TimeUnit.SECONDS);
        return offsets.entrySet().stream().filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                .mapToLong(e -> e.getValue().offset()).sum();
    }

    /**
     * Hosts send one sample per second with sample_time = now; every tenth host turns saturated
     * at a staggered second; per host: FIRING alert read minus first saturated sample sent.
     */
    static void latency(EmbeddedKafka kafka, Path dir, int hosts, int seconds, String sustain, int threads) throws Exception {
        Map<String, String> s = settings(kafka, dir, "bench-latency", "live.in", threads);
        s.put("saturation.sustain", sustain);
        Map<String, Long> hotSentAt = new ConcurrentHashMap<>();
        Map<String, Long> firedReadAt = new ConcurrentHashMap<>();
        try (StreamService service = StreamService.start(Settings.of(s))) {
            Thread reader = new Thread(() -> readFirings(kafka.bootstrapServers(), "bench-latency.alerts", firedReadAt));
            reader.setDaemon(true);
            reader.start();
            long start = System.currentTimeMillis();
            List<HostFeed> feeds = new ArrayList<>();
            for (int h = 0; h < hosts; h++) {
                feeds.add(new HostFeed("live" + h, start, 1000));
            }
            SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
            try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    kafka.bootstrapServers(), ProducerConfig.LINGER_MS_CONFIG, "5"), new ByteArraySerializer(), new ByteArraySerializer())) {
                for (int second = 0; second < seconds; second++) {
                    long tick = start + second * 1000L;
                    for (int h = 0; h < hosts; h++) {
                        long due = tick + (long) h * 1000 / hosts;
                        long wait = due - System.currentTimeMillis();
                        if (wait > 0) {
                            Thread.sleep(wait);
                        }
                        String host = "live" + h;
                        boolean hot = h % 10 == 0 && second >= 3 + (h / 10) % 10;
                        HostSample sample = BenchSamples.sample(feeds.get(h), hot ? 99 : 30, second);
                        long sentAt = System.currentTimeMillis();
                        p.send(new ProducerRecord<>("live.in", host.getBytes(StandardCharsets.UTF_8), codec.encode(sample)));
                        if (hot) {
                            hotSentAt.putIfAbsent(host, sentAt);
                        }
                    }
                }
                p.flush();
            }
            long deadline = System.currentTimeMillis() + 20_000;
            while (firedReadAt.keySet().containsAll(hotSentAt.keySet()) == false && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
            }
            // the reader stops before the broker does, not polling a closed port
            reader.interrupt();
            reader.join(10_000);
        }
        long[] latencies = hotSentAt.entrySet().stream().filter(e -> firedReadAt.containsKey(e.getKey()))
                .mapToLong(e -> firedReadAt.get(e.getKey()) - e.getValue()).sorted().toArray();
        int missing = hotSentAt.size() - latencies.length;
        double rate = hosts * (double) DISKS;
        System.out.printf(Locale.ROOT, "latency at %,.0f device-samples/s live (%d hosts x 1 sample/s), sustain %s: %d episodes, "
                        + "first saturated sample -> FIRING read: p50 %.2f s, p99 %.2f s, max %.2f s%s%n",
                rate, hosts, sustain, latencies.length, pct(latencies, 0.50) / 1000.0, pct(latencies, 0.99) / 1000.0,
                latencies.length == 0 ? 0 : latencies[latencies.length - 1] / 1000.0,
                missing == 0 ? "" : " (" + missing + " without an alert)");
    }

    static double pct(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.max(0, Math.ceil(q * sorted.length) - 1)];
    }

    static void readFirings(String bootstrap, String topic, Map<String, Long> firedReadAt) {
        SingleObjectCodec<Alert> codec = AvroSerdes.codec(Alert.class);
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed", ConsumerConfig.GROUP_ID_CONFIG, "bench-reader",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            c.subscribe(List.of(topic));
            while (!Thread.currentThread().isInterrupted()) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(50))) {
                    Alert alert = codec.decode(topic, r.value());
                    if (alert.getKind() == AlertKind.SATURATION && alert.getState() == AlertState.FIRING && alert.getSubject().equals("sda")) {
                        firedReadAt.putIfAbsent(alert.getHost(), System.currentTimeMillis());
                    }
                }
            }
        } catch (org.apache.kafka.common.errors.InterruptException e) {
            Thread.currentThread().interrupt();
        }
    }

}
