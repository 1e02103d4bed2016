package io.raidpulse.influx.bench;

import io.raidpulse.config.Settings;
import io.raidpulse.influx.InfluxConnection;
import io.raidpulse.influx.InfluxConnections;
import io.raidpulse.influx.sink.InfluxPoints;
import io.raidpulse.influx.sink.InfluxSink;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.topics.KafkaClients;
import io.raidpulse.topics.StreamTopics;
import io.raidpulse.topics.aggregate.AggregateSettings;
import io.raidpulse.topics.bench.BenchArgs;
import io.raidpulse.topics.bench.BenchSamples;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * The InfluxDB sink's rate against InfluxDB's own, in the same run (README "Performance").
 *
 * <p>HostSamples of 16 disks and 2 md arrays ({@link BenchSamples#sample}, as StreamBenchmark puts them) are put on the
 * host-samples topic once; the points they make with {@code sink.raw-samples} (18 per sample) are
 * the workload. Each round, into a fresh database of the same local influxd:
 * <ol>
 *   <li>the baseline: those points as line protocol, POSTed in batches of {@code sink.batch-size}
 *       to {@code /write} by a plain HTTP client, one batch after the other;</li>
 *   <li>the sink: the real {@link InfluxSink} (consume, decode, build the points, write, commit
 *       the offsets) reading the topic from the start.</li>
 * </ol>
 * Both rates are counted from the first batch InfluxDB acknowledged to the last, so neither
 * includes its start-up (the sink's consumer group join); the sink's rate with its start-up is
 * printed too. Rounds repeat, taking turns at which of the two goes first, and the ratio of the
 * medians is the figure.
 *
 * <p>Arguments (all optional): {@code samples=N} (default 20000), {@code rounds=N} (default 3),
 * {@code batch=N} (sink.batch-size, default 5000).
 */
public final class SinkBenchmark {

    public static void main(String[] args) throws Exception {
        Map<String, String> a = BenchArgs.parse(args);
        int samples = Integer.parseInt(a.getOrDefault("samples", "20000"));
        int rounds = Integer.parseInt(a.getOrDefault("rounds", "3"));
        int batch = Integer.parseInt(a.getOrDefault("batch", "5000"));
        Path influxd = InfluxServer.findInfluxd().orElseThrow(() -> new IllegalStateException("influxd: " + InfluxServer.HOW_TO_GET_ONE));
        Path dir = Files.createTempDirectory("raidpulse-sink-bench");
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"));
             InfluxServer influx = InfluxServer.startLocal(influxd, dir.resolve("influx"), 0)) {
            StreamTopics topics = StreamTopics.DEFAULTS;
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic(topics.hostSamples(), 1, (short) 1), new NewTopic(topics.alerts(), 1, (short) 1),
                        new NewTopic(topics.aggregates(), 1, (short) 1), new NewTopic(topics.deadLetters(), 1, (short) 1))).all().get();
            }
            BenchSamples.produce(kafka.bootstrapServers(), topics.hostSamples(), samples);
            List<String> lines = lines(kafka.bootstrapServers(), topics.hostSamples(), samples);
            System.out.printf(Locale.ROOT, "sink benchmark: %,d HostSamples (16 disks, 2 arrays) = %,d points, batches of %,d, influxd %s%n",
                    samples, lines.size(), batch, influx.version());

            double[] raw = new double[rounds];
            double[] sink = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                Settings settings = settings(kafka, influx, "bench_raw_" + r, "raw" + r, batch);
                try (InfluxConnection db = InfluxConnections.open(settings)) {
                    db.ensureStorage(SinkSettings.from(settings, AggregateSettings.DEFAULTS).policies());
                }
                // the first of the two may find influxd still compacting the previous round: take turns
                if (r % 2 == 0) {
                    raw[r] = rawPost(influx.url(), "bench_raw_" + r, lines, batch);
                    sink[r] = sinkRate(kafka, influx, "bench_sink_" + r, "sink" + r, batch, lines.size());
                } else {
                    sink[r] = sinkRate(kafka, influx, "bench_sink_" + r, "sink" + r, batch, lines.size());
                    raw[r] = rawPost(influx.url(), "bench_raw_" + r, lines, batch);
                }
                System.out.printf(Locale.ROOT, "round %d: raw POST %,.0f points/s, sink %,.0f points/s (%.0f%%)%n",
                        r + 1, raw[r], sink[r], 100 * sink[r] / raw[r]);
            }
            double rawMedian = median(raw);
            double sinkMedian = median(sink);
            System.out.printf(Locale.ROOT, "sink: %,.0f points/s, %.0f%% of a raw line-protocol POST of the same points to the same influxd (%,.0f/s); "
                    + "medians of %d rounds%n", sinkMedian, 100 * sinkMedian / rawMedian, rawMedian, rounds);
        }
    }

    /** What the sink writes for these records, in topic order: its own point builder. */
    static List<String> lines(String bootstrap, String topic, int count) {
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        InfluxPoints points = new InfluxPoints(true);
        List<String> out = new ArrayList<>();
        Settings s = Settings.of(Map.of("kafka.bootstrap.servers", bootstrap));
        Map<String, Object> props = KafkaClients.consumer(s, "sink-bench-lines", "sink-bench-lines");
        props.put("auto.offset.reset", "earliest");
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(props)) {
            c.subscribe(List.of(topic));
            int read = 0;
            while (read < count) {
                ConsumerRecords<byte[], byte[]> records = c.poll(Duration.ofMillis(500));
                for (ConsumerRecord<byte[], byte[]> r : records) {
                    for (InfluxPoints.Line line : points.sample(codec.decode(topic, r.value()))) {
                        if (!InfluxPoints.RP_RAW.equals(line.retentionPolicy())) {
                            throw new IllegalStateException("a raw sample's point outside the raw policy: " + line);
                        }
                        out.add(line.text());
                    }
                    read++;
                }
            }
        }
        return out;
    }

    /** The baseline: the same lines POSTed to /write one batch after the other; points per second. */
    static double rawPost(String url, String database, List<String> lines, int batch) throws Exception {
        // HTTP/1.1 as the sink's client speaks it: no h2c upgrade attempt on the first request
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI write = URI.create(url + "/write?precision=ms&rp=" + InfluxPoints.RP_RAW + "&db=" + URLEncoder.encode(database, StandardCharsets.UTF_8));
        long first = 0;
        int firstCount = 0;
        for (int from = 0; from < lines.size(); from += batch) {
            List<String> part = lines.subList(from, Math.min(lines.size(), from + batch));
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(write).POST(HttpRequest.BodyPublishers.ofString(String.join("\n", part))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 204) {
                throw new IllegalStateException("influxd refused the baseline write: HTTP " + answer.statusCode() + " " + answer.body());
            }
            if (from == 0) {
                first = System.nanoTime();
                firstCount = part.size();
            }
        }
        return (lines.size() - firstCount) / ((System.nanoTime() - first) / 1e9);
    }

    /** The real sink from the start of the topic into {@code database}; points per second once the first batch is acknowledged. */
    static double sinkRate(EmbeddedKafka kafka, InfluxServer influx, String database, String group, int batch, int expected) throws Exception {
        Settings settings = settings(kafka, influx, database, group, batch);
        SinkSettings sinkSettings = SinkSettings.from(settings, AggregateSettings.DEFAULTS);
        try (InfluxConnection db = InfluxConnections.open(settings)) {
            db.ensureStorage(sinkSettings.policies());
            Map<String, Object> consumer = KafkaClients.consumer(settings, sinkSettings.groupId(), "sink-bench");
            try (InfluxSink sink = new InfluxSink(sinkSettings, StreamTopics.DEFAULTS, db, consumer, KafkaClients.producer(settings, "sink-bench-dlq"))) {
                long start = System.nanoTime();
                sink.start((t, e) -> e.printStackTrace());
                long[] first = awaitFirst(sink::pointsWritten, Duration.ofMinutes(2));
                long end = awaitAll(sink::pointsWritten, expected, Duration.ofMinutes(10));
                if (sink.pointsRefused() > 0) {
                    throw new IllegalStateException("influxd refused " + sink.pointsRefused() + " of the sink's points");
                }
                System.out.printf(Locale.ROOT, "  sink with its start-up (group join): %,.0f points/s%n", expected / ((end - start) / 1e9));
                return (expected - first[1]) / ((end - first[0]) / 1e9);
            }
        }
    }

    /** The moment the first points were acknowledged and how many they were. */
    private static long[] awaitFirst(LongSupplier written, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            long n = written.getAsLong();
            if (n > 0) {
                return new long[] {System.nanoTime(), n};
            }
            Thread.sleep(0, 200_000);
        }
        throw new IllegalStateException("the sink wrote nothing within " + timeout);
    }

    private static long awaitAll(LongSupplier written, long expected, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            long n = written.getAsLong();
            if (n >= expected) {
                if (n > expected) {
                    throw new IllegalStateException("the sink wrote " + n + " points, expected " + expected);
                }
                return System.nanoTime();
            }
            Thread.sleep(0, 200_000);
        }
        throw new IllegalStateException("the sink wrote " + written.getAsLong() + " of " + expected + " points within " + timeout);
    }

    static Settings settings(EmbeddedKafka kafka, InfluxServer influx, String database, String group, int batch) {
        Map<String, String> s = new HashMap<>();
        s.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        s.put("influx.url", influx.url());
        s.put("influx.database", database);
        s.put("sink.raw-samples", "true");
        s.put("sink.group-id", group);
        s.put("sink.batch-size", Integer.toString(batch));
        return Settings.of(s);
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
