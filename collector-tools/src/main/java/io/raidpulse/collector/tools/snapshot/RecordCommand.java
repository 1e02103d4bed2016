package io.raidpulse.collector.tools.snapshot;

import io.raidpulse.collector.tools.RootOptions;
import io.raidpulse.collector.tools.snapshot.SnapshotRecorder;
import io.raidpulse.config.UserException;
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

/** {@code record}: writes numbered snapshot directories (DIR/00000, DIR/00001...) for replay and tests. */
@Command(name = "record", mixinStandardHelpOptions = true,
        description = "Record snapshots of what the collector reads: each a directory laid out like a filesystem root.")
public final class RecordCommand implements Callable<Integer> {
    @Mixin
    RootOptions roots = new RootOptions();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write numbered snapshots into.")
    Path out;

    @Option(names = "--interval", defaultValue = "1", paramLabel = "S", description = "Seconds between snapshots. Default: ${DEFAULT-VALUE}")
    double interval;

    @Option(names = "--count", defaultValue = "2", paramLabel = "N", description = "Number of snapshots. Default: ${DEFAULT-VALUE}")
    int count;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (count < 1 || !(interval > 0)) {
            throw UserException.usage("--count must be at least 1 and --interval positive");
        }
        if (!Files.isRegularFile(roots.roots().diskstats())) {
            throw UserException.usage(roots.roots().diskstats() + " does not exist: is --proc-root a procfs?");
        }
        PrintWriter stdout = spec.commandLine().getOut();
        int existing = 0;
        try {
            Files.createDirectories(out);
            try (var s = Files.list(out)) {
                existing = (int) s.count();
            }
        } catch (IOException e) {
            throw new UserException("cannot write to " + out + ": " + e.getMessage(), e);
        }
        if (existing > 0) {
            throw UserException.usage(out + " is not empty: record into a new directory");
        }
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long due = start + Math.round(i * interval * 1e9);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            Path dir = out.resolve(String.format("%05d", i));
            try {
                SnapshotRecorder.record(roots.roots(), dir);
            } catch (IOException e) {
                throw new UserException("cannot record snapshot " + dir + ": " + e.getMessage(), e);
            }
            stdout.println(dir);
            stdout.flush();
        }
        return 0;
    }
}
