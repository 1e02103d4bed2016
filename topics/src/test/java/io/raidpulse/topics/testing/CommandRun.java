package io.raidpulse.topics.testing;

import io.raidpulse.config.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs a command in-process as the raidpulse jar does (one-line errors, exit codes), capturing stdout and stderr. */
public record CommandRun(int exit, String out, String err) {

    public static CommandRun of(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Cli.commandLine(command);
        wire(cli, new PrintWriter(out, true), new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new CommandRun(exit, out.toString(), err.toString());
    }

    private static void wire(CommandLine cli, PrintWriter out, PrintWriter err) {
        cli.setOut(out);
        cli.setErr(err);
        cli.getSubcommands().values().forEach(sub -> wire(sub, out, err));
    }

    /** stderr's lines. */
    public java.util.List<String> errLines() {
        return err.isEmpty() ? java.util.List.of() : java.util.List.of(err.split("\\R"));
    }
}
