package io.raidpulse.collector.bench;

import ch.qos.logback.classic.Level;
import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.simulator.tree.SyntheticHost;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.LoggerFactory;

/**
 * What the whole {@code collect} process costs on a host of 64 disks and 8 md arrays at a 1 s
 * interval, next to three baselines run at the same time: with the same JVM flags
 * ({@link CollectorJvmFlags}), a JVM doing nothing and a bare Kafka producer sending the
 * same encoded HostSample once a second ({@link ProducerFloor}); and Prometheus node_exporter
 * (Debian's {@code prometheus-node-exporter}) with only its diskstats and mdadm collectors,
 * every device exported, reading the same synthetic tree and scraped once a second by this
 * process, what operators compare an agent's cost with. Resident memory is read from
 * /proc/PID/status (VmRSS, VmHWM) and smaps_rollup (Pss), CPU from /proc/PID/stat over the
 * measured span. Every process is checked to be alive and the two publishers to have delivered
 * a record per second, and node_exporter's scrapes to hold every device and array of the tree, so
 * a broken run cannot pass for a lean one.
 *
 * <p>{@code ./mvnw -q -B -pl collector -am verify -Pfootprint -DskipTests}; arguments
 * (footprint.args) {@code warmup=S measure=S devices=N arrays=N}.
 */
public final class FootprintBenchmark {
    private static final String FLOOR_TOPIC = "raidpulse.footprint-floor";

    private record Measured(String name, double rssMiB, double peakMiB, double pssMiB, double cpuPercent) {
    }

    private FootprintBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>(Map.of("warmup", "60", "measure", "120", "devices", "64", "arrays", "8"));
        // Maven passes footprint.args as one argument
        for (String a : String.join(" ", args).trim().split("\\s+")) {
            if (a.isEmpty()) {
                continue;
            }
            String[] kv = a.split("=", 2);
            if (kv.length != 2 || !opts.containsKey(kv[0])) {
                throw new IllegalArgumentException("unknown argument " + a + "; known: " + opts.keySet());
            }
            opts.put(kv[0], kv[1]);
        }
        long warmup = Long.parseLong(opts.get("warmup"));
        long measure = Long.parseLong(opts.get("measure"));
        int devices = Integer.parseInt(opts.get("devices"));
        int arrays = Integer.parseInt(opts.get("arrays"));
        Path jar = Path.of("target", "raidpulse-collector.jar").toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run the package phase first");
        }
        // the embedded broker's start-up and shutdown lines would run through the results
        for (String logger : List.of(org.slf4j.Logger.ROOT_LOGGER_NAME, "org.apache.kafka")) {
            ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(logger)).setLevel(Level.ERROR);
        }
        Path work = Files.createTempDirectory("raidpulse-footprint");
        SyntheticHost host = new SyntheticHost(work.resolve("host"), devices, arrays, 1);
        AtomicBoolean ticking = new AtomicBoolean(true);
        Thread ticker = new Thread(() -> {
            while (ticking.get()) {
                try {
                    Thread.sleep(1000);
                    host.advance(1.0);
                } catch (InterruptedException | IOException e) {
                    return;
                }
            }
        }, "synthetic-host");
        ticker.setDaemon(true);
        ticker.start();
        Path payload = work.resolve("host-sample.bin");
        Files.write(payload, encodedSample(host));

        Path nodeExporter = nodeExporter();
        List<Process> started = new ArrayList<>();
        NodeExporterScraper scraper = null;
        try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"))) {
            kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
            kafka.createTopic(FLOOR_TOPIC, 1, Map.of());
            String bootstrap = kafka.bootstrapServers();
            Path testClasses = Path.of(IdleJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Map<String, Process> processes = new LinkedHashMap<>();
            processes.put("JVM doing nothing", start(work, "idle", List.of("-cp", testClasses.toString(), IdleJvm.class.getName())));
            processes.put("bare Kafka producer", start(work, "floor", List.of(
                    "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider",
                    "-cp", testClasses + ":" + jar, ProducerFloor.class.getName(), bootstrap, FLOOR_TOPIC, payload.toString())));
            processes.put("raidpulse collect", start(work, "collect", List.of("-jar", jar.toString(), "collect",
                    "--bootstrap-servers", bootstrap, "--interval", "1s", "--spool-dir", work.resolve("spool").toString(),
                    "--proc-root", host.root().resolve("proc").toString(), "--sys-root", host.root().resolve("sys").toString())));
            int port = freePort();
            processes.put("node_exporter", startNative(work, "node-exporter", List.of(nodeExporter.toString(),
                    "--web.listen-address=127.0.0.1:" + port, "--path.procfs=" + host.root().resolve("proc"),
                    "--path.sysfs=" + host.root().resolve("sys"), "--collector.disable-defaults", "--collector.diskstats",
                    "--collector.mdadm", "--collector.diskstats.device-exclude=^$")));
            started.addAll(processes.values());
            scraper = new NodeExporterScraper(port);
            scraper.start();

            System.out.printf("synthetic host: %d disks, %d md arrays; HostSample %d bytes encoded; flags: %s (MALLOC_ARENA_MAX=2)%n",
                    devices, arrays, Files.size(payload), CollectorJvmFlags.FLAGS);
            System.out.printf("warming up %d s, then measuring %d s%n", warmup, measure);
            TimeUnit.SECONDS.sleep(warmup);
            Map<String, Long> ticks0 = new LinkedHashMap<>();
            processes.forEach((name, p) -> ticks0.put(name, cpuTicks(work, name, p)));
            Map<String, Long> offsets0 = endOffsets(kafka);
            long scrapes0 = scraper.scrapes();
            long t0 = System.nanoTime();
            TimeUnit.SECONDS.sleep(measure);
            double seconds = (System.nanoTime() - t0) / 1e9;
            Map<String, Long> offsets1 = endOffsets(kafka);
            long scrapes = scraper.scrapes() - scrapes0;
            long hz = clockTicksPerSecond();
            List<Measured> results = new ArrayList<>();
            for (var e : processes.entrySet()) {
                long ticks = cpuTicks(work, e.getKey(), e.getValue()) - ticks0.get(e.getKey());
                Map<String, Long> status = kib(e.getValue(), "status");
                Map<String, Long> rollup = kib(e.getValue(), "smaps_rollup");
                results.add(new Measured(e.getKey(), status.get("VmRSS") / 1024.0, status.get("VmHWM") / 1024.0,
                        rollup.get("Pss") / 1024.0, 100.0 * ticks / hz / seconds));
            }
            checkDelivered(Topics.HOST_SAMPLES, offsets0, offsets1, seconds);
            checkDelivered(FLOOR_TOPIC, offsets0, offsets1, seconds);
            scraper.check(scrapes, seconds, devices, arrays);
            print(results, seconds, scrapes);
        } finally {
            ticking.set(false);
            if (scraper != null) {
                scraper.interrupt();
            }
            for (Process p : started) {
                p.destroy();
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
            try (var walk = Files.walk(work)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static byte[] encodedSample(SyntheticHost host) throws IOException {
        Roots roots = Roots.of(host.root());
        HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                HostInfo.identity(roots, null), CollectCommand.version(), Instant.now(),
                new BlockInventory(roots.sys(), null), System::nanoTime);
        sampler.sample(0, 0);
        host.advance(1.0);
        return AvroSerdes.codec(HostSample.class).encode(sampler.sample(1, 0));
    }

    /** Debian's prometheus-node-exporter, or a node_exporter on the PATH. */
    private static Path nodeExporter() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            for (String name : List.of("prometheus-node-exporter", "node_exporter")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        throw new IllegalStateException("node_exporter, the baseline, is not on the PATH: apt-get install -y prometheus-node-exporter");
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static Process startNative(Path work, String log, List<String> command) throws IOException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(work.resolve(log + ".log").toFile()).start();
    }

    /**
     * Scrapes node_exporter's /metrics once a second, as Prometheus would, and keeps the last
     * answer to check that it held every device and array.
     */
    private static final class NodeExporterScraper extends Thread {
        private final java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        private final java.net.URI metrics;
        private final java.util.concurrent.atomic.AtomicLong scrapes = new java.util.concurrent.atomic.AtomicLong();
        private volatile String last = "";
        private volatile String failure;

        NodeExporterScraper(int port) {
            super("node-exporter-scraper");
            setDaemon(true);
            this.metrics = java.net.URI.create("http://127.0.0.1:" + port + "/metrics");
        }

        @Override
        public void run() {
            long next = System.nanoTime();
            while (!isInterrupted()) {
                try {
                    var answer = http.send(java.net.http.HttpRequest.newBuilder(metrics).build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
                    if (answer.statusCode() == 200) {
                        last = answer.body();
                        scrapes.incrementAndGet();
                    } else {
                        failure = "HTTP " + answer.statusCode();
                    }
                    next += TimeUnit.SECONDS.toNanos(1);
                    TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
                } catch (InterruptedException e) {
                    return;
                } catch (IOException e) {
                    // not listening yet: try again shortly
                    failure = e.toString();
                    next = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            }
        }

        long scrapes() {
            return scrapes.get();
        }

        /** One scrape a second, and the last one with a diskstats series for every disk and an md series for every array. */
        void check(long count, double seconds, int devices, int arrays) {
            if (count < seconds * 0.9) {
                throw new IllegalStateException("node_exporter answered " + count + " scrapes in " + Math.round(seconds)
                        + " s, expected one a second (last failure: " + failure + ")");
            }
            long diskSeries = last.lines().filter(l -> l.startsWith("node_disk_reads_completed_total{")).count();
            long mdSeries = last.lines().filter(l -> l.startsWith("node_md_disks_required{")).count();
            if (diskSeries < devices + arrays || mdSeries != arrays) {
                throw new IllegalStateException("node_exporter exported " + diskSeries + " block devices and " + mdSeries
                        + " md arrays, expected at least " + (devices + arrays) + " and " + arrays + ": it is not reading the synthetic tree");
            }
        }
    }

    private static Process start(Path work, String log, List<String> command) throws IOException {
        List<String> line = new ArrayList<>();
        line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        line.addAll(CollectorJvmFlags.flags());
        line.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(work.resolve(log + ".log").toFile());
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().putAll(CollectorJvmFlags.ENVIRONMENT);
        return pb.start();
    }

    /** utime + stime of a process that must still be running. */
    private static long cpuTicks(Path work, String name, Process p) {
        if (!p.isAlive()) {
            throw new IllegalStateException(name + " exited with " + p.exitValue() + ": see its output below\n" + logOf(work, p));
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
            // the command name in parentheses may hold spaces: count fields after its closing parenthesis
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/" + p.pid() + "/stat", e);
        }
    }

    private static String logOf(Path work, Process p) {
        try (var files = Files.list(work)) {
            StringBuilder b = new StringBuilder();
            for (Path f : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                b.append("--- ").append(f.getFileName()).append('\n').append(Files.readString(f, StandardCharsets.UTF_8));
            }
            return b.toString();
        } catch (IOException e) {
            return "(logs unreadable: " + e.getMessage() + ")";
        }
    }

    /** The "Key:   123 kB" lines of /proc/PID/FILE, in KiB. */
    private static Map<String, Long> kib(Process p, String file) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), file))) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 3 && f[0].endsWith(":") && f[2].equals("kB")) {
                out.put(f[0].substring(0, f[0].length() - 1), Long.parseLong(f[1]));
            }
        }
        return out;
    }

    private static Map<String, Long> endOffsets(EmbeddedKafka kafka) throws Exception {
        try (Admin admin = kafka.admin()) {
            Map<TopicPartition, OffsetSpec> query = Map.of(
                    new TopicPartition(Topics.HOST_SAMPLES, 0), OffsetSpec.latest(),
                    new TopicPartition(FLOOR_TOPIC, 0), OffsetSpec.latest());
            Map<String, Long> out = new LinkedHashMap<>();
            admin.listOffsets(query).all().get(30, TimeUnit.SECONDS).forEach((tp, info) -> out.put(tp.topic(), info.offset()));
            return out;
        }
    }

    private static void checkDelivered(String topic, Map<String, Long> before, Map<String, Long> after, double seconds) {
        long delivered = after.get(topic) - before.get(topic);
        if (delivered < seconds * 0.9) {
            throw new IllegalStateException(topic + ": " + delivered + " records in " + Math.round(seconds)
                    + " s, expected one a second: the measured process is not doing its work");
        }
    }

    private static long clockTicksPerSecond() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        p.waitFor();
        return Long.parseLong(out);
    }

    private static void print(List<Measured> results, double seconds, long scrapes) {
        System.out.printf("%n%-22s %9s %10s %9s %16s%n", "process", "RSS MiB", "peak MiB", "PSS MiB", "CPU % of a core");
        Map<String, Measured> byName = new LinkedHashMap<>();
        for (Measured m : results) {
            System.out.printf("%-22s %9.1f %10.1f %9.1f %16.2f%n", m.name(), m.rssMiB(), m.peakMiB(), m.pssMiB(), m.cpuPercent());
            byName.put(m.name(), m);
        }
        Measured floor = byName.get("bare Kafka producer");
        Measured collect = byName.get("raidpulse collect");
        Measured node = byName.get("node_exporter");
        System.out.printf("%ncollect over the bare producer: RSS %+.1f MiB (x%.2f), CPU %+.2f points, over %.0f s%n",
                collect.rssMiB() - floor.rssMiB(), collect.rssMiB() / floor.rssMiB(), collect.cpuPercent() - floor.cpuPercent(), seconds);
        // CPU % of a core over the span = ms of CPU per second; collect makes one cycle a second
        double collectMs = collect.cpuPercent() * 10;
        double nodeMs = node.cpuPercent() * 10 * seconds / scrapes;
        System.out.printf("collect against node_exporter: %.2f ms of CPU per 1 s cycle against %.2f ms per scrape (%d scrapes), x%.2f; "
                + "RSS %.1f against %.1f MiB (x%.2f)%n", collectMs, nodeMs, scrapes, collectMs / nodeMs,
                collect.rssMiB(), node.rssMiB(), collect.rssMiB() / node.rssMiB());
    }
}
