package io.raidpulse.collector.tools.top;

import io.raidpulse.collector.cgroup.AttributionSettings;
import io.raidpulse.collector.cgroup.CgroupHierarchy;
import io.raidpulse.collector.cgroup.IoAttributor;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.collector.tools.RootOptions;
import io.raidpulse.collector.tools.snapshot.Snapshots;
import io.raidpulse.config.UserException;
import io.raidpulse.schema.HostSample;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code raidpulse top}: who loads each array, live, as iotop shows who does I/O: per md array its
 * util, its members' I/Os and each consumer's share of them (cgroup v2 io.stat, as the collector
 * reads it), then the standalone devices; or the interval between two recorded snapshots.
 */
@Command(name = "top", mixinStandardHelpOptions = true,
        description = {"Per md array: util, member load and the consumers (services, containers, sessions) with their share of it,",
            "from cgroup v2 io.stat, refreshed every interval; then standalone disks and hardware RAID volumes."})
public final class TopCommand implements Callable<Integer> {
    @Mixin
    RootOptions roots = new RootOptions();

    @Option(names = "--interval", defaultValue = "1", paramLabel = "S", description = "Seconds between refreshes. Default: ${DEFAULT-VALUE}")
    double interval;

    @Option(names = "--once", description = "Print one interval and exit.")
    boolean once;

    @Option(names = "--json", description = "One JSON object per interval (with --once: one, for scripts).")
    boolean json;

    @Option(names = "--top", defaultValue = "5", paramLabel = "N",
            description = "Consumers kept apart per device, the rest summed as other (collector.attribution.top). Default: ${DEFAULT-VALUE}")
    int top;

    @Option(names = "--between", arity = "2", paramLabel = "SNAPSHOT",
            description = "The interval between two snapshots written by 'record' instead of this host's.")
    List<Path> between;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (!(interval > 0) || interval > 3600) {
            throw UserException.usage("--interval must be more than 0 and at most 3600 seconds, got " + interval);
        }
        if (top < 1 || top > 50) {
            throw UserException.usage("--top must be 1 to 50, got " + top);
        }
        AttributionSettings settings = new AttributionSettings(true, top, List.of(), List.of(), AttributionSettings.DEFAULTS.depth(),
                AttributionSettings.DEFAULTS.sessions(), AttributionSettings.DEFAULTS.pods(), Duration.ZERO); // every interval's own
        PrintWriter out = spec.commandLine().getOut();
        if (between != null) {
            print(out, TopReport.of(between(settings)));
            return 0;
        }
        Roots r = roots.roots();
        if (!Files.isRegularFile(r.diskstats())) {
            throw UserException.usage(r.diskstats() + " does not exist: is --proc-root a procfs?");
        }
        HostSampler sampler = new HostSampler(new RootReader(r, Clock.systemUTC()), DeviceFilter.defaults(), HostInfo.identity(r, null),
                "top", Instant.now(), new BlockInventory(r.sys(), null), System::nanoTime, Map.of(), settings);
        sampler.sample(0, 0);
        boolean terminal = !json && !once && System.console() != null;
        for (long n = 1; ; n++) {
            Thread.sleep(Math.round(interval * 1000));
            HostSample s = sampler.sample(n, 0);
            if (terminal) {
                out.print("\033[H\033[2J"); // refresh in place, as top and iotop do
            }
            print(out, TopReport.of(s));
            if (once) {
                return 0;
            }
        }
    }

    private void print(PrintWriter out, TopReport report) {
        if (json) {
            TopPrinter.json(out, report);
        } else {
            TopPrinter.text(out, report);
        }
    }

    /** The second sample of a sampler that reads the first snapshot, then the second: their interval. */
    private HostSample between(AttributionSettings settings) {
        List<Path> dirs = Snapshots.expand(between);
        if (dirs.size() != 2) {
            throw UserException.usage("--between needs two snapshots, got " + dirs.size());
        }
        AtomicReference<Roots> current = new AtomicReference<>(Roots.of(dirs.get(0)));
        Roots last = Roots.of(dirs.get(1));
        IoAttributor attributor = new IoAttributor(() -> new CgroupHierarchy(current.get().sys()), settings);
        HostSampler sampler = new HostSampler(() -> new RootReader(current.get(), Clock.systemUTC()).read(), DeviceFilter.defaults(),
                HostInfo.identity(last, null), "top", Instant.now(), new BlockInventory(last.sys(), null)::scan, System::nanoTime,
                last.sys(), Map.of(), attributor);
        HostSample first = sampler.sample(0, 0);
        if (first.getUptimeS() == 0) {
            throw UserException.usage(dirs.get(0) + ": proc/uptime is missing or unreadable");
        }
        current.set(last);
        HostSample second = sampler.sample(1, 0);
        if (second.getIntervalS() == null) {
            throw UserException.usage(dirs.get(1) + ": no interval after " + dirs.get(0)
                    + " (uptime missing, earlier than the first's, or days later: a reboot, or snapshots out of order)");
        }
        return second;
    }
}
