package io.raidpulse.launcher.up;

import io.raidpulse.collector.collect.CollectorSettings;
import io.raidpulse.config.ConfigFileOption;
import io.raidpulse.config.KafkaKeys;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.influx.InfluxOptions;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.launcher.config.ConfigCheck;
import io.raidpulse.md.MdArrayState;
import io.raidpulse.md.SyncAction;
import io.raidpulse.schema.Alert;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.MdArray;
import io.raidpulse.simulator.Simulation;
import io.raidpulse.topics.StreamTopics;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code raidpulse up}: everything on one machine, until Ctrl-C. */
@Command(name = "up", mixinStandardHelpOptions = true, resourceBundle = "io.raidpulse.launcher.up.UpDefaults", sortOptions = false,
        description = "Run the whole pipeline on this machine: an embedded Kafka broker, the collector (this host, or a "
            + "simulated one), the stream processor with the console notifier, and the InfluxDB sink (a given URL, else a "
            + "local influxd when installed, else none) writing aggregates, alerts and raw samples (for the dashboards' "
            + "per-sample panels). Data stays under --data-dir; a second start reuses it. Ctrl-C stops.")
public final class UpCommand implements Callable<Integer> {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());
    /** How often the status line is printed while running in real time. */
    private static final Duration STATUS_EVERY = Duration.ofSeconds(30);

    @Option(names = "--data-dir", defaultValue = "var", description = "Where the broker, InfluxDB, stream state and spool keep their data (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Mixin
    ConfigFileOption config = new ConfigFileOption();

    @Option(names = "--port", defaultValue = "0", description = "Kafka client port; default: the one used before in --data-dir, else 9092 when free, else any free port.")
    int port;

    @Mixin
    InfluxOptions influx = new InfluxOptions();

    @Option(names = "--influx-password", paramLabel = "PASSWORD", description = "InfluxDB 1.x password (or influx.password in --config, which keeps it out of the process list).")
    String influxPassword;

    @Option(names = "--influx-token", paramLabel = "TOKEN", description = "InfluxDB 2.x/3.x token (or influx.token in --config).")
    String influxToken;

    @Option(names = "--no-influx", description = "Run without InfluxDB even when one is installed (and ./raidpulse, as root on Debian or Ubuntu, installs none).")
    boolean noInflux;

    @Option(names = "--simulate", paramLabel = "SCENARIO", description = "Collect from a simulated host instead of this one: a shipped scenario (see 'raidpulse simulate --list') or a scenario file.")
    String scenario;

    @Option(names = "--fast", description = "With --simulate: run the scenario as fast as possible instead of in real time.")
    boolean fast;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (fast && scenario == null) {
            throw UserException.usage("--fast needs --simulate SCENARIO: this host's own counters run in real time");
        }
        PrintWriter out = spec.commandLine().getOut();
        // every setting checked before anything starts; the broker's address is up's own
        ConfigCheck.validate(Pipeline.oneSampleTopic(settings()).with(KafkaKeys.BOOTSTRAP_SERVERS.name(), "localhost:" + Math.max(port, 9092)));
        Files.createDirectories(dataDir);
        UpLog log = UpLog.divert(dataDir);
        Pipeline pipeline;
        try {
            pipeline = Pipeline.start(new Pipeline.Options(dataDir, port, influx.url(), noInflux, settings(), scenario, fast));
        } catch (RuntimeException | Error e) {
            log.close();
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread main = Thread.currentThread();
        Thread hook = new Thread(() -> {
            main.interrupt();
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "raidpulse-up-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (OpenAlerts alerts = new OpenAlerts(pipeline.kafka().bootstrapServers(), StreamTopics.from(pipeline.settings()).incidents())) {
            alerts.start();
            printWhereEverythingIs(out, pipeline);
            out.println("  log        " + log.file() + " (everything logged; the Kafka clients' retried warnings only there)");
            if (pipeline.simulation() != null) {
                long[] lastStatus = {System.nanoTime()};
                pipeline.runSimulation(sim -> {
                    if (!fast && System.nanoTime() - lastStatus[0] > STATUS_EVERY.toNanos()) {
                        printStatus(out, pipeline, alerts);
                        lastStatus[0] = System.nanoTime();
                    }
                });
                pipeline.awaitSpoolDrained(Duration.ofSeconds(30));
                out.println("simulation of " + pipeline.simulation().scenario().name() + " finished at simulated "
                        + pipeline.simulation().time() + "; the pipeline keeps running (Ctrl-C stops it)");
                Thread.sleep(3_000);
                printStatus(out, pipeline, alerts);
            } else {
                pipeline.startSampling();
            }
            while (true) {
                Thread.sleep(STATUS_EVERY.toMillis());
                printStatus(out, pipeline, alerts);
            }
        } catch (InterruptedException e) {
            out.println("stopping...");
            out.flush();
            return 0;
        } finally {
            pipeline.close();
            log.close();
            out.println("stopped; data kept in " + pipeline.dataDir());
            out.flush();
            stopped.countDown();
        }
    }

    private Settings settings() {
        return influx.over(config.load())
                .withOption(InfluxSettings.PASSWORD, influxPassword)
                .withOption(InfluxSettings.TOKEN, influxToken);
    }

    private static void printWhereEverythingIs(PrintWriter out, Pipeline p) {
        Settings s = p.settings();
        out.println("raidpulse up: data in " + p.dataDir());
        StreamTopics topics = StreamTopics.from(s);
        out.println("  Kafka      " + p.kafka().bootstrapServers() + "  topics " + String.join(", ", List.of(topics.hostSamples(),
                topics.alerts(), topics.incidents(), topics.aggregates(), topics.benchmarks(), topics.deadLetters())));
        if (p.influxUrl() == null) {
            out.println("  InfluxDB   none: no aggregates are stored (install one: apt-get install -y influxdb, or pass --influx-url)");
        } else {
            out.println("  InfluxDB   " + p.influxUrl() + "  database " + s.text(InfluxSettings.DATABASE)
                    + (p.localInflux() != null ? "  (local influxd " + p.localInflux().version() + ", data in " + p.dataDir().resolve("influxdb") + ")" : ""));
            out.println("             aggregates, alerts" + (s.get(SinkSettings.RAW_SAMPLES)
                    ? " and every sample (raw, kept " + s.text(SinkSettings.RETENTION_RAW) + ")"
                    : "; no raw samples (sink.raw-samples=false): the dashboards' per-sample panels stay empty"));
        }
        Simulation sim = p.simulation();
        if (sim != null) {
            out.println("  collector  simulated host " + sim.scenario().host() + " (" + sim.scenario().name() + ": "
                    + sim.scenario().description() + "), every " + sim.scenario().intervalSeconds() + " s"
                    + (sim.scenario().durationSeconds() > 0 ? " for " + sim.scenario().durationSeconds() / 60 + " simulated min" : "")
                    + (p.settings().has(CollectorSettings.PROC_ROOT.name()) ? ", tree in " + s.get(CollectorSettings.PROC_ROOT).getParent() : ""));
        } else {
            out.println("  collector  host " + p.collector().hostname() + " from " + s.text(CollectorSettings.PROC_ROOT) + " and "
                    + s.text(CollectorSettings.SYS_ROOT) + " every " + s.text(CollectorSettings.INTERVAL));
        }
        out.println("  stream     " + p.stream().description());
        out.println("Incidents are printed as they open, change and close; a status line follows every " + STATUS_EVERY.toSeconds() + " s. Ctrl-C stops everything.");
        out.flush();
    }

    static void printStatus(PrintWriter out, Pipeline p, OpenAlerts alerts) {
        HostSample last = p.collector().lastSample();
        StringBuilder line = new StringBuilder(TIME.format(Instant.now())).append(" status: ");
        if (last == null) {
            line.append("no sample yet");
        } else {
            line.append(last.getHost().getHostname()).append(" sample ").append(last.getSequence()).append(" at ")
                    .append(TIME.format(last.getSampleTime())).append(", ").append(last.getDevices().size()).append(last.getDevices().size() == 1 ? " device, " : " devices, ")
                    .append(last.getArrays().size()).append(last.getArrays().size() == 1 ? " array" : " arrays");
            for (MdArray a : last.getArrays()) {
                line.append(" [").append(a.getName()).append(' ').append(a.getLevel() == null ? MdArrayState.INACTIVE.word() : a.getLevel());
                if (a.getDegraded() != null && a.getDegraded() > 0) {
                    line.append(" DEGRADED");
                }
                if (a.getSyncAction() != null && SyncAction.of(a.getSyncAction()) != SyncAction.IDLE) {
                    line.append(' ').append(a.getSyncAction());
                    if (a.getSyncCompletedPct() != null) {
                        line.append(String.format(Locale.ROOT, " %.1f%%", a.getSyncCompletedPct()));
                    }
                }
                line.append(']');
            }
        }
        List<Alert> open = alerts.open();
        line.append("; ").append(open.size()).append(open.size() == 1 ? " open incident" : " open incidents");
        for (Alert a : open) {
            line.append(System.lineSeparator()).append("    ").append(a.getSeverity()).append(' ').append(a.getKind()).append(' ')
                    .append(a.getHost()).append('/').append(a.getSubject()).append(" since ").append(TIME.format(a.getStartTime()));
        }
        out.println(line);
        out.flush();
    }
}
