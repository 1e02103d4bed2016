package io.raidpulse.config;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs a picocli command the way every raidpulse command line behaves: a user error (bad
 * option, invalid setting, unreachable service) prints one line to stderr and exits non-zero
 * (2 for usage and configuration, 1 for the environment); only bugs print a stack trace.
 */
public final class Cli {
    /** Exit code for a bug: an exception that is not a {@link UserException}. */
    public static final int EXIT_BUG = 70;

    private Cli() {
    }

    public static CommandLine commandLine(Object command) {
        CommandLine cli = new CommandLine(command);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler(Cli::onParameterError);
        cli.setExecutionExceptionHandler((e, line, parsed) -> onExecutionError(e, line));
        return cli;
    }

    /** {@code command} with {@code subcommands} (new instances of picocli commands) registered under it. */
    public static CommandLine commandLine(Object command, List<Object> subcommands) {
        CommandLine cli = commandLine(command);
        subcommands.forEach(cli::addSubcommand);
        return cli;
    }

    /** Parses and runs {@code args}, returning the exit code. */
    public static int execute(Object command, String... args) {
        return commandLine(command).execute(args);
    }

    private static int onParameterError(CommandLine.ParameterException e, String[] args) {
        CommandLine line = e.getCommandLine();
        PrintWriter err = line.getErr();
        err.println(qualifiedName(line) + ": " + e.getMessage() + " (see '" + qualifiedName(line) + " --help')");
        err.flush();
        return UserException.EXIT_USAGE;
    }

    private static int onExecutionError(Exception e, CommandLine line) {
        return CommandFailure.report(qualifiedName(line), e, line.getErr());
    }

    private static String qualifiedName(CommandLine line) {
        StringBuilder name = new StringBuilder(line.getCommandName());
        for (CommandLine p = line.getParent(); p != null; p = p.getParent()) {
            name.insert(0, p.getCommandName() + " ");
        }
        return name.toString();
    }
}
