package io.raidpulse.collector;

import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.cli.PlainCollectLine;
import io.raidpulse.collector.cli.SendSpoolCommand;
import io.raidpulse.config.Cli;
import io.raidpulse.config.CommandFailure;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The agent jar's entry point: {@code java -jar raidpulse-collector.jar collect ...}. It holds the
 * agent and the one command that finishes the agent's own delivery ({@code send-spool}, the same
 * sender and spool as {@code collect}); the operator tools (iostat, arrays, record, replay,
 * sample-cost, synthetic-host) are in raidpulse-collector-tools.jar and in {@code raidpulse}.
 */
@Command(name = "raidpulse-collector", mixinStandardHelpOptions = true, versionProvider = CollectorMain.Version.class,
        description = "raidpulse host agent: iostat-exact device metrics, md array health, Kafka publishing.")
public final class CollectorMain implements Runnable {

    /** New instances of the agent's commands, for registration as subcommands of another launcher. */
    public static List<Object> commands() {
        return List.of(new CollectCommand(), new SendSpoolCommand());
    }

    /** This main command with the agent's commands registered. */
    public static CommandLine commandLine() {
        return Cli.commandLine(new CollectorMain(), commands());
    }

    /**
     * A plain {@code collect} line (the agent's own, from its unit or container) runs without
     * picocli ({@link PlainCollectLine}); everything else goes through it.
     */
    public static void main(String[] args) {
        CollectCommand plain = PlainCollectLine.parse(args);
        System.exit(plain != null ? CommandFailure.run("raidpulse-collector collect", plain) : commandLine().execute(args));
    }

    /** The version in the jar's manifest (Implementation-Version); the collector tools' too. */
    public static final class Version implements CommandLine.IVersionProvider {
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
