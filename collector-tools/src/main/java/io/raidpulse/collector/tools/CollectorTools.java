package io.raidpulse.collector.tools;

import io.raidpulse.collector.CollectorMain;
import io.raidpulse.collector.tools.arrays.ArraysCommand;
import io.raidpulse.collector.tools.cost.SampleCostCommand;
import io.raidpulse.collector.tools.cost.SyntheticHostCommand;
import io.raidpulse.collector.tools.iostat.IostatCommand;
import io.raidpulse.collector.tools.iostat.ReplayCommand;
import io.raidpulse.collector.tools.snapshot.RecordCommand;
import io.raidpulse.collector.tools.top.TopCommand;
import io.raidpulse.config.Cli;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The collector's operator tools, {@code java -jar raidpulse-collector-tools.jar COMMAND ...}: what
 * the agent reads and computes, shown to a person (iostat, arrays, top), kept (record, replay) or measured
 * (sample-cost, synthetic-host). None of it runs in the agent, whose jar does not carry it.
 */
@Command(name = "raidpulse-collector-tools", mixinStandardHelpOptions = true, versionProvider = CollectorMain.Version.class,
        description = "The collector's operator tools: this host's devices and md arrays as the agent reads them, snapshots, cost.")
public final class CollectorTools implements Runnable {

    /** New instances of every tool command, for registration as subcommands of another launcher. */
    public static List<Object> commands() {
        return List.of(new IostatCommand(), new ArraysCommand(), new RecordCommand(), new ReplayCommand(), new TopCommand(),
                new SampleCostCommand(), new SyntheticHostCommand());
    }

    /**
     * This main command with every tool registered, named in usage and error lines as the system
     * property {@code raidpulse.command} says (the packages' {@code raidpulse-collector} runs the tools).
     */
    public static CommandLine commandLine() {
        return Cli.commandLine(new CollectorTools(), commands())
                .setCommandName(System.getProperty("raidpulse.command", "raidpulse-collector-tools"));
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.err);
    }
}
