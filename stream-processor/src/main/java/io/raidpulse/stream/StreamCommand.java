package io.raidpulse.stream;

import io.raidpulse.config.KafkaClientOptions;
import io.raidpulse.config.SetOption;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.influx.InfluxOptions;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.influx.sink.SinkSettings;
import io.raidpulse.notify.Notifiers;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code raidpulse stream}: runs the stream processor with its InfluxDB sink and notifiers until
 * stopped (Ctrl-C, SIGTERM). Settings come from {@code --config FILE}; options override them.
 */
@Command(name = "stream", mixinStandardHelpOptions = true, resourceBundle = "io.raidpulse.stream.StreamDefaults",
        description = {"Runs the stream processor: saturation and md-health alerts, windowed aggregates, "
                + "the InfluxDB sink and the notifiers.",
                "Every setting is described in stream-processor/README.md; options override the config file."})
public final class StreamCommand implements Callable<Integer> {

    @Mixin
    KafkaClientOptions kafka = new KafkaClientOptions();

    @Mixin
    InfluxOptions influx = new InfluxOptions();

    @Option(names = "--influx-api", paramLabel = "auto|v1|v2", description = "How to write (influx.api, default ${bundle:influx.api} from /ping).")
    String influxApi;

    @Option(names = "--no-influx", description = "Run without the InfluxDB sink even when influx.url is set.")
    boolean noInflux;

    @Option(names = "--notify", paramLabel = "CHANNELS", description = "Notifier channels (notify.channels), e.g. console,ops:webhook; "
            + "empty for none.")
    String notify;

    @Option(names = "--state-dir", paramLabel = "DIR", description = "Kafka Streams state directory (stream.state-dir).")
    Path stateDir;

    @Mixin
    SetOption set = new SetOption();

    /** The settings these options describe: the file, then --set, then the options over it. */
    Settings settings() {
        return kafka.required(influx.over(set.over(kafka.file()))
                .withOption(InfluxSettings.API, influxApi)
                .withOption(Notifiers.CHANNELS, notify)
                .withOption(StreamApp.STATE_DIR, stateDir)
                .withOption(SinkSettings.ENABLED, noInflux ? "false" : null));
    }

    @Override
    public Integer call() throws Exception {
        StreamService service = StreamService.start(settings());
        Thread hook = new Thread(service::close, "stream-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        System.out.println("raidpulse stream running: " + service.description());
        Throwable failure = service.awaitStop();
        if (failure != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is already running
            }
            service.close();
            throw new UserException("stream processor stopped: " + failure.getMessage(), failure);
        }
        return 0;
    }
}
