package io.raidpulse.launcher.up;

import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.collect.Collector;
import io.raidpulse.collector.collect.CollectorSettings;
import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.launcher.Launch;
import io.raidpulse.services.Ports;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.tree.LiveTreeWriter;
import io.raidpulse.stream.StreamApp;
import io.raidpulse.stream.StreamService;
import io.raidpulse.stream.intake.IntakeSettings;
import io.raidpulse.topics.StreamTopics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole pipeline on one machine, as {@code raidpulse up} runs it and as the end-to-end tests
 * drive it: an embedded Kafka broker, an InfluxDB (given, local, or none), the stream processor
 * with its sink and notifiers, and a collector sampling either this host or a simulated one.
 *
 * <p>A simulated host is stepped and sampled in lockstep ({@link #runSimulation}): each step
 * writes a complete tree, then the collector reads it once, so no sample ever sees half a step
 * and none is skipped or read twice, in real time and with {@code fast} alike. Samples carry the
 * simulation's clock.
 */
public final class Pipeline implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Pipeline.class);
    /** Client port tried first for a new data directory (Kafka's usual port). */
    static final int PREFERRED_KAFKA_PORT = 9092;
    /** HTTP port tried first for a new local influxd (InfluxDB's usual port). */
    static final int PREFERRED_INFLUX_PORT = 8086;
    /** how far ahead of the clock simulated samples may lie (intake.max-ahead of the stream processor up starts) */
    static final Duration MAX_AHEAD = Duration.ofHours(24);

    private final Options options;
    private final EmbeddedKafka kafka;
    private final InfluxServer influx;
    private final String influxUrl;
    private final StreamService stream;
    private final Collector collector;
    private final Simulation simulation;
    private final Settings settings;
    private Thread collectorThread;

    /**
     * What to run.
     *
     * @param dataDir    broker, InfluxDB, stream state, spool and simulated trees live here; a second start reuses them
     * @param kafkaPort  client port of the broker; 0: the one used before in dataDir, else 9092 when free, else any
     * @param influxUrl  an existing InfluxDB; null: a local influxd when one is installed, else none
     * @param noInflux   run without InfluxDB even when one could be started
     * @param settings   further settings (a --config file, credentials): these win over the defaults chosen here
     * @param scenario   a shipped scenario name or a scenario file to simulate; null: this host's /proc and /sys
     * @param fast       simulate as fast as possible instead of in real time
     */
    public record Options(Path dataDir, int kafkaPort, String influxUrl, boolean noInflux, Settings settings,
                          String scenario, boolean fast) {
    }

    private Pipeline(Options options, EmbeddedKafka kafka, InfluxServer influx, String influxUrl, StreamService stream,
                     Collector collector, Simulation simulation, Settings settings) {
        this.options = options;
        this.kafka = kafka;
        this.influx = influx;
        this.influxUrl = influxUrl;
        this.stream = stream;
        this.collector = collector;
        this.simulation = simulation;
        this.settings = settings;
    }

    /** Starts everything but the sampling itself ({@link #startSampling()} or {@link #runSimulation}). */
    public static Pipeline start(Options o) {
        Path data = o.dataDir().toAbsolutePath();
        Scenario scenario = o.scenario() == null ? null : ShippedScenarios.resolve(o.scenario());
        EmbeddedKafka kafka = null;
        InfluxServer influx = null;
        StreamService stream = null;
        try {
            Files.createDirectories(data);
            Path kafkaDir = data.resolve("kafka");
            // fast simulations run one after another are stamped ahead of the clock (see simulatedStart):
            // this broker takes records up to MAX_AHEAD in the future, and the stream processor's intake too
            kafka = EmbeddedKafka.start(kafkaDir, new EmbeddedKafka.Options(
                    o.kafkaPort() > 0 ? o.kafkaPort() : Launch.preferredPort(kafkaDir, PREFERRED_KAFKA_PORT),
                    Map.of("log.message.timestamp.after.max.ms", String.valueOf(MAX_AHEAD.plusHours(1).toMillis())), null));

            String influxUrl = o.influxUrl() != null ? o.influxUrl() : o.settings().get(InfluxSettings.URL);
            if (influxUrl == null && !o.noInflux()) {
                influx = localInflux(data.resolve("influxdb")).orElse(null);
                influxUrl = influx == null ? null : influx.url();
            }

            Map<String, String> defaults = new HashMap<>();
            defaults.put(StreamApp.STATE_DIR.name(), data.resolve("streams").toString());
            defaults.put(IntakeSettings.MAX_AHEAD.name(), MAX_AHEAD.toHours() + "h");
            // every shipped dashboard has per-sample panels (device detail, md array health) that read the
            // raw samples: on one machine they are what a user looks at first, and the retention policy
            // raw keeps them a week only (influx.retention.raw); a --config can still turn them off
            defaults.put(SinkSettings.RAW_SAMPLES.name(), "true");
            defaults.put(CollectorSettings.SPOOL_DIR.name(), data.resolve(scenario == null ? "spool" : "spool-" + scenario.host()).toString());
            if (scenario != null) {
                // what the scenario's host has configured (collector.hwraid.*), under what this run is given
                defaults.putAll(scenario.collectorSettings());
            }
            Settings settings = oneSampleTopic(Settings.of(defaults).with(o.settings().asMap())
                    .with(KafkaKeys.BOOTSTRAP_SERVERS.name(), kafka.bootstrapServers()));
            if (influxUrl != null && !o.noInflux()) {
                settings = settings.with(InfluxSettings.URL.name(), influxUrl);
            } else {
                settings = settings.with(SinkSettings.ENABLED.name(), "false");
            }

            Simulation simulation = null;
            if (scenario != null) {
                Path tree = data.resolve("sim").resolve(scenario.host());
                scenario = scenario.withStart(simulatedStart(scenario, tree, o.fast()));
                simulation = Simulation.start(scenario, new LiveTreeWriter(tree));
                settings = settings.with(Map.of(
                        CollectorSettings.PROC_ROOT.name(), tree.resolve("proc").toString(),
                        CollectorSettings.SYS_ROOT.name(), tree.resolve("sys").toString(),
                        CollectorSettings.CLOCK_FILE.name(), tree.resolve("time").toString(),
                        CollectorSettings.HOST.name(), scenario.host(),
                        CollectorSettings.INTERVAL.name(), scenario.intervalSeconds() + "s",
                        // simulated disks are whole disks and their partitions; show what the scenario has
                        CollectorSettings.DEVICE_EXCLUDE.name(), "none"));
            }

            stream = StreamService.start(settings);
            Collector collector = Collector.create(settings, CollectCommand.version(), Collector::kafkaProducer);
            return new Pipeline(o, kafka, influx, influxUrl, stream, collector, simulation, settings);
        } catch (IOException e) {
            closeAll(stream, influx, kafka);
            throw new UserException("cannot use the data directory " + data + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeAll(stream, influx, kafka);
            throw e;
        }
    }

    /** A local influxd with its data under {@code dir}, when one is installed. */
    private static Optional<InfluxServer> localInflux(Path dir) {
        Optional<Path> influxd = InfluxServer.findInfluxd();
        if (influxd.isEmpty()) {
            return Optional.empty();
        }
        boolean used = Files.exists(dir.resolve("port"));
        int port = used || !Ports.isFree(PREFERRED_INFLUX_PORT) ? 0 : PREFERRED_INFLUX_PORT;
        return Optional.of(InfluxServer.startLocal(influxd.get(), dir, port));
    }

    /**
     * When a simulation starts: now in real time; with {@code fast}, one scenario length ago, so
     * the finished run lies in the recent past where dashboards look, and on a whole minute, so
     * that the stream processor's windows fall on the scenario's minutes. Never before the end of
     * an earlier run of the same host in this data directory: the stream processor would take its
     * samples as late and its windows as closed. So fast runs one after another move ahead of the
     * clock, up to {@link #MAX_AHEAD}.
     */
    static Instant simulatedStart(Scenario scenario, Path tree, boolean fast) throws IOException {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Instant start = fast ? now.minusSeconds(scenario.durationSeconds()).truncatedTo(ChronoUnit.MINUTES) : now;
        Path previous = tree.resolve("time");
        if (Files.isRegularFile(previous)) {
            try {
                Instant end = Instant.ofEpochMilli(Long.parseLong(Files.readString(previous).trim()))
                        .plusSeconds(scenario.intervalSeconds());
                if (end.isAfter(start)) {
                    start = fast ? end.plus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.MINUTES) : end;
                }
                if (start.plusSeconds(scenario.durationSeconds()).isAfter(now.plus(MAX_AHEAD))) {
                    throw new UserException("earlier fast runs of " + scenario.host() + " in " + tree.getParent().getParent()
                            + " reach " + end + ": another would end more than " + MAX_AHEAD.toHours()
                            + " h ahead of the clock; give another data directory (--data-dir) or remove that one");
                }
            } catch (NumberFormatException e) {
                LOG.warn("ignoring {}: not a time ({})", previous, e.getMessage());
            }
        }
        return start;
    }

    /** Samples this host (or nothing, with a simulation) every interval in a background thread. */
    public synchronized void startSampling() {
        if (simulation != null) {
            throw new IllegalStateException("a simulated host is sampled by runSimulation");
        }
        if (collectorThread == null) {
            collectorThread = new Thread(() -> {
                try {
                    collector.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "raidpulse-collector");
            collectorThread.setDaemon(true);
            collectorThread.start();
        }
    }

    /**
     * Steps the simulation to its end, sampling after every step: each step takes one interval
     * of wall-clock time, or none with {@code fast}. Returns when the scenario has ended or the
     * thread is interrupted.
     */
    public void runSimulation(StepListener listener) throws InterruptedException {
        if (simulation == null) {
            throw new IllegalStateException("no scenario to simulate");
        }
        collector.startSending();
        collector.sampleOnce();
        long period = Duration.ofSeconds(simulation.scenario().intervalSeconds()).toNanos();
        long next = System.nanoTime();
        while (!simulation.finished()) {
            if (!options.fast()) {
                next += period;
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException();
            }
            try {
                simulation.step();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the simulated host's files", e);
            }
            collector.sampleOnce();
            listener.stepped(simulation);
        }
    }

    /** Called after each simulated step was sampled. */
    @FunctionalInterface
    public interface StepListener {
        void stepped(Simulation simulation);
    }

    /** Waits until the collector's spool is empty (everything sampled reached Kafka), at most {@code timeout}. */
    public boolean awaitSpoolDrained(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!collector.spool().isEmpty()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    public EmbeddedKafka kafka() {
        return kafka;
    }

    /** The InfluxDB the sink writes to, or null without one. */
    /**
     * {@code settings} with the collector sending where the stream processor reads: up runs both, so a
     * {@code topics.host-samples} given alone is the collector's topic too, and a {@code collector.topic}
     * given alone the stream processor's; both given and different is a usage error (the collector's
     * samples would go where nothing reads them).
     */
    static Settings oneSampleTopic(Settings settings) {
        boolean collector = settings.has(CollectorSettings.TOPIC.name());
        boolean stream = settings.has(StreamTopics.HOST_SAMPLES.name());
        if (collector && stream && !settings.get(CollectorSettings.TOPIC).equals(settings.get(StreamTopics.HOST_SAMPLES))) {
            throw UserException.usage(CollectorSettings.TOPIC.name() + " (" + settings.get(CollectorSettings.TOPIC) + ") and "
                    + StreamTopics.HOST_SAMPLES.name() + " (" + settings.get(StreamTopics.HOST_SAMPLES) + ") differ: up's collector "
                    + "would send its samples where its stream processor does not read; give one of them");
        }
        if (stream) {
            return settings.with(CollectorSettings.TOPIC.name(), settings.get(StreamTopics.HOST_SAMPLES));
        }
        return collector ? settings.with(StreamTopics.HOST_SAMPLES.name(), settings.get(CollectorSettings.TOPIC)) : settings;
    }

    public String influxUrl() {
        return options.noInflux() ? null : influxUrl;
    }

    /** The InfluxDB this pipeline started, or null when it uses a given one or none. */
    public InfluxServer localInflux() {
        return influx;
    }

    public StreamService stream() {
        return stream;
    }

    public Collector collector() {
        return collector;
    }

    /** The simulation, or null when sampling this host. */
    public Simulation simulation() {
        return simulation;
    }

    /** The effective settings of every component. */
    public Settings settings() {
        return settings;
    }

    public Path dataDir() {
        return options.dataDir().toAbsolutePath();
    }

    /** Stops in dependency order: sampling (draining the spool while Kafka still runs), stream, InfluxDB, broker. */
    @Override
    public void close() {
        collector.close();
        if (collectorThread != null) {
            try {
                collectorThread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeAll(stream, influx, kafka);
    }

    private static void closeAll(StreamService stream, InfluxServer influx, EmbeddedKafka kafka) {
        if (stream != null) {
            try {
                stream.close();
            } catch (RuntimeException e) {
                LOG.warn("stopping the stream processor: {}", e.toString());
            }
        }
        if (influx != null) {
            influx.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }
}
