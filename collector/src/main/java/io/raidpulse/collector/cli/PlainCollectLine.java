package io.raidpulse.collector.cli;

import io.raidpulse.config.KafkaClientOptions;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's own command line, {@code collect} followed by its options, read without picocli:
 * the model picocli builds of the command (its annotations, help texts and converters) held
 * 3.5-4 MiB of the agent's resident memory for the whole of its life, to read nine options once.
 * Only a plain line is read here: each option once, as {@code --name value} or {@code
 * --name=value}, with a value that is not itself an option. Anything else (help, the version, an
 * unknown or repeated option, a missing value, an argument file, {@code --}) is left to picocli,
 * which answers it as it always did; {@code PlainCollectLineTest} holds the two to the same
 * settings and to the same set of options.
 */
public final class PlainCollectLine {
    /** The options read here; CollectCommand declares them for picocli (and its help). */
    static final List<String> OPTIONS = List.of("--config", "--bootstrap-servers", "--interval", "--spool-dir", "--spool-max",
            "--host", "--proc-root", "--sys-root", "--clock-file");

    private PlainCollectLine() {
    }

    /** The collect command {@code args} give, or null when they are not a plain collect line. */
    public static CollectCommand parse(String[] args) {
        if (args.length == 0 || !args[0].equals("collect")) {
            return null;
        }
        Map<String, String> given = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return null;
            }
            if (!OPTIONS.contains(name) || value.startsWith("-") || value.startsWith("@") || given.put(name, value) != null) {
                return null;
            }
        }
        try {
            CollectCommand c = new CollectCommand();
            c.kafka = KafkaClientOptions.of(path(given.get("--config")), given.get("--bootstrap-servers"));
            c.interval = given.get("--interval");
            c.spoolDir = path(given.get("--spool-dir"));
            c.spoolMax = given.get("--spool-max");
            c.host = given.get("--host");
            c.procRoot = path(given.get("--proc-root"));
            c.sysRoot = path(given.get("--sys-root"));
            c.clockFile = path(given.get("--clock-file"));
            return c;
        } catch (InvalidPathException e) {
            // picocli says which option it was
            return null;
        }
    }

    private static Path path(String value) {
        return value == null ? null : Path.of(value);
    }
}
