package io.raidpulse.collector.tools.iostat;

import io.raidpulse.collector.sampling.Problem;
import io.raidpulse.collector.sampling.Reading;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.tools.RootOptions;
import io.raidpulse.config.UserException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code iostat}: the iostat -x report from our own reader and math, to diff against sysstat's. */
@Command(name = "iostat", mixinStandardHelpOptions = true,
        description = {"Per-device iostat -x metrics, computed as sysstat 12.6 computes them.",
            "The first report is since boot, like iostat's; with an interval, then one per interval."})
public final class IostatCommand implements Callable<Integer> {
    @Mixin
    RootOptions roots = new RootOptions();

    @Option(names = "--json", description = "One JSON object per device per interval, keys as iostat -x -o JSON's disk entries.")
    boolean json;

    @Parameters(index = "0", arity = "0..1", paramLabel = "interval", description = "Seconds between reports.")
    Double interval;

    @Parameters(index = "1", arity = "0..1", paramLabel = "count", description = "Number of reports (default: forever with an interval, else 1).")
    Long count;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (interval != null && !(interval > 0)) {
            throw UserException.usage("interval must be a positive number of seconds, got " + interval);
        }
        if (count != null && count < 1) {
            throw UserException.usage("count must be at least 1, got " + count);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RootReader reader = new RootReader(roots.roots(), Clock.systemUTC());
        IostatPrinter printer = new IostatPrinter(out, json, roots.roots());
        long reports = count != null ? count : interval == null ? 1 : Long.MAX_VALUE;
        Reading prev = null;
        for (long n = 0; n < reports; n++) {
            if (n > 0) {
                Thread.sleep(Math.round(interval * 1000));
            }
            Reading cur = reader.read();
            for (Problem p : cur.problems()) {
                err.println("warning: " + p.message());
            }
            err.flush();
            if (cur.uptime() == null) {
                throw new UserException(roots.roots().uptime() + " is missing or unreadable: no interval can be computed");
            }
            printer.report(prev, cur);
            prev = cur;
        }
        return 0;
    }
}
