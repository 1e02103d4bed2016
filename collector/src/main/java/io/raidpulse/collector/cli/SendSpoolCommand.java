package io.raidpulse.collector.cli;

import io.raidpulse.collector.collect.Collector;
import io.raidpulse.collector.collect.CollectorSettings;
import io.raidpulse.collector.publish.SpoolDelivery;
import io.raidpulse.config.KafkaClientOptions;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code send-spool}: what a collector spooled, delivered to Kafka in order, then exit. */
@Command(name = "send-spool", mixinStandardHelpOptions = true, resourceBundle = "io.raidpulse.collector.cli.AgentHelp",
        description = {"Send what a collector's spool holds to Kafka, in order, and exit when all of it is acknowledged:",
            "a host that was offline, or a spool copied off a host. No collector may use the spool meanwhile."})
public final class SendSpoolCommand implements Callable<Integer> {
    @Mixin
    KafkaClientOptions kafka = new KafkaClientOptions();

    @Option(names = "--spool-dir", paramLabel = "DIR", required = true, description = "The spool directory (collector.spool.dir).")
    Path spoolDir;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5m",
            description = "Give up after this long; what is not acknowledged stays in the spool. Default: ${DEFAULT-VALUE}")
    String timeout;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        Settings settings = kafka.over(kafka.file().withOption(CollectorSettings.SPOOL_DIR, spoolDir));
        Duration limit = Settings.parseDuration(timeout);
        if (limit == null || limit.compareTo(Duration.ofSeconds(1)) < 0) {
            throw UserException.usage("--timeout expects a duration of at least 1s, like 90s or 5m, got '" + timeout + "'");
        }
        SpoolDelivery.Result r = SpoolDelivery.deliver(settings, limit, Collector::kafkaProducer);
        PrintWriter out = spec.commandLine().getOut();
        if (!r.complete()) {
            throw new UserException(r.sent() + " records sent, but the spool " + spoolDir + " still holds some after "
                    + timeout + ": is Kafka reachable? They stay in the spool; run send-spool again");
        }
        out.println("sent " + r.sent() + " records from " + spoolDir + (r.dropped() > 0 ? " (" + r.dropped() + " dropped before or refused as too large)" : ""));
        out.flush();
        return 0;
    }
}
