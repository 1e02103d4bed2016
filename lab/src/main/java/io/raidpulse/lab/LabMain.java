package io.raidpulse.lab;

import io.raidpulse.config.Cli;
import io.raidpulse.config.UserException;
import io.raidpulse.lab.recording.Recording;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ./lab/run}: boots real md in QEMU and runs scenarios in it (lab/README.md). */
@Command(name = "lab/run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The real md lab: Debian's stock kernel under QEMU with this host's userland over 9p,",
                "member disks throttled to a disk profile, the collector and a recorder running in the guest."})
public final class LabMain implements Callable<Integer> {
    @Option(names = "--list", description = "List the scenarios and exit.")
    boolean list;

    @Option(names = "--all", description = "Run every scenario.")
    boolean all;

    @Option(names = "--out", paramLabel = "DIR", description = "Results go to DIR/SCENARIO (DIR/SCENARIO@SUITE on another suite than bookworm). Default: lab/out")
    Path out;

    @Option(names = "--pack", description = {"Pack each result for committing as a recording: snapshots/ and spool/ as tar.gz,",
            "iostat.json gzipped (./lab/run --out lab/recordings --pack SCENARIO refreshes a recording)."})
    boolean pack;

    @Option(names = "--accel", paramLabel = "auto|tcg|kvm", defaultValue = "auto",
            description = "auto: KVM where a short probe shows it boots the guest kernel, else TCG. Default: ${DEFAULT-VALUE}")
    String accel;

    @Option(names = "--cpus", paramLabel = "N", defaultValue = "2", description = "Guest CPUs. Default: ${DEFAULT-VALUE}")
    int cpus;

    @Option(names = "--kernel", paramLabel = "SUITE", defaultValue = "bookworm",
            description = {"The Debian suite whose stock kernel the guest boots: bullseye (5.10), bookworm (6.1), trixie (6.12),",
                    "sid (7.x). Fetched from this machine's own Debian archive. Default: ${DEFAULT-VALUE}"})
    String kernel;

    @Option(names = "--kernel-package", paramLabel = "PKG",
            description = "The suite's kernel image package to boot, e.g. linux-image-6.1.0-57-amd64. Default: the one its linux-image-amd64 depends on")
    String kernelPackage;

    @Option(names = "--repo", paramLabel = "DIR", hidden = true, description = "The raidpulse checkout (lab/run passes it).")
    Path repo = Path.of(".");

    @Parameters(paramLabel = "SCENARIO", arity = "0..*", description = "Scenarios to run (see --list).")
    List<String> names = new ArrayList<>();

    @Spec
    CommandSpec command;

    public static void main(String[] args) {
        System.exit(Cli.execute(new LabMain(), args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter stdout = command.commandLine().getOut();
        Path root = repo.toAbsolutePath().normalize();
        List<ScenarioSpec> known = ScenarioSpec.all(root.resolve("lab/scenarios"));
        if (list) {
            int width = known.stream().mapToInt(s -> s.name().length()).max().orElse(10);
            for (ScenarioSpec s : known) {
                stdout.printf("%-" + width + "s  %s%s%n", s.name(), s.summary(), s.inSuite() ? " [suite]" : "");
            }
            return 0;
        }
        List<ScenarioSpec> chosen = new ArrayList<>();
        if (all) {
            chosen.addAll(known);
        }
        for (String n : names) {
            ScenarioSpec s = known.stream().filter(k -> k.name().equals(n)).findFirst().orElseThrow(() -> UserException.usage(
                    "no scenario '" + n + "' in lab/scenarios (./lab/run --list shows them)"));
            if (!chosen.contains(s)) {
                chosen.add(s);
            }
        }
        if (chosen.isEmpty()) {
            throw UserException.usage("name scenarios to run, or --all, or --list");
        }
        if (cpus < 1) {
            throw UserException.usage("--cpus must be at least 1");
        }
        Path results = (out != null ? out : root.resolve("lab/out")).toAbsolutePath().normalize();
        KernelSuite suite = KernelSuite.of(kernel);
        LabSetup setup = LabSetup.prepare(root, suite, kernelPackage, accel, cpus);
        stdout.printf("lab: kernel %s (%s %s, %s), %s, acceleration %s: %s%n", setup.kernel().release(),
                setup.kernel().packageName(), setup.kernel().packageVersion(), suite.suite(), setup.qemuVersion(),
                setup.accel().name(), setup.accel().reason());
        stdout.flush();
        List<LabRun.Result> results1 = new ArrayList<>();
        for (ScenarioSpec s : chosen) {
            stdout.printf("lab: %s: %s (%d disks, timeout %d s)%n", s.name(), s.summary(), s.disks().size(), s.timeoutSeconds());
            stdout.flush();
            LabRun.Result r = LabRun.run(setup, s, results.resolve(LabRun.resultName(s.name(), suite)));
            if (pack && r.ok()) {
                Recording.pack(r.out());
            }
            stdout.printf("lab: %s: %s in %d s, results in %s%n", s.name(), r.outcome(), r.took().toSeconds(), r.out());
            stdout.flush();
            results1.add(r);
        }
        long failed = results1.stream().filter(r -> !r.ok()).count();
        if (results1.size() > 1) {
            stdout.printf("lab: %d of %d scenarios ok%n", results1.size() - failed, results1.size());
        }
        Files.createDirectories(results);
        return failed == 0 ? 0 : 1;
    }
}
