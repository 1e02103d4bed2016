package io.raidpulse.stream;

import io.raidpulse.config.Cli;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The stream processor's own jar's entry point: {@code java -jar raidpulse-stream-processor.jar COMMAND ...},
 * what the stream image runs. It holds this module's command, {@code stream}, and nothing of the
 * broker, the collector, the simulator or the planner ({@code bench}, {@code plan}), which only
 * {@code raidpulse.jar} carries.
 */
@Command(name = "raidpulse-stream", mixinStandardHelpOptions = true, versionProvider = StreamProcessorMain.Version.class,
        description = "raidpulse stream processor: detectors, aggregates, the InfluxDB sink and the notifiers.")
public final class StreamProcessorMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        CommandLine cli = Cli.commandLine(new StreamProcessorMain());
        StreamCommands.commands().forEach(cli::addSubcommand);
        System.exit(cli.execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The version in the jar's manifest (Implementation-Version). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = StreamProcessorMain.class.getPackage().getImplementationVersion();
            return new String[] {"raidpulse stream processor " + (v == null ? "development build" : v)};
        }
    }
}
