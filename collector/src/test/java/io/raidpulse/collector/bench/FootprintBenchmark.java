package io.raidpulse.collector.bench;

import ch.qos.logback.classic.Level;
import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.procfs.KeptFiles;
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
 * (footprint.args) {@code warmup=S measure=S devices=N arrays=N cgroups=N reading=kept|files variants=V|V...}; {@code cgroups=500}
 * gives the tree a cgroup v2 hierarchy of 500 leaf cgroups (SyntheticHost), whose io.stat the
 * collector reads as collector.attribution.interval says (auto: every 9 cycles for its 453
 * files; {@code variants=collector.attribution.interval=0} reads them every cycle):
 * {@code variants=collector.attribution.enabled=false} beside it is the same collector without
 * attribution, in the same run. A variant is
 * a further collector run beside the others with flags added after the collector's (a later
 * flag wins), environment variables or collector and producer settings, comma-separated: {@code
 * variants=-XX:CompileThresholdScaling=1|MALLOC_ARENA_MAX=1,-Xmn2m|kafka.linger.ms=0}; each
 * publishes to a topic of its own and is checked like the collector; {@code jar=PATH} runs
 * another build of the collector (the code before a change, say). Each collector's CPU is
 * also printed by thread. The load average is printed at both ends of the
 * measured span: the figures are ratios to the baselines of the same run.
 *
 * <p>{@code reading=kept} (the default) rewrites the tree's moving files in place and has the
 * collectors keep them open ({@link KeptFiles#ANY_FILESYSTEM_PROPERTY}), as the collector keeps a
 * real host's /proc, /sys and cgroupfs files open. A kept read of a cgroupfs file costs more than
 * one of an ext4 file, by about 1 µs (x1.37 on the build machine, KernelFileReadCost), an open,
 * read and close of either three to four times as much: kept, the benchmark is closer to a real
 * host, a little under it. {@code reading=files} replaces the files by renames, read through opens
 * and closes, as a snapshot's or a test's tree is: the path no real host takes.
 */
public final class FootprintBenchmark {
    private static final String FLOOR_TOPIC = "raidpulse.footprint-floor";
    private static final String COLLECT = "raidpulse collect";
    private static final String FLOOR = "bare Kafka producer";

    private record Measured(String name, double rssMiB, double peakMiB, double pssMiB, double cpuPercent) {
    }

    private FootprintBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = new LinkedHashMap<>(Map.of("warmup", "60", "measure", "120", "devices", "64", "arrays", "8",
                "cgroups", "0", "variants", "", "reading", "kept"));
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
        int cgroups = Integer.parseInt(opts.get("cgroups"));
        if (!List.of("kept", "files").contains(opts.get("reading"))) {
            throw new IllegalArgumentException("reading=" + opts.get("reading") + ": kept or files");
        }
        boolean kept = opts.get("reading").equals("kept");
        List<String> variants = opts.get("variants").isEmpty() ? List.of() : List.of(opts.get("variants").split("\\|"));
        Path built = Path.of("target", "raidpulse-collector.jar").toAbsolutePath();
        if (!Files.isRegularFile(built)) {
            throw new IllegalStateException(built + " is missing: run the package phase first");
        }
        // the embedded broker's start-up and shutdown lines would run through the results
        for (String logger : List.of(org.slf4j.Logger.ROOT_LOGGER_NAME, "org.apache.kafka")) {
            ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(logger)).setLevel(Level.ERROR);
        }
        Path work = Files.createTempDirectory("raidpulse-footprint");
        // a copy: a build during a long run would rewrite the jar under the running JVMs
        Path jar = Files.copy(built, work.resolve("raidpulse-collector.jar"));
        SyntheticHost host = new SyntheticHost(work.resolve("host"), devices, arrays, 1, cgroups);
        if (kept) {
            host.rewrittenInPlace();
        }
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
            Map<String, String> topics = new LinkedHashMap<>(Map.of(COLLECT, Topics.HOST_SAMPLES, FLOOR, FLOOR_TOPIC));
            String bootstrap = kafka.bootstrapServers();
            Path testClasses = Path.of(IdleJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Map<String, Process> processes = new LinkedHashMap<>();
            processes.put("JVM doing nothing", start(work, "idle", List.of("-cp", testClasses.toString(), IdleJvm.class.getName())));
            processes.put(FLOOR, start(work, "floor", List.of(
                    "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider",
                    "-cp", testClasses + ":" + jar, ProducerFloor.class.getName(), bootstrap, FLOOR_TOPIC, payload.toString())));
            processes.put(COLLECT, start(work, "collect", collect(jar, bootstrap, work.resolve("spool"), host, kept)));
            for (int i = 0; i < variants.size(); i++) {
                String topic = "raidpulse.footprint-variant-" + i;
                kafka.createTopic(topic, 1, Map.of());
                Path config = work.resolve("variant-" + i + ".properties");
                StringBuilder properties = new StringBuilder("collector.topic=" + topic + "\n");
                List<String> flags = new ArrayList<>();
                Map<String, String> env = new LinkedHashMap<>();
                Path variantJar = jar;
                for (String v : variants.get(i).split(",")) {
                    if (v.startsWith("jar=")) {
                        variantJar = Path.of(v.substring("jar=".length()));
                    } else if (v.startsWith("-")) {
                        flags.add(v);
                    } else if (v.startsWith("kafka.") || v.startsWith("collector.")) {
                        properties.append(v).append('\n');
                    } else {
                        env.put(v.substring(0, v.indexOf('=')), v.substring(v.indexOf('=') + 1));
                    }
                }
                Files.writeString(config, properties);
                List<String> command = new ArrayList<>(flags);
                command.addAll(collect(variantJar, bootstrap, work.resolve("spool-" + i), host, kept));
                command.addAll(List.of("--config", config.toString()));
                String name = COLLECT + " " + variants.get(i);
                processes.put(name, start(work, "variant-" + i, command, env));
                topics.put(name, topic);
            }
            int port = freePort();
            processes.put("node_exporter", startNative(work, "node-exporter", List.of(nodeExporter.toString(),
                    "--web.listen-address=127.0.0.1:" + port, "--path.procfs=" + host.root().resolve("proc"),
                    "--path.sysfs=" + host.root().resolve("sys"), "--collector.disable-defaults", "--collector.diskstats",
                    "--collector.mdadm", "--collector.diskstats.device-exclude=^$")));
            started.addAll(processes.values());
            scraper = new NodeExporterScraper(port);
            scraper.start();

            System.out.printf("synthetic host: %d disks, %d md arrays, %d cgroups; HostSample %d bytes encoded; flags: %s (MALLOC_ARENA_MAX=2)%n",
                    devices, arrays, cgroups, Files.size(payload), CollectorJvmFlags.FLAGS);
            System.out.println(kept ? "reading=kept: the tree's files are rewritten in place and the collectors keep them open, as on a real "
                    + "host's /proc, /sys and cgroupfs" : "reading=files: the tree's files are replaced by renames, each read opened and closed");
            System.out.printf("warming up %d s, then measuring %d s%n", warmup, measure);
            TimeUnit.SECONDS.sleep(warmup);
            Map<String, Long> ticks0 = new LinkedHashMap<>();
            processes.forEach((name, p) -> ticks0.put(name, cpuTicks(work, name, p)));
            Map<String, Map<String, Long>> threads0 = new LinkedHashMap<>();
            processes.forEach((name, p) -> threads0.put(name, threadTicks(p)));
            Map<String, Long> offsets0 = endOffsets(kafka, topics.values());
            long scrapes0 = scraper.scrapes();
            String load0 = loadAverage();
            long t0 = System.nanoTime();
            TimeUnit.SECONDS.sleep(measure);
            double seconds = (System.nanoTime() - t0) / 1e9;
            Map<String, Map<String, Long>> threads1 = new LinkedHashMap<>();
            processes.forEach((name, p) -> threads1.put(name, threadTicks(p)));
            Map<String, Long> offsets1 = endOffsets(kafka, topics.values());
            String load1 = loadAverage();
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
            for (String topic : topics.values()) {
                checkDelivered(topic, offsets0, offsets1, seconds);
            }
            scraper.check(scrapes, seconds, devices, arrays);
            print(results, seconds, scrapes, load0, load1);
            long hzForThreads = hz;
            System.out.println();
            threads1.forEach((name, after) -> {
                if (name.startsWith(COLLECT) || name.equals(FLOOR)) {
                    printThreads(name, threads0.get(name), after, hzForThreads, seconds);
                }
            });
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

    /** The collect command line, after the JVM's flags. */
    /** The collector's command line; {@code kept}: the tree's files kept open as a real host's pseudo files are. */
    private static List<String> collect(Path jar, String bootstrap, Path spool, SyntheticHost host, boolean kept) {
        List<String> line = new ArrayList<>();
        if (kept) {
            line.add("-D" + KeptFiles.ANY_FILESYSTEM_PROPERTY + "=any");
        }
        line.addAll(List.of("-jar", jar.toString(), "collect", "--bootstrap-servers", bootstrap, "--interval", "1s",
                "--spool-dir", spool.toString(), "--proc-root", host.root().resolve("proc").toString(),
                "--sys-root", host.root().resolve("sys").toString()));
        return line;
    }

    /** The 1, 5 and 15 minute load averages. */
    private static String loadAverage() throws IOException {
        String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
        return f[0] + " " + f[1] + " " + f[2];
    }

    private static Process start(Path work, String log, List<String> command) throws IOException {
        return start(work, log, command, Map.of());
    }

    /** A JVM with the collector's flags and environment, then {@code command}, then {@code env} over that environment. */
    private static Process start(Path work, String log, List<String> command, Map<String, String> env) throws IOException {
        List<String> line = new ArrayList<>();
        line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        line.addAll(CollectorJvmFlags.flags());
        line.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(work.resolve(log + ".log").toFile());
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().putAll(CollectorJvmFlags.ENVIRONMENT);
        pb.environment().putAll(env);
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

    /**
     * utime + stime of each thread, summed by thread name (digits dropped, so "GC Thread#0" and
     * the like add up); a thread ended since counts nowhere.
     */
    private static Map<String, Long> threadTicks(Process p) {
        Map<String, Long> out = new LinkedHashMap<>();
        try (var tasks = Files.list(Path.of("/proc", Long.toString(p.pid()), "task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replaceAll("[0-9]+", "#");
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    out.merge(comm, Long.parseLong(f[11]) + Long.parseLong(f[12]), Long::sum);
                } catch (IOException e) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list the threads of " + p.pid(), e);
        }
        return out;
    }

    /** The threads that used CPU over the span, most first, in ms a second. */
    private static void printThreads(String name, Map<String, Long> before, Map<String, Long> after, long hz, double seconds) {
        StringBuilder line = new StringBuilder(name).append(", ms of CPU a second by thread:");
        after.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> line.append(String.format(" %s %.2f;", e.getKey(), 1000.0 * e.getValue() / hz / seconds)));
        System.out.println(line);
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

    private static Map<String, Long> endOffsets(EmbeddedKafka kafka, java.util.Collection<String> topics) throws Exception {
        try (Admin admin = kafka.admin()) {
            Map<TopicPartition, OffsetSpec> query = new LinkedHashMap<>();
            for (String topic : topics) {
                query.put(new TopicPartition(topic, 0), OffsetSpec.latest());
            }
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

    private static void print(List<Measured> results, double seconds, long scrapes, String load0, String load1) {
        System.out.printf("%n%-22s %9s %10s %9s %16s%n", "process", "RSS MiB", "peak MiB", "PSS MiB", "CPU % of a core");
        Map<String, Measured> byName = new LinkedHashMap<>();
        for (Measured m : results) {
            System.out.printf("%-22s %9.1f %10.1f %9.1f %16.2f%n", m.name(), m.rssMiB(), m.peakMiB(), m.pssMiB(), m.cpuPercent());
            byName.put(m.name(), m);
        }
        Measured floor = byName.get(FLOOR);
        Measured node = byName.get("node_exporter");
        // CPU % of a core over the span = ms of CPU per second
        double nodeMs = node.cpuPercent() * 10 * seconds / scrapes;
        double floorMs = floor.cpuPercent() * 10;
        System.out.printf("%nover %.0f s, load average %s at the start and %s at the end; node_exporter %.2f ms of CPU per scrape "
                        + "(%d scrapes), RSS %.1f MiB; the bare producer %.2f ms a second (x%.2f of node_exporter), RSS %.1f MiB%n",
                seconds, load0, load1, nodeMs, scrapes, node.rssMiB(), floorMs, floorMs / nodeMs, floor.rssMiB());
        for (Measured collect : results) {
            if (!collect.name().startsWith(COLLECT)) {
                continue;
            }
            // collect makes one cycle a second
            double collectMs = collect.cpuPercent() * 10;
            System.out.printf("%s: %.2f ms of CPU per 1 s cycle, x%.2f of node_exporter; RSS %.1f MiB (x%.2f of node_exporter's, "
                            + "%+.1f MiB over the bare producer's)%n", collect.name(), collectMs, collectMs / nodeMs,
                    collect.rssMiB(), collect.rssMiB() / node.rssMiB(), collect.rssMiB() - floor.rssMiB());
        }
    }
}
