package io.raidpulse.collector.tools.cost;

import io.raidpulse.collector.cgroup.AttributionSettings;
import io.raidpulse.collector.cli.CollectCommand;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.procfs.KeptFiles;
import io.raidpulse.collector.sample.HostSample;
import io.raidpulse.collector.sample.SampleEncoding;
import io.raidpulse.collector.sampling.HostSampler;
import io.raidpulse.collector.sampling.RootReader;
import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.config.Settings;
import io.raidpulse.config.UserException;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: CPU per sampling cycle (read + parse + compute + encode) on a synthetic host
 * of {@code --devices} disks and {@code --arrays} md arrays. Counters move between cycles
 * (not timed). With {@code --cgroups N} the host has a cgroup tree, and a second sampler with
 * attribution off samples the same tree in alternate cycles: the cost of reading io.stat is the
 * ratio of the two, measured side by side. CPU time is the sampling thread's own (ThreadMXBean); JIT and GC threads are
 * not in it, which is why collector/README.md also gives whole-process figures for collect.
 */
@Command(name = "sample-cost", mixinStandardHelpOptions = true,
        description = "Measure CPU per sampling cycle on a synthetic host (default 64 disks, 8 md arrays).")
public final class SampleCostCommand implements Callable<Integer> {
    @Mixin
    SyntheticHostOptions host = new SyntheticHostOptions();

    @Option(names = "--warmup", defaultValue = "300", description = "Cycles before measuring. Default: ${DEFAULT-VALUE}")
    int warmup;

    @Option(names = "--cycles", defaultValue = "1000", description = "Measured cycles. Default: ${DEFAULT-VALUE}")
    int cycles;

    @Option(names = "--reading", defaultValue = "kept",
            description = "kept: the host's moving files rewritten in place and kept open, as a real host's /proc, /sys and cgroupfs files are; "
                    + "files: replaced by renames, each read opened and closed. Default: ${DEFAULT-VALUE}")
    String reading;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!host.fit() || cycles < 1 || warmup < 0) {
            throw UserException.usage("need --devices >= 4 x --arrays, --cgroups >= 0 and --cycles >= 1");
        }
        if (!reading.equals("kept") && !reading.equals("files")) {
            throw UserException.usage("--reading " + reading + ": kept or files");
        }
        boolean kept = reading.equals("kept");
        String wasKept = System.getProperty(KeptFiles.ANY_FILESYSTEM_PROPERTY);
        if (kept) {
            System.setProperty(KeptFiles.ANY_FILESYSTEM_PROPERTY, "any");
        }
        Path dir = Files.createTempDirectory("raidpulse-bench");
        try {
            SyntheticHost synthetic = host.write(dir, 1);
            if (kept) {
                synthetic.rewrittenInPlace();
            }
            Roots roots = Roots.of(dir);
            HostSampler sampler = new HostSampler(new RootReader(roots, Clock.systemUTC()), DeviceFilter.defaults(),
                    HostInfo.identity(roots, null), CollectCommand.version(), Instant.now(),
                    new BlockInventory(roots.sys(), null), System::nanoTime);
            HostSampler without = host.cgroups == 0 ? null : new HostSampler(new RootReader(roots, Clock.systemUTC()),
                    DeviceFilter.defaults(), HostInfo.identity(roots, null), CollectCommand.version(), Instant.now(),
                    new BlockInventory(roots.sys(), null), System::nanoTime, java.util.Map.of(),
                    AttributionSettings.from(Settings.of(java.util.Map.of("collector.attribution.enabled", "false"))));
            long[] cpuWithout = new long[cycles];
            int cgroupsRead = 0;
            int readings = 0;
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long[] cpu = new long[cycles];
            long[] wall = new long[cycles];
            int bytes = 0;
            int deviceCount = 0;
            for (int i = 0; i < warmup + cycles; i++) {
                synthetic.advance(1.0);
                long c0 = threads.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                // as Collector samples and encodes
                HostSample s = sampler.next(i, 0);
                byte[] encoded = SampleEncoding.encode(s);
                long w1 = System.nanoTime();
                long c1 = threads.getCurrentThreadCpuTime();
                if (i >= warmup) {
                    cpu[i - warmup] = c1 - c0;
                    wall[i - warmup] = w1 - w0;
                    bytes = encoded.length;
                    deviceCount = s.getDevices().size();
                    int read = s.getIoAttribution() == null ? 0 : s.getIoAttribution().getCgroupsRead();
                    if (read > 0) {
                        // collector.attribution.interval: auto spaces the readings on a tree this size
                        cgroupsRead = read;
                        readings++;
                    }
                }
                if (without != null) {
                    long c2 = threads.getCurrentThreadCpuTime();
                    SampleEncoding.encode(without.next(i, 0));
                    long c3 = threads.getCurrentThreadCpuTime();
                    if (i >= warmup) {
                        cpuWithout[i - warmup] = c3 - c2;
                    }
                }
            }
            long[] sortedCpu = cpu.clone();
            Arrays.sort(sortedCpu);
            long[] sortedWall = wall.clone();
            Arrays.sort(sortedWall);
            double meanCpuUs = Arrays.stream(cpu).average().orElse(0) / 1000;
            PrintWriter out = spec.commandLine().getOut();
            out.printf("synthetic host: %d disks, %d md arrays (%d devices sampled per cycle), HostSample %d bytes encoded%n",
                    host.devices, host.arrays, deviceCount, bytes);
            out.printf("cycles measured: %d after %d warm-up; files %s%n", cycles, warmup,
                    kept ? "kept open and read again from offset 0 (as a real host's)" : "opened, read and closed each time");
            out.printf("CPU per cycle: mean %.0f us, p50 %.0f us, p99 %.0f us%n", meanCpuUs,
                    sortedCpu[cycles / 2] / 1000.0, sortedCpu[Math.min(cycles - 1, (int) (cycles * 0.99))] / 1000.0);
            out.printf("wall per cycle: p50 %.0f us, p99 %.0f us%n", sortedWall[cycles / 2] / 1000.0,
                    sortedWall[Math.min(cycles - 1, (int) (cycles * 0.99))] / 1000.0);
            out.printf("at a 1 s interval: %.3f%% of one core for sampling%n", meanCpuUs / 1_000_000 * 100);
            if (without != null) {
                double meanWithoutUs = Arrays.stream(cpuWithout).average().orElse(0) / 1000;
                out.printf("with %d cgroups (%d io.stat a reading, %d readings in %d cycles): mean %.0f us a cycle; the same tree "
                        + "without attribution: mean %.0f us; ratio %.2f%n", host.cgroups, cgroupsRead, readings, cycles, meanCpuUs,
                        meanWithoutUs, meanCpuUs / meanWithoutUs);
            }
            out.flush();
            return 0;
        } finally {
            if (kept) {
                if (wasKept == null) {
                    System.clearProperty(KeptFiles.ANY_FILESYSTEM_PROPERTY);
                } else {
                    System.setProperty(KeptFiles.ANY_FILESYSTEM_PROPERTY, wasKept);
                }
            }
            try (var walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
