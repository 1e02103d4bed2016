package io.raidpulse.launcher.config;

import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code raidpulse config}: work with settings files. */
@Command(name = "config", mixinStandardHelpOptions = true, description = "Settings files.",
        subcommands = {ConfigCommand.Check.class, CommandLine.HelpCommand.class})
public final class ConfigCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code raidpulse config check FILE}. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            description = {"Checks a settings file without starting anything: every value is read by the code of the component that "
                    + "uses it (collector, stream processor, InfluxDB sink, notifiers, Kafka clients), and every key must be one "
                    + "some component reads.",
                "Prints one line 'OK' and exits 0, or one line per problem on stderr and exits 2."})
    public static final class Check implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "A properties file, as given to --config.")
        Path file;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Settings settings = Settings.load(file);
            List<String> problems = ConfigCheck.problems(settings);
            if (problems.isEmpty()) {
                PrintWriter out = spec.commandLine().getOut();
                out.println(file + ": OK (" + settings.keys().size() + " settings, checked by " + String.join(", ", ConfigCheck.componentNames())
                        + ")");
                out.flush();
                return 0;
            }
            PrintWriter err = spec.commandLine().getErr();
            problems.forEach(p -> err.println(file + ": " + p));
            err.flush();
            return UserException.EXIT_USAGE;
        }
    }
}
