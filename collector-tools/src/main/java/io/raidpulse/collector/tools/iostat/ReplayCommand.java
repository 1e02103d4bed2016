package io.raidpulse.collector.tools.iostat;

import io.raidpulse.collector.sampling.Problem;
import io.raidpulse.collector.sampling.Reading;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.collector.tools.snapshot.Snapshots;
import io.raidpulse.config.UserException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code replay}: iostat metrics for each consecutive pair of snapshots, interval from their proc/uptime. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "iostat -x metrics for each consecutive pair of snapshot directories (see 'record').")
public final class ReplayCommand implements Callable<Integer> {
    @Option(names = "--json", description = "One JSON object per device per interval, keys as iostat -x -o JSON's.")
    boolean json;

    @Parameters(arity = "1..*", paramLabel = "SNAPSHOT",
            description = "Snapshot directories in order, or one directory holding numbered snapshot directories.")
    List<Path> snapshots;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<Path> dirs = Snapshots.expand(snapshots);
        if (dirs.size() < 2) {
            throw UserException.usage("replay needs at least two snapshots, got " + dirs.size());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Reading prev = null;
        for (Path dir : dirs) {
            Roots roots = Roots.of(dir);
            Reading cur = new RootReader(roots, Clock.systemUTC()).read();
            for (Problem p : cur.problems()) {
                err.println("warning: " + p.message());
            }
            err.flush();
            if (cur.uptime() == null) {
                throw UserException.usage(dir + ": proc/uptime is missing or unreadable");
            }
            if (prev != null) {
                if (cur.uptime().centiseconds() < prev.uptime().centiseconds()) {
                    throw UserException.usage(dir + ": uptime is earlier than the previous snapshot's (a reboot, or snapshots out of order)");
                }
                new IostatPrinter(out, json, roots).report(prev, cur);
            }
            prev = cur;
        }
        return 0;
    }
}
