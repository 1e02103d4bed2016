package io.raidpulse.launcher.fleet;

import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.publish.ProducerSettings;
import io.raidpulse.config.KafkaClientOptions;
import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.KafkaSettings;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.simulator.scenario.ScenarioException;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code raidpulse fleet}: many simulated hosts publishing HostSamples to Kafka from one process. */
@Command(name = "fleet", mixinStandardHelpOptions = true, resourceBundle = "io.raidpulse.launcher.fleet.FleetHelp",
        description = {"Simulated hosts with md arrays publishing HostSamples to Kafka as their collectors would, from one process,",
            "without writing /proc trees: a seeded mix of HDD, SSD and NVMe hosts, RAID1/10/5/6/0, some saturating, some with a",
            "member failed and rebuilt, some running a check; each host with its own interval, phase and clock offset.",
            "Fast (--fast): simulated time as fast as it goes, ending now. Real time (default): each sample at its time.",
            "--truth FILE: each host's plan and expected alert episodes (JSON lines)."})
public final class FleetCommand implements Callable<Integer> {
    /** The most hosts one run takes: the model and sampler state of each stays in memory. */
    static final int MAX_HOSTS = 100_000;
    private static final Pattern DURATION = Pattern.compile("(?:(\\d{1,5})d)?(?:(\\d{1,6})h)?(?:(\\d{1,7})m)?(?:(\\d{1,9})s)?");

    @Spec
    CommandSpec spec;

    @Option(names = "--hosts", paramLabel = "N", defaultValue = "100", description = "Hosts, 1 to 100000 (default: ${DEFAULT-VALUE}).")
    int hosts;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The mix's seed: the same seed, the same fleet (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "1h", description = "Simulated time, like 10m, 1h, 2d; at least 5m (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--interval", paramLabel = "TIME", description = "Every host's sample interval, 1s to 1h. Default: drawn per host (10s mostly; 5s, 15s, 30s).")
    String interval;

    @Option(names = "--fast", description = "Simulated time as fast as it goes; the run ends at the time it started unless --start is given.")
    boolean fast;

    @Option(names = "--start", paramLabel = "INSTANT", description = "True time of the fleet's start, ISO-8601 (like 2026-01-01T00:00:00Z). "
            + "Default: now (real time), now minus --duration (--fast: the broker refuses records more than an hour ahead of its clock).")
    String start;

    @Option(names = "--truth", paramLabel = "FILE", description = "Write each host's plan and expected alert episodes (JSON lines).")
    Path truthFile;

    @Mixin
    KafkaClientOptions kafka = new KafkaClientOptions();

    @Option(names = "--topic", paramLabel = "NAME", defaultValue = "raidpulse.host-samples", description = "Topic (default: ${DEFAULT-VALUE}).")
    String topic;

    @Option(names = "--dry-run", description = "Simulate, sample and encode, send nothing (no Kafka needed): the generator's own cost.")
    boolean dryRun;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (hosts < 1 || hosts > MAX_HOSTS) {
            throw UserException.usage("--hosts must be 1 to " + MAX_HOSTS + ", got " + hosts);
        }
        long durationS = seconds("--duration", duration);
        if (durationS < FleetMix.MIN_DURATION_S) {
            throw UserException.usage("--duration must be at least 5m, got " + duration);
        }
        long intervalS = interval == null ? 0 : seconds("--interval", interval);
        if (interval != null && (intervalS < 1 || intervalS > 3600)) {
            throw UserException.usage("--interval must be 1s to 1h, got " + interval);
        }
        if (intervalS > durationS / 10) {
            throw UserException.usage("--interval " + interval + " leaves fewer than 10 samples in --duration " + duration + ": make it shorter or the duration longer");
        }
        long now = System.currentTimeMillis() / 1000 * 1000;
        Instant begin;
        try {
            begin = start != null ? Instant.parse(start) : Instant.ofEpochMilli(fast ? now - durationS * 1000 : now);
        } catch (DateTimeParseException e) {
            throw UserException.usage("--start must be an ISO-8601 instant like 2026-01-01T00:00:00Z, got " + start);
        }
        Settings settings = kafka.over(kafka.file());
        Map<String, Object> producerConfig = dryRun ? null : ProducerSettings.of(settings, "raidpulse-fleet");
        PrintWriter stdout = spec.commandLine().getOut();
        List<FleetMix.HostPlan> plans;
        try {
            plans = FleetMix.draw(seed, hosts, durationS, intervalS, begin);
        } catch (ScenarioException e) {
            throw new IllegalStateException("the fleet mix drew a scenario the simulator refuses (a bug): " + e.getMessage(), e);
        }
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("seed", seed);
        header.put("hosts", hosts);
        header.put("start_ms", begin.toEpochMilli());
        header.put("duration_s", durationS);
        header.put("interval_s", intervalS == 0 ? null : intervalS);
        FleetTruthWriter truth;
        try {
            truth = truthFile == null ? null : new FleetTruthWriter(truthFile, header);
        } catch (IOException e) {
            throw UserException.usage("cannot write --truth " + truthFile + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
        }
        // fast: the truth is complete before the first sample goes out; real time: written alongside, as
        // the hosts' first samples are due from the start (it takes about 12 ms per host and 10 minutes)
        AtomicReference<Exception> truthFailure = new AtomicReference<>();
        Thread truthThread = new Thread(() -> {
            try (truth) {
                truth.write(plans);
            } catch (IOException | RuntimeException e) {
                truthFailure.set(e);
            }
        }, "fleet-truth");
        if (truth != null) {
            truthThread.start();
            if (fast) {
                truthThread.join();
            }
        }
        Producer<String, byte[]> producer = null;
        if (producerConfig != null) {
            // the client logs a warning per reconnect while Kafka is away; the first failed send ends the run with one line
            CollectCommand.quietKafkaClientLogs();
            try {
                producer = new KafkaProducer<>(producerConfig);
            } catch (KafkaException e) {
                throw KafkaSettings.clientError("Kafka producer settings", e, settings);
            }
        }
        long heapBefore = usedHeap();
        Fleet fleet = new Fleet(plans, begin.toEpochMilli(), CollectCommand.version());
        long heapAfter = usedHeap();
        stdout.printf("fleet of %d hosts (seed %d), %s of simulated time from %s, %s; state per host at the start: about %d bytes%n",
                hosts, seed, duration, begin, fast ? "as fast as it goes" : "in real time", Math.max(0, heapAfter - heapBefore) / hosts);
        stdout.flush();
        AtomicLong failed = new AtomicLong();
        AtomicReference<Exception> firstFailure = new AtomicReference<>();
        Producer<String, byte[]> p = producer;
        Fleet.Sink sink = p == null ? (host, value) -> { } : (host, value) -> p.send(new ProducerRecord<>(topic, host, value), (m, e) -> {
            if (e != null) {
                failed.incrementAndGet();
                firstFailure.compareAndSet(null, e);
            }
        });
        AtomicBoolean stop = new AtomicBoolean();
        Thread hook = new Thread(() -> stop.set(true), "fleet-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        Fleet.Result result;
        try {
            // a refused or timed-out send ends the run: Kafka away would otherwise cost max.block.ms per sample
            result = fleet.run(sink, fast ? null : System::currentTimeMillis, () -> stop.get() || failed.get() > 0);
            if (p != null) {
                p.flush();
            }
        } finally {
            if (p != null) {
                p.close();
            }
            if (!stop.get()) {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
        }
        // every host's model and sampler (last counters, inventory), measured while all are live
        long perHost = Math.max(0, usedHeap() - heapBefore) / hosts;
        Reference.reachabilityFence(fleet);
        double seconds = result.wallNanos() / 1e9;
        stdout.printf("sent %d samples (%.1f MB encoded) of %d hosts in %.1f s: %.0f samples/s%s%n", result.samples() - failed.get(),
                result.bytes() / 1e6, result.hosts(), seconds, result.samples() / seconds,
                intervalS > 0 ? String.format(Locale.ROOT, ", %.0f hosts at a %d s interval", result.samples() / seconds * intervalS, intervalS) : "");
        if (!fast) {
            stdout.printf("latest first sample sent %d ms after its time (hosts being built), latest later sample %d ms%n",
                    result.maxLateFirstMs(), result.maxLateMs());
        }
        stdout.flush();
        if (truth != null) {
            truthThread.join();
            if (truthFailure.get() != null) {
                throw new UserException("cannot write --truth " + truthFile + ": " + truthFailure.get().getMessage(), truthFailure.get());
            }
        }
        if (failed.get() > 0) {
            throw new UserException(failed.get() + " samples were not delivered to Kafka at "
                    + settings.string(KafkaKeys.BOOTSTRAP_SERVERS.name(), "?") + " (first: " + firstFailure.get() + "): the run stopped there");
        }
        stdout.printf("state per host at the end: about %d bytes%n", perHost);
        stdout.flush();
        return 0;
    }

    private static long usedHeap() {
        Runtime r = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return r.totalMemory() - r.freeMemory();
    }

    /** Whole seconds from {@code 90s}, {@code 10m}, {@code 1h30m}, {@code 2d}. */
    static long seconds(String option, String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (text.isBlank() || !m.matches()) {
            throw UserException.usage(option + " must be a time like 90s, 10m, 1h30m or 2d, got '" + text + "'");
        }
        long s = 0;
        long[] unit = {86400, 3600, 60, 1};
        for (int i = 0; i < 4; i++) {
            if (m.group(i + 1) != null) {
                s += Long.parseLong(m.group(i + 1)) * unit[i];
            }
        }
        return s;
    }
}
