package io.raidpulse.launcher.fleet;

import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.publish.ProducerSettings;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ScenarioParser;
import io.raidpulse.stream.StreamApp;
import io.raidpulse.stream.StreamService;
import io.raidpulse.topics.StreamTopics;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * Hosts per stream core, state per host and sample-to-InfluxDB latency for a fleet (README
 * "Performance", DEPLOYMENT.md "Sizing a fleet"). Not a test: {@code -Pfleet-benchmark}.
 *
 * <p>For each fleet size ({@code hosts=10,100,1000,10000}; {@code hosts=none} for the latency run
 * alone), on one embedded broker:
 * <ol>
 *   <li>the fleet's HostSamples are put on a topic of its own: every host has 16 HDDs in two md
 *       arrays (md0 RAID10 of 8, md1 RAID5 of 8; a quarter of the hosts saturate md1 for a while),
 *       sampled every 10 s of sample time by the collector's own sampler over the simulator's
 *       model ({@link FleetHost}), as many intervals as make {@code samples=} records (at least
 *       {@code minIntervals=}, so that every size closes its one-minute windows). Wall time is
 *       compressed: all of it is produced first, then read as fast as it goes;</li>
 *   <li>the baseline: a plain consumer reads and Avro-decodes every record, in this thread, before
 *       the topology and again after it (the figure is both together);</li>
 *   <li>the real topology ({@link StreamService}, one stream thread, exactly_once_v2) reads the
 *       same records from the start. Rates count from the first committed offset to the last;
 *       CPU is the CPU time of the threads named after the application (the stream thread, its
 *       producer's network thread, the global thread) over the same span, the baseline's its
 *       thread's; hosts per core = host-samples per CPU second x 10 s;</li>
 *   <li>state per host: every changelog topic of the application read back to its end
 *       (read_committed), the latest value of each key kept ({@link LiveState}): the serialized
 *       bytes the in-memory stores hold, that a restore or a standby replica copies.</li>
 * </ol>
 * A warm-up fleet ({@code warmup=N} samples of 100 hosts, default 10000) goes through both first,
 * not counted. Then ({@code pacedHosts=N}, default 1000; {@code pacedMinutes=M}, default 3; 0 skips it) the
 * latency: the stream service with its InfluxDB sink ({@code sink.raw-samples=true}) into a local
 * influxd, the fleet's samples released at their sample time (real time), and per sample the time
 * from its sample time to the moment the sink's committed offset passed it ({@link AckedOffsets}:
 * the sink commits only after InfluxDB acknowledged the points, and acknowledged points are
 * queryable), the commits looked at every 50 ms; the same for each aggregate from its window's end.
 * Then ({@code floor=false} leaves it out) the floor: Kafka Streams with the same properties
 * over the same records, decoding each and logging as many bytes of state per sample as the
 * topology did, and nothing else ({@link #floor}): what any topology keeping that much state costs.
 * Arguments beginning with {@code kafka.} (say {@code kafka.producer.batch.size=65536}) go to every
 * stream service it starts, as they would from a configuration file.
 */
public final class FleetBenchmark {
    /** The collector's default interval. */
    static final long INTERVAL_S = 10;
    static final int DISKS = 16;
    /** Partitions of each run's input topic: tasks for the one stream thread. */
    static final int PARTITIONS = 2;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** {@code floor=false} leaves out the floor topology ({@link #floor}). */
    private static boolean withFloor = true;
    /** {@code kafka.*} arguments, passed to every stream service the benchmark starts (its Kafka client tuning). */
    private static final Map<String, String> streamOverrides = new HashMap<>();

    /** A rate measured over a span: records, wall and CPU nanoseconds. */
    record Rate(long records, long wallNanos, long cpuNanos) {
        double perWallSecond() {
            return records / (wallNanos / 1e9);
        }

        double perCpuSecond() {
            return records / (cpuNanos / 1e9);
        }
    }

    /** One fleet size's figures. */
    record Figures(int hosts, long samples, long produced, long producedBytes, Rate raw, Rate topology, long processCpuNanos,
                   Map<String, long[]> stores, Rate floor, String loadBefore, String loadAfter) {
        long stateBytes() {
            return stores.values().stream().mapToLong(v -> v[1]).sum();
        }

        /** Every record the changelogs hold (written by the topology, compaction aside), key and value. */
        long changelogBytes() {
            return stores.values().stream().mapToLong(v -> v[2]).sum();
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = parse(args);
        withFloor = Boolean.parseBoolean(a.getOrDefault("floor", "true"));
        a.forEach((k, v) -> {
            if (k.startsWith("kafka.")) {
                streamOverrides.put(k, v);
            }
        });
        String hostsArg = a.getOrDefault("hosts", "10,100,1000,10000");
        // hosts=none: the paced latency run alone
        int[] sizes = hostsArg.equals("none") ? new int[0] : Arrays.stream(hostsArg.split(",")).mapToInt(Integer::parseInt).toArray();
        long samples = Long.parseLong(a.getOrDefault("samples", "60000"));
        int minIntervals = Integer.parseInt(a.getOrDefault("minIntervals", "31"));
        int pacedHosts = Integer.parseInt(a.getOrDefault("pacedHosts", "1000"));
        int pacedMinutes = Integer.parseInt(a.getOrDefault("pacedMinutes", "3"));
        long warmup = Long.parseLong(a.getOrDefault("warmup", "10000"));
        // the clients' warnings about topics being created say nothing here
        if (org.slf4j.LoggerFactory.getLogger("org.apache.kafka") instanceof ch.qos.logback.classic.Logger l) {
            l.setLevel(ch.qos.logback.classic.Level.ERROR);
        }
        System.out.printf(Locale.ROOT, "fleet benchmark: %d cores, Java %s, hosts of %d HDDs in md0 RAID10x8 + md1 RAID5x8, %d s interval; "
                + "load average %s%n", Runtime.getRuntime().availableProcessors(), Runtime.version(), DISKS, INTERVAL_S, loadAverage());
        Path dir = Files.createTempDirectory("raidpulse-fleet-bench");
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
            if (warmup > 0 && sizes.length > 0) {
                // the JIT compiles the decoder, the topology and the clients before anything is counted
                Figures w = measure(kafka, dir, 100, warmup, 1, "fleetbench-warmup");
                System.out.printf(Locale.ROOT, "warm-up, not counted: %,d samples of 100 hosts, topology %,.0f host-samples per CPU s%n",
                        w.produced, w.topology.perCpuSecond());
            }
            List<Figures> all = new ArrayList<>();
            for (int hosts : sizes) {
                Figures f = measure(kafka, dir, hosts, samples, minIntervals, "fleetbench-" + hosts + "h");
                all.add(f);
                print(f);
            }
            summary(all);
            if (pacedHosts > 0 && pacedMinutes > 0) {
                Path influxd = InfluxServer.findInfluxd().orElseThrow(() -> new IllegalStateException("influxd: " + InfluxServer.HOW_TO_GET_ONE));
                try (InfluxServer influx = InfluxServer.startLocal(influxd, dir.resolve("influx"), 0)) {
                    paced(kafka, influx, dir, pacedHosts, pacedMinutes, all);
                }
            }
        } finally {
            try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> a = new HashMap<>();
        for (String arg : String.join(" ", args).trim().split("\\s+")) {
            int eq = arg.indexOf('=');
            if (eq > 0) {
                a.put(arg.substring(0, eq), arg.substring(eq + 1));
            }
        }
        return a;
    }


    static Figures measure(EmbeddedKafka kafka, Path dir, int hosts, long samples, int minIntervals, String app) throws Exception {
        String load = loadAverage();
        String input = app + ".in";
        kafka.createTopic(input, PARTITIONS, Map.of());
        int perHost = (int) Math.max(minIntervals, (samples + hosts - 1) / hosts);
        long startMs = (System.currentTimeMillis() / 1000 - perHost * INTERVAL_S - 60) * 1000;
        long produceStart = System.nanoTime();
        Fleet.Result fleet = produce(kafka.bootstrapServers(), input, plans(hosts, perHost, startMs), startMs);
        long produced = fleet.samples();
        System.out.printf(Locale.ROOT, "%,d hosts: %,d HostSamples of %,.0f bytes encoded (%d intervals, %s of sample time) produced in %.0f s%n",
                hosts, produced, fleet.bytes() / (double) produced,
                perHost, Duration.ofSeconds((perHost - 1) * INTERVAL_S).toString().substring(2).toLowerCase(Locale.ROOT),
                (System.nanoTime() - produceStart) / 1e9);
        // the baseline before and after the topology, their sum the figure: the machine's other load changes meanwhile
        Rate rawBefore = raw(kafka.bootstrapServers(), input, produced);
        long[] processCpu = new long[1];
        Rate topology = topology(kafka, dir, app, input, produced, processCpu);
        Rate rawAfter = raw(kafka.bootstrapServers(), input, produced);
        System.out.printf(Locale.ROOT, "  raw consume+decode before the topology %,.0f host-samples per CPU s, after %,.0f%n",
                rawBefore.perCpuSecond(), rawAfter.perCpuSecond());
        Rate raw = new Rate(rawBefore.records + rawAfter.records, rawBefore.wallNanos + rawAfter.wallNanos, rawBefore.cpuNanos + rawAfter.cpuNanos);
        Map<String, long[]> stores = stores(kafka, app);
        long changelogPerSample = stores.values().stream().mapToLong(v -> v[2]).sum() / produced;
        Rate floor = withFloor ? floor(kafka, dir, app + "-floor", input, produced, (int) changelogPerSample) : null;
        return new Figures(hosts, samples, produced, fleet.bytes(), raw, topology, processCpu[0], stores, floor, load, loadAverage());
    }

    /**
     * Host {@code i}'s scenario: 16 HDDs (the simulator's profile of published result D's drive),
     * md0 RAID10 of 8 and md1 RAID5 of 8 under 8 KiB random I/O at 25-55% of what they serve; every
     * fourth host takes md1 to 125-150% of it (saturation) from 40% to 70% of the run.
     */
    static String scenario(int i, String host, long durationS) {
        SplittableRandom r = new SplittableRandom(16_000_003L * i + 7);
        StringBuilder s = new StringBuilder();
        s.append("scenario ").append(host).append("\nhost ").append(host).append('\n');
        s.append("duration ").append(durationS).append("s\ninterval ").append(INTERVAL_S).append("s\nuptime 30d\ncpus 16\n");
        s.append(FleetMix.Kind.HDD.profile).append('\n');
        for (int d = 0; d < DISKS; d++) {
            s.append("disk sd").append((char) ('a' + d)).append(" profile=hdd size=16TB\n");
        }
        s.append("array md0 level=raid10 members=sda,sdb,sdc,sdd,sde,sdf,sdg,sdh chunk=512k layout=n2 bitmap=internal\n");
        s.append("array md1 level=raid5 members=sdi,sdj,sdk,sdl,sdm,sdn,sdo,sdp chunk=512k bitmap=internal\n");
        load(s, "md0", FleetMix.Layout.RAID10, 0, durationS, r, FleetMix.BASE_LOW, FleetMix.BASE_HIGH);
        if (i % 4 == 3 && durationS >= 10 * INTERVAL_S) {
            long from = durationS * 4 / 10 / INTERVAL_S * INTERVAL_S;
            long to = durationS * 7 / 10 / INTERVAL_S * INTERVAL_S;
            load(s, "md1", FleetMix.Layout.RAID5, 0, from, r, FleetMix.BASE_LOW, FleetMix.BASE_HIGH);
            load(s, "md1", FleetMix.Layout.RAID5, from, to, r, FleetMix.OVER_LOW, FleetMix.OVER_HIGH);
            load(s, "md1", FleetMix.Layout.RAID5, to, durationS, r, FleetMix.BASE_LOW, FleetMix.BASE_HIGH);
        } else {
            load(s, "md1", FleetMix.Layout.RAID5, 0, durationS, r, FleetMix.BASE_LOW, FleetMix.BASE_HIGH);
        }
        // no md events: one model step per interval, as the fleet does (loads change on whole intervals only)
        s.append("model-step ").append(INTERVAL_S).append("s\n");
        return s.toString();
    }

    private static void load(StringBuilder s, String array, FleetMix.Layout layout, long from, long to, SplittableRandom r, double low, double high) {
        if (to <= from) {
            return;
        }
        double reads = 0.6 + 0.3 * r.nextDouble();
        double ops = FleetMix.capacity(FleetMix.Kind.HDD, layout, 8, reads) * (low + (high - low) * r.nextDouble());
        s.append(String.format(Locale.ROOT, "load %s from=%ds to=%ds read=%.0f write=%.0f size=8k%n", array, from, to, ops * reads, ops * (1 - reads)));
    }

    /** The fleet's hosts, their samples spread evenly over each 10 s interval from {@code startMs}, clocks true. */
    static List<FleetMix.HostPlan> plans(int hosts, int samplesPerHost, long startMs) {
        long durationS = (samplesPerHost - 1) * INTERVAL_S;
        List<FleetMix.HostPlan> plans = new ArrayList<>(hosts);
        for (int i = 0; i < hosts; i++) {
            String host = String.format(Locale.ROOT, "bench-%05d", i);
            long phaseMs = i * INTERVAL_S * 1000 / hosts;
            String text = scenario(i, host, durationS);
            Scenario scenario = ScenarioParser.parse(text, host, host).withStart(Instant.ofEpochMilli(startMs + phaseMs));
            plans.add(new FleetMix.HostPlan(i, host, text, scenario, INTERVAL_S, phaseMs, 0, "hdd md0=raid10x8,md1=raid5x8", List.of()));
        }
        return plans;
    }

    /** Every sample of the fleet, in the order of their times, as fast as it goes, with the collector's producer settings. */
    static Fleet.Result produce(String bootstrap, String topic, List<FleetMix.HostPlan> plans, long startMs) throws InterruptedException {
        Fleet fleet = new Fleet(plans, startMs, CollectCommand.version());
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(ProducerSettings.of(settings(bootstrap), "fleet-bench"))) {
            Fleet.Result r = fleet.run((host, value) -> p.send(new ProducerRecord<>(topic, host, value), (m, e) -> {
                if (e != null) {
                    failure.compareAndSet(null, e);
                }
            }), null, () -> failure.get() != null);
            p.flush();
            if (failure.get() != null) {
                throw new IllegalStateException("a sample was not delivered: " + failure.get(), failure.get());
            }
            return r;
        }
    }

    /**
     * The baseline: every record read and decoded by a plain consumer in this thread, from the
     * first record read to the last; run before and after the topology, the two added up.
     */
    static Rate raw(String bootstrap, String topic, long count) {
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1000"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> parts = c.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            long read = 0;
            long first = 0;
            long wall0 = 0;
            long cpu0 = 0;
            long devices = 0;
            while (read < count) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
                    HostSample s = codec.decode(topic, r.value());
                    devices += s.getDevices().size();
                    read++;
                }
                if (first == 0 && read > 0) {
                    first = read;
                    wall0 = System.nanoTime();
                    cpu0 = THREADS.getCurrentThreadCpuTime();
                }
            }
            if (devices == 0) {
                throw new IllegalStateException("the samples have no devices");
            }
            return new Rate(read - first, System.nanoTime() - wall0, THREADS.getCurrentThreadCpuTime() - cpu0);
        }
    }

    static Map<String, String> streamSettings(EmbeddedKafka kafka, Path dir, String app, String input) {
        Map<String, String> s = new HashMap<>(streamOverrides);
        s.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        s.put("stream.application-id", app);
        s.put("stream.state-dir", dir.resolve(app).toString());
        s.put("stream.threads", "1");
        s.put("topics.host-samples", input);
        s.put("topics.alerts", app + ".alerts");
        s.put("topics.incidents", app + ".incidents");
        s.put("topics.aggregates", app + ".aggregates");
        s.put("topics.dead-letters", app + ".dead-letters");
        s.put("topics.partitions", Integer.toString(PARTITIONS));
        s.put("notify.channels", "");
        return s;
    }

    /** The real topology over the same records from the start; counted from the first committed offset to the last. */
    static Rate topology(EmbeddedKafka kafka, Path dir, String app, String input, long count, long[] processCpu) throws Exception {
        try (StreamService service = StreamService.start(Settings.of(streamSettings(kafka, dir, app, input)))) {
            return committedRate(kafka, app, input, count, processCpu);
        }
    }

    /**
     * {@code app}'s rate over {@code input}, from its first committed offset to the point where it
     * has committed {@code count} records: CPU time of the threads named after it (a Kafka Streams
     * application names its threads after its id), and the whole process's into {@code processCpu[0]}.
     */
    private static Rate committedRate(EmbeddedKafka kafka, String app, String input, long count, long[] processCpu) throws Exception {
        Predicate<String> ours = name -> name.contains(app);
        try (Admin admin = kafka.admin()) {
            long first = 0;
            long wall0 = 0;
            long cpu0 = 0;
            long process0 = 0;
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(30);
            while (System.nanoTime() < deadline) {
                long c = committed(admin, app, input);
                long wall = System.nanoTime();
                if (first == 0 && c > 0) {
                    first = c;
                    wall0 = wall;
                    cpu0 = cpu(ours);
                    process0 = OS.getProcessCpuTime();
                }
                if (c >= count) {
                    processCpu[0] = OS.getProcessCpuTime() - process0;
                    return new Rate(c - first, wall - wall0, cpu(ours) - cpu0);
                }
                Thread.sleep(50);
            }
            throw new IllegalStateException(app + " did not read " + count + " records within 30 minutes");
        }
    }

    /**
     * The floor under any topology that keeps as much state as raidpulse's: Kafka Streams with the
     * stream processor's own properties ({@link StreamApp#properties}: exactly_once_v2, lz4, its
     * commit interval) over the same records, each decoded as the raw path does and
     * {@code stateBytes} of it (the changelog bytes the real topology wrote per sample) put into one
     * logged in-memory store under its host, and nothing else: no validation, no detector, no
     * output. Counted as {@link #topology} is.
     */
    static Rate floor(EmbeddedKafka kafka, Path dir, String app, String input, long count, int stateBytes) throws Exception {
        Settings settings = Settings.of(streamSettings(kafka, dir, app, input));
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        AtomicLong devices = new AtomicLong();
        Topology t = new Topology();
        t.addSource("samples", Serdes.String().deserializer(), Serdes.ByteArray().deserializer(), input);
        t.addProcessor("floor", () -> new Processor<String, byte[], Void, Void>() {
            private KeyValueStore<String, byte[]> state;

            @Override
            public void init(ProcessorContext<Void, Void> context) {
                state = context.getStateStore("floor-state");
            }

            @Override
            public void process(Record<String, byte[]> r) {
                // decoded as the raw path does (which counts the devices too)
                devices.addAndGet(codec.decode(input, r.value()).getDevices().size());
                // as many bytes as the real topology logs per sample, as compressible as a sample's
                state.put(r.key(), Arrays.copyOf(r.value(), Math.min(stateBytes, r.value().length)));
            }
        }, "samples");
        t.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore("floor-state"), Serdes.String(), Serdes.ByteArray()), "floor");
        try (KafkaStreams streams = new KafkaStreams(t, StreamApp.properties(settings, StreamTopics.from(settings)))) {
            streams.start();
            Rate rate = committedRate(kafka, app, input, count, new long[1]);
            if (devices.get() == 0) {
                throw new IllegalStateException("the floor topology decoded no devices");
            }
            return rate;
        }
    }

    /** CPU time of the live threads whose name {@code ours} accepts. */
    static long cpu(Predicate<String> ours) {
        long sum = 0;
        for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (t != null && ours.test(t.getThreadName())) {
                long c = THREADS.getThreadCpuTime(t.getThreadId());
                if (c > 0) {
                    sum += c;
                }
            }
        }
        return sum;
    }

    static long committed(Admin admin, String group, String topic) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                .get(10, TimeUnit.SECONDS);
        return offsets.entrySet().stream().filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                .mapToLong(e -> e.getValue().offset()).sum();
    }

    /** Each changelog of {@code app}: {entries, serialized bytes} of its live content and the bytes of all its records, by store name. */
    static Map<String, long[]> stores(EmbeddedKafka kafka, String app) throws Exception {
        Map<String, long[]> out = new TreeMap<>();
        try (Admin admin = kafka.admin();
             KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                     ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed", ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000"),
                     new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            for (String topic : admin.listTopics().names().get(30, TimeUnit.SECONDS)) {
                if (!topic.startsWith(app + "-") || !topic.endsWith("-changelog")) {
                    continue;
                }
                List<TopicPartition> parts = c.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
                Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
                parts.forEach(p -> latest.put(p, OffsetSpec.latest()));
                Map<TopicPartition, Long> ends = new HashMap<>();
                admin.listOffsets(latest, new org.apache.kafka.clients.admin.ListOffsetsOptions(org.apache.kafka.common.IsolationLevel.READ_COMMITTED))
                        .all().get(30, TimeUnit.SECONDS).forEach((p, info) -> ends.put(p, info.offset()));
                c.assign(parts);
                c.seekToBeginning(parts);
                LiveState state = new LiveState();
                long written = 0;
                while (parts.stream().anyMatch(p -> c.position(p) < ends.get(p))) {
                    for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
                        state.apply(r.key(), r.value());
                        written += r.key().length + (r.value() == null ? 0 : r.value().length);
                    }
                }
                out.put(topic.substring(app.length() + 1, topic.length() - "-changelog".length()),
                        new long[] {state.entries(), state.bytes(), written});
            }
        }
        return out;
    }

    static void print(Figures f) {
        double hostSamplesPerCpuS = f.topology.perCpuSecond();
        System.out.printf(Locale.ROOT, "%,d hosts (%,d samples): raw consume+decode %,.0f host-samples per CPU s (%,.0f per wall s); "
                        + "topology %,.0f per CPU s of its threads (%,.0f per wall s) = %.0f%% of raw per CPU s, %.0f%% per wall s; "
                        + "hosts at 10 s per stream core: %,.0f; whole process (broker included) %.2f ms CPU per host-sample; load %s -> %s%n",
                f.hosts, f.produced, f.raw.perCpuSecond(), f.raw.perWallSecond(), hostSamplesPerCpuS, f.topology.perWallSecond(),
                100 * hostSamplesPerCpuS / f.raw.perCpuSecond(), 100 * f.topology.perWallSecond() / f.raw.perWallSecond(),
                hostSamplesPerCpuS * INTERVAL_S, f.processCpuNanos / 1e6 / f.topology.records(), f.loadBefore, f.loadAfter);
        StringBuilder s = new StringBuilder();
        f.stores.forEach((store, v) -> s.append(String.format(Locale.ROOT, " %s %.1f entries %,.0f B;", store, (double) v[0] / f.hosts, (double) v[1] / f.hosts)));
        System.out.printf(Locale.ROOT, "  state per host: %,.0f bytes in %d stores:%s%n", (double) f.stateBytes() / f.hosts, f.stores.size(), s);
        System.out.printf(Locale.ROOT, "  changelog records written: %,.0f bytes per host-sample (input %,.0f bytes per host-sample)%n",
                (double) f.changelogBytes() / f.produced, (double) f.producedBytes / f.produced);
        if (f.floor != null) {
            System.out.printf(Locale.ROOT, "  floor (the same records decoded and %,d B of state logged per sample, exactly_once_v2, nothing else): "
                            + "%,.0f host-samples per CPU s = %.0f%% of raw; the topology is %.0f%% of the floor%n",
                    f.changelogBytes() / f.produced, f.floor.perCpuSecond(), 100 * f.floor.perCpuSecond() / f.raw.perCpuSecond(),
                    100 * f.topology.perCpuSecond() / f.floor.perCpuSecond());
        }
    }

    static void summary(List<Figures> all) {
        if (all.isEmpty()) {
            return;
        }
        System.out.println();
        System.out.println("| hosts | host-samples | raw per CPU s | topology per CPU s | ratio | hosts per core at 10 s | CPU us per host-sample "
                + "| state per host | floor per CPU s | floor ratio |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (Figures f : all) {
            System.out.printf(Locale.ROOT, "| %,d | %,d | %,.0f | %,.0f | %.0f%% | %,.0f | %.0f | %,.0f B | %s | %s |%n", f.hosts, f.produced,
                    f.raw.perCpuSecond(), f.topology.perCpuSecond(), 100 * f.topology.perCpuSecond() / f.raw.perCpuSecond(),
                    f.topology.perCpuSecond() * INTERVAL_S, 1e6 / f.topology.perCpuSecond(), (double) f.stateBytes() / f.hosts,
                    f.floor == null ? "" : String.format(Locale.ROOT, "%,.0f", f.floor.perCpuSecond()),
                    f.floor == null ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * f.floor.perCpuSecond() / f.raw.perCpuSecond()));
        }
        System.out.println();
    }

    /**
     * The fleet in real time through the stream service and its sink into influxd; latencies from
     * each sample's time (and each aggregate's window end) to its acknowledgement, the first 30 s
     * (the sink's and the topology's start) not counted.
     */
    static void paced(EmbeddedKafka kafka, InfluxServer influx, Path dir, int hosts, int minutes, List<Figures> measured) throws Exception {
        String app = "fleetbench-paced";
        String input = app + ".in";
        String sinkGroup = app + "-sink";
        kafka.createTopic(input, PARTITIONS, Map.of());
        Map<String, String> s = streamSettings(kafka, dir, app, input);
        s.put("influx.url", influx.url());
        s.put("influx.database", "fleetbench");
        s.put("sink.raw-samples", "true");
        s.put("sink.group-id", sinkGroup);
        String load = loadAverage();
        int perHost = minutes * 60 / (int) INTERVAL_S + 1;
        try (StreamService service = StreamService.start(Settings.of(s)); Admin admin = kafka.admin()) {
            long startMs = (System.currentTimeMillis() / 1000 + 10 + hosts / 200) * 1000;
            Fleet fleet = new Fleet(plans(hosts, perHost, startMs), startMs, CollectCommand.version());
            AckedOffsets samples = new AckedOffsets(startMs + 30_000);
            AckedOffsets aggregates = new AckedOffsets(startMs + 30_000);
            AtomicBoolean done = new AtomicBoolean();
            Thread aggregateReader = new Thread(() -> readTimes(kafka.bootstrapServers(), app + ".aggregates", aggregates, done), "bench-aggregates");
            aggregateReader.start();
            AtomicLong acknowledged = new AtomicLong();
            Thread watcher = new Thread(() -> {
                try {
                    while (!done.get()) {
                        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(sinkGroup).partitionsToOffsetAndMetadata()
                                .get(10, TimeUnit.SECONDS);
                        long now = System.currentTimeMillis();
                        offsets.forEach((tp, o) -> {
                            if (o != null && tp.topic().equals(input)) {
                                acknowledged.addAndGet(samples.resolve(tp.partition(), o.offset(), now));
                            } else if (o != null && tp.topic().equals(app + ".aggregates")) {
                                aggregates.resolve(tp.partition(), o.offset(), now);
                            }
                        });
                        Thread.sleep(50);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    throw new IllegalStateException("reading the sink's commits", e);
                }
            }, "bench-commits");
            watcher.start();
            Predicate<String> streamThreads = name -> name.contains(app) && !name.contains("sink");
            long streamCpu0 = cpu(streamThreads);
            long sinkCpu0 = cpu(name -> name.equals("influx-sink"));
            long wall0 = System.nanoTime();
            SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
            AtomicReference<Exception> failure = new AtomicReference<>();
            Fleet.Result result;
            try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(ProducerSettings.of(settings(kafka.bootstrapServers()), "fleet-bench-paced"))) {
                result = fleet.run((host, value) -> {
                    long time = codec.decode(input, value).getSampleTime().toEpochMilli();
                    p.send(new ProducerRecord<>(input, host, value), (m, e) -> {
                        if (e != null) {
                            failure.compareAndSet(null, e);
                        } else {
                            samples.add(m.partition(), m.offset(), time);
                        }
                    });
                }, System::currentTimeMillis, () -> failure.get() != null);
                p.flush();
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a sample was not delivered: " + failure.get(), failure.get());
            }
            long wall = System.nanoTime() - wall0;
            double streamCpu = (cpu(streamThreads) - streamCpu0) / (double) wall;
            double sinkCpu = (cpu(name -> name.equals("influx-sink")) - sinkCpu0) / (double) wall;
            long deadline = System.currentTimeMillis() + 60_000;
            while (acknowledged.get() < result.samples() && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
            }
            done.set(true);
            watcher.join(15_000);
            aggregateReader.join(15_000);
            long[] ls = samples.sorted();
            long[] la = aggregates.sorted();
            double rate = hosts / (double) INTERVAL_S;
            Figures largest = measured.isEmpty() ? null : measured.get(measured.size() - 1);
            System.out.printf(Locale.ROOT, "paced: %,d hosts at 10 s in real time (%.0f HostSamples/s = %,.0f points/s with raw samples)%s, %d min; "
                            + "latest sample sent %d ms after its time; stream threads %.1f%% of a core, sink thread %.1f%%; load %s -> %s%n",
                    hosts, rate, rate * (DISKS + 2 + 2), largest == null ? "" : String.format(Locale.ROOT, ", %.1f%% of what one stream core sustained above",
                            100 * hosts / (largest.topology.perCpuSecond() * INTERVAL_S)), minutes, result.maxLateMs(), 100 * streamCpu, 100 * sinkCpu,
                    load, loadAverage());
            System.out.printf(Locale.ROOT, "  sample time -> its points acknowledged by influxd (sink commit seen): %,d samples, p50 %.2f s, p99 %.2f s, "
                            + "max %.2f s; %d not acknowledged within 60 s of the end%n", ls.length, AckedOffsets.quantile(ls, 0.5) / 1000,
                    AckedOffsets.quantile(ls, 0.99) / 1000, ls.length == 0 ? Double.NaN : ls[ls.length - 1] / 1000.0, samples.unresolved());
            System.out.printf(Locale.ROOT, "  aggregate window end -> its point acknowledged: %,d aggregates, p50 %.2f s, p99 %.2f s, max %.2f s "
                            + "(a window closes when sample time passes its end + aggregate.grace, 60 s)%n", la.length,
                    AckedOffsets.quantile(la, 0.5) / 1000, AckedOffsets.quantile(la, 0.99) / 1000, la.length == 0 ? Double.NaN : la[la.length - 1] / 1000.0);
        }
    }

    /** Each committed record of {@code topic}: its partition, offset and timestamp (an aggregate's window end). */
    static void readTimes(String bootstrap, String topic, AckedOffsets into, AtomicBoolean done) {
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed", ConsumerConfig.GROUP_ID_CONFIG, "fleetbench-times",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            c.subscribe(List.of(topic));
            while (!done.get()) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(50))) {
                    into.add(r.partition(), r.offset(), r.timestamp());
                }
            }
        }
    }

    private static Settings settings(String bootstrap) {
        return Settings.of(Map.of("kafka.bootstrap.servers", bootstrap));
    }

    /** /proc/loadavg's three averages. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }
}
