package io.raidpulse.collector.bench;

import ch.qos.logback.classic.Level;
import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.collector.snapshot.SyntheticHost;
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
 * interval, next to two baselines run at the same time with the same JVM flags
 * ({@link CollectorJvmFlags}): a JVM doing nothing, and a bare Kafka producer sending the
 * same encoded HostSample once a second ({@link ProducerFloor}). Resident memory is read from
 * /proc/PID/status (VmRSS, VmHWM) and smaps_rollup (Pss), CPU from /proc/PID/stat over the
 * measured span. Every process is checked to be alive and the two publishers to have delivered
 * a record per second, so a broken run cannot pass for a lean one.
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

        List<Process> started = new ArrayList<>();
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
            started.addAll(processes.values());

            System.out.printf("synthetic host: %d disks, %d md arrays; HostSample %d bytes encoded; flags: %s (MALLOC_ARENA_MAX=2)%n",
                    devices, arrays, Files.size(payload), CollectorJvmFlags.FLAGS);
            System.out.printf("warming up %d s, then measuring %d s%n", warmup, measure);
            TimeUnit.SECONDS.sleep(warmup);
            Map<String, Long> ticks0 = new LinkedHashMap<>();
            processes.forEach((name, p) -> ticks0.put(name, cpuTicks(work, name, p)));
            Map<String, Long> offsets0 = endOffsets(kafka);
            long t0 = System.nanoTime();
            TimeUnit.SECONDS.sleep(measure);
            double seconds = (System.nanoTime() - t0) / 1e9;
            Map<String, Long> offsets1 = endOffsets(kafka);
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
            print(results, seconds);
        } finally {
            ticking.set(false);
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

    private static void print(List<Measured> results, double seconds) {
        System.out.printf("%n%-22s %9s %10s %9s %16s%n", "process", "RSS MiB", "peak MiB", "PSS MiB", "CPU % of a core");
        for (Measured m : results) {
            System.out.printf("%-22s %9.1f %10.1f %9.1f %16.2f%n", m.name(), m.rssMiB(), m.peakMiB(), m.pssMiB(), m.cpuPercent());
        }
        Measured floor = results.get(1);
        Measured collect = results.get(2);
        System.out.printf("%ncollect over the bare producer: RSS %+.1f MiB (x%.2f), CPU %+.2f points, over %.0f s%n",
                collect.rssMiB() - floor.rssMiB(), collect.rssMiB() / floor.rssMiB(), collect.cpuPercent() - floor.cpuPercent(), seconds);
    }
}
