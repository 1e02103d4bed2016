package io.raidpulse.launcher.up;

import io.raidpulse.launcher.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One {@code raidpulse ARGS} through the real command line in this JVM, its output captured (subcommands' too). */
record CommandRun(int exit, String out, String err) {

    static CommandRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = writingTo(out, err).execute(args);
        return new CommandRun(exit, out.toString(), err.toString());
    }

    /** The real command line, its subcommands' output and errors too written to {@code out} and {@code err}. */
    static CommandLine writingTo(StringWriter out, StringWriter err) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.getSubcommands().values().forEach(c -> {
            c.setOut(new PrintWriter(out, true));
            c.setErr(new PrintWriter(err, true));
        });
        return cli;
    }
}
