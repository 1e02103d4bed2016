package io.raidpulse.planner.profiles;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code raidpulse bench}: benchmark profiles on {@code raidpulse.benchmarks}. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmark profiles: the capacity the stream processor compares each array with.",
            "Profiles live on the compacted topic raidpulse.benchmarks (topics.benchmarks)."},
        subcommands = {BenchImportCommand.class, BenchListCommand.class, BenchShowCommand.class})
public final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
