package io.raidpulse.collector;

import io.raidpulse.collector.cli.ArraysCommand;
import io.raidpulse.collector.cli.SampleCostCommand;
import io.raidpulse.collector.cli.SyntheticHostCommand;
import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.cli.IostatCommand;
import io.raidpulse.collector.cli.RecordCommand;
import io.raidpulse.collector.cli.ReplayCommand;
import io.raidpulse.collector.cli.SendSpoolCommand;
import io.raidpulse.config.Cli;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The collector jar's entry point: {@code java -jar raidpulse-collector.jar COMMAND ...}. */
@Command(name = "raidpulse-collector", mixinStandardHelpOptions = true, versionProvider = CollectorMain.Version.class,
        description = "raidpulse host agent: iostat-exact device metrics, md array health, Kafka publishing.")
public final class CollectorMain implements Runnable {

    /** New instances of every collector command, for registration as subcommands of another launcher. */
    public static List<Object> commands() {
        return List.of(new CollectCommand(), new IostatCommand(), new ArraysCommand(), new RecordCommand(),
                new ReplayCommand(), new SendSpoolCommand(), new SampleCostCommand(), new SyntheticHostCommand());
    }

    /** This main command with every collector command registered. */
    public static CommandLine commandLine() {
        CommandLine cli = Cli.commandLine(new CollectorMain());
        for (Object c : commands()) {
            cli.addSubcommand(c);
        }
        return cli;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The version in the jar's manifest (Implementation-Version). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"raidpulse collector " + CollectCommand.version()};
        }
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.err);
    }
}
