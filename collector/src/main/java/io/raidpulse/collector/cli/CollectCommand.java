package io.raidpulse.collector.cli;

import io.raidpulse.collector.collect.Collector;
import io.raidpulse.collector.collect.CollectorSettings;
import io.raidpulse.collector.logging.LogLevels;
import io.raidpulse.config.KafkaClientOptions;
import io.raidpulse.config.Settings;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.slf4j.event.Level;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code collect}: the host agent. Options override the same settings in {@code --config};
 * every key is declared in {@link CollectorSettings}, whose defaults the help shows, and documented
 * in collector/README.md.
 */
@Command(name = "collect", mixinStandardHelpOptions = true, resourceBundle = "io.raidpulse.collector.cli.CollectorDefaults",
        description = {"The agent: one HostSample per interval to Kafka, through a disk spool.",
            "Publishes to raidpulse.host-samples (key = host); while Kafka is away, samples wait in a bounded",
            "spool and are sent in order when it is back."})
public final class CollectCommand implements Callable<Integer> {
    @Mixin
    KafkaClientOptions kafka = new KafkaClientOptions();

    @Option(names = "--interval", paramLabel = "DURATION", description = "Sampling interval, 1s to 1h (collector.interval). Default: ${bundle:collector.interval}.")
    String interval;

    @Option(names = "--spool-dir", paramLabel = "DIR", description = "Spool directory (collector.spool.dir). Default: ${bundle:collector.spool.dir}.")
    Path spoolDir;

    @Option(names = "--spool-max", paramLabel = "SIZE", description = "Spool bound, like 256MiB (collector.spool.max-bytes). Default: ${bundle:collector.spool.max-bytes}.")
    String spoolMax;

    @Option(names = "--host", paramLabel = "NAME", description = "Host name to report and key by (collector.host). Default: ${bundle:collector.host}.")
    String host;

    @Option(names = "--proc-root", paramLabel = "DIR", description = "procfs root (collector.proc-root). Default: ${bundle:collector.proc-root}.")
    Path procRoot;

    @Option(names = "--sys-root", paramLabel = "DIR", description = "sysfs root (collector.sys-root). Default: ${bundle:collector.sys-root}.")
    Path sysRoot;

    @Option(names = "--clock-file", paramLabel = "FILE",
            description = "Stamp samples with the epoch milliseconds in FILE instead of the system clock (collector.clock-file): for simulated hosts (raidpulse simulate writes DIR/time).")
    Path clockFile;

    /** The settings this command line means: the config file, overridden by the options given. */
    Settings settings() {
        return kafka.over(kafka.file()
                .withOption(CollectorSettings.INTERVAL, interval)
                .withOption(CollectorSettings.SPOOL_DIR, spoolDir)
                .withOption(CollectorSettings.SPOOL_MAX, spoolMax)
                .withOption(CollectorSettings.HOST, host)
                .withOption(CollectorSettings.PROC_ROOT, procRoot)
                .withOption(CollectorSettings.SYS_ROOT, sysRoot)
                .withOption(CollectorSettings.CLOCK_FILE, clockFile));
    }

    @Override
    public Integer call() throws InterruptedException {
        quietKafkaClientLogs();
        Collector collector = Collector.create(settings(), version(), Collector::kafkaProducer);
        Thread hook = new Thread(collector::close, "raidpulse-collector-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        collector.run();
        return 0;
    }

    /** The collector version from the jar manifest; "dev" when run from classes. */
    public static String version() {
        String v = CollectCommand.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /**
     * The Kafka client logs a WARN line per reconnect attempt while a broker is away; the
     * collector says it once itself (SpoolSender), and fleet ends at its first failed send, so those go to ERROR only.
     */
    public static void quietKafkaClientLogs() {
        LogLevels.set("org.apache.kafka", Level.ERROR);
    }
}
