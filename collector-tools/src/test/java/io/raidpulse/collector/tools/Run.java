package io.raidpulse.collector.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.collector.CollectorMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs a collector command in-process the way its jar does, capturing its output: the tools and the
 * agent's commands in one tree, as {@code raidpulse} has them, so that a test can hold {@code arrays}
 * and {@code collect} to the same configuration.
 */
public record Run(int exitCode, String out, String err) {

    public static Run of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = CollectorTools.commandLine();
        CollectorMain.commands().forEach(cli::addSubcommand);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        for (CommandLine sub : cli.getSubcommands().values()) {
            sub.setOut(new PrintWriter(out, true));
            sub.setErr(new PrintWriter(err, true));
        }
        int rc = cli.execute(args);
        return new Run(rc, out.toString(), err.toString());
    }

    /** stdout as JSON lines. */
    public List<JsonNode> jsonLines() {
        List<JsonNode> out = new ArrayList<>();
        ObjectMapper m = new ObjectMapper();
        for (String line : out().split("\n")) {
            if (!line.isBlank()) {
                try {
                    out.add(m.readTree(line));
                } catch (java.io.IOException e) {
                    throw new AssertionError("not JSON: " + line, e);
                }
            }
        }
        return out;
    }
}
