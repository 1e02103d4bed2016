package io.raidpulse.collector.tools.cost;

import io.raidpulse.config.UserException;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code synthetic-host}: the synthetic host that {@code sample-cost} measures, written under DIR (proc/
 * and sys/) with counters moving every interval, to measure a whole {@code collect} process
 * against (collector/README.md, Performance). For scenarios with realistic md behaviour use
 * the project's {@code raidpulse simulate}.
 */
@Command(name = "synthetic-host", mixinStandardHelpOptions = true,
        description = "Write sample-cost's synthetic host (disks, md arrays) under --out and keep its counters moving until stopped.")
public final class SyntheticHostCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to create (must not exist or be empty).")
    Path out;

    @Mixin
    SyntheticHostOptions host = new SyntheticHostOptions();

    @Option(names = "--interval", defaultValue = "1", paramLabel = "S", description = "Seconds between counter updates. Default: ${DEFAULT-VALUE}")
    double interval;

    @Option(names = "--count", defaultValue = "0", paramLabel = "N", description = "Updates before exiting; 0 runs until stopped.")
    long count;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (!host.fit() || !(interval > 0)) {
            throw UserException.usage("need --devices >= 4 x --arrays, --cgroups >= 0 and a positive --interval");
        }
        try {
            if (Files.exists(out)) {
                try (var s = Files.list(out)) {
                    if (s.findAny().isPresent()) {
                        throw UserException.usage(out + " is not empty: use a new directory");
                    }
                }
            }
            SyntheticHost synthetic = host.write(out, System.nanoTime());
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.println("synthetic host of " + host.devices + " disks, " + host.arrays + " md arrays and " + host.cgroups + " cgroups under " + out
                    + ": collect with --proc-root " + out.resolve("proc") + " --sys-root " + out.resolve("sys"));
            stdout.flush();
            for (long n = 0; count == 0 || n < count; n++) {
                Thread.sleep(Math.round(interval * 1000));
                synthetic.advance(interval);
            }
            return 0;
        } catch (IOException e) {
            throw new UserException("cannot write the synthetic host under " + out + ": " + e.getMessage(), e);
        }
    }
}
