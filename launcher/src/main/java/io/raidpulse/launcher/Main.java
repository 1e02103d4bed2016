package io.raidpulse.launcher;

import io.raidpulse.collector.CollectorMain;
import io.raidpulse.collector.tools.CollectorTools;
import io.raidpulse.config.Cli;
import io.raidpulse.launcher.capacity.CapacityCommand;
import io.raidpulse.launcher.config.ConfigCommand;
import io.raidpulse.launcher.fleet.FleetCommand;
import io.raidpulse.launcher.up.UpCommand;
import io.raidpulse.planner.PlannerCommands;
import io.raidpulse.simulator.SimulatorCommands;
import io.raidpulse.stream.StreamCommands;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code raidpulse} command: every subcommand of every component in one place. */
@Command(name = "raidpulse",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Disk and md RAID saturation, health and capacity, streamed through Kafka.",
        subcommands = {UpCommand.class, BrokerCommand.class, CapacityCommand.class, ConfigCommand.class,
            FleetCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The full command tree, also used by tests. */
    public static CommandLine commandLine() {
        CommandLine cli = Cli.commandLine(new Main());
        CollectorMain.commands().forEach(cli::addSubcommand);
        CollectorTools.commands().forEach(cli::addSubcommand);
        StreamCommands.commands().forEach(cli::addSubcommand);
        PlannerCommands.commands().forEach(cli::addSubcommand);
        SimulatorCommands.commands().forEach(cli::addSubcommand);
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
