package io.raidpulse.simulator;

import io.raidpulse.config.UserException;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.scenario.Units;
import io.raidpulse.simulator.tree.LiveTreeWriter;
import io.raidpulse.simulator.tree.SnapshotWriter;
import io.raidpulse.simulator.tree.TreeOutput;
import io.raidpulse.simulator.truth.Episode;
import io.raidpulse.simulator.truth.SaturationRule;
import io.raidpulse.simulator.truth.TruthWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code raidpulse simulate}: a simulated host's /proc and /sys trees from a scenario. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Simulate a host with md arrays under load: writes /proc and /sys trees in the kernel's formats.",
            "Live (default): DIR/proc, DIR/sys and DIR/time are updated every interval, in real time or --speed times faster.",
            "--fast: as fast as possible into numbered snapshots DIR/000001, DIR/000002, ... (each a complete root)."})
public final class SimulateCommand implements Callable<Integer> {
    /** Marks a directory this command writes, so a later run may clear it. */
    static final String MARKER = ".raidpulse-simulator";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", description = "A shipped scenario name (see --list) or a scenario file.")
    String scenario;

    @Option(names = "--list", description = "List the shipped scenarios and exit.")
    boolean list;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory: empty, new, or written by an earlier run.")
    Path out;

    @Option(names = "--fast", description = "Simulate as fast as possible into numbered snapshot directories.")
    boolean fast;

    @Option(names = "--speed", paramLabel = "X", description = "Live mode: run X times faster than real time (default: ${DEFAULT-VALUE}).",
            defaultValue = "1")
    double speed;

    @Option(names = "--truth", paramLabel = "FILE", description = "Write the ground truth (JSON lines: steps, then expected alert episodes).")
    Path truthFile;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (list) {
            for (String name : ShippedScenarios.names()) {
                stdout.printf("%-26s %s%n", name, ShippedScenarios.load(name).description());
            }
            stdout.flush();
            return 0;
        }
        if (scenario == null) {
            throw UserException.usage("a SCENARIO is required (a shipped name from --list, or a file)");
        }
        if (out == null) {
            throw UserException.usage("--out DIR is required");
        }
        if (!(speed > 0) || speed > 1e6) {
            throw UserException.usage("--speed must be above 0 and at most 1000000, got " + speed);
        }
        if (fast && spec.commandLine().getParseResult().hasMatchedOption("--speed")) {
            throw UserException.usage("--speed applies to live mode; --fast runs as fast as it can");
        }
        Scenario s = ShippedScenarios.resolve(scenario);
        prepare(out);
        TreeOutput output = fast ? new SnapshotWriter(out) : new LiveTreeWriter(out);
        stdout.printf("simulating %s (%s, %s steps of %s) into %s%s%n", s.name(), Units.formatSeconds(s.durationSeconds()),
                s.steps(), Units.formatSeconds(s.intervalSeconds()), out,
                fast ? " as numbered snapshots" : ": proc/, sys/, and the simulated time in 'time'");
        stdout.flush();
        Simulation sim = Simulation.start(s, output);
        try (TruthWriter truth = truthFile == null ? null : new TruthWriter(truthFile, header(s))) {
            long started = System.nanoTime();
            while (!sim.finished()) {
                sim.step();
                if (truth != null) {
                    truth.step(sim.lastTruth());
                }
                if (!fast) {
                    long due = started + (long) (sim.steps() * s.intervalSeconds() * 1e9 / speed);
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                }
            }
            List<Episode> episodes = sim.truth().episodes(SaturationRule.DEFAULTS);
            if (truth != null) {
                truth.episodes(episodes);
            }
            stdout.printf("done: %d instants; expected alert episodes with the default thresholds:%n", sim.steps() + 1);
            for (Episode e : episodes) {
                stdout.printf("  %-14s %-8s firing +%s, resolved %s%s%n", e.kind(), e.subject(), offset(s, e.firing()),
                        e.resolved() == null ? "open" : "+" + offset(s, e.resolved()), e.cause() == null ? "" : " (" + e.cause() + ")");
            }
            stdout.flush();
        }
        return 0;
    }

    private static String offset(Scenario s, Instant t) {
        return Units.formatSeconds(t.getEpochSecond() - s.start().getEpochSecond());
    }

    private static Map<String, Object> header(Scenario s) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("scenario", s.name());
        h.put("description", s.description());
        h.put("host", s.host());
        h.put("start_ms", s.start().toEpochMilli());
        h.put("interval_s", s.intervalSeconds());
        h.put("duration_s", s.durationSeconds());
        SaturationRule r = SaturationRule.DEFAULTS;
        h.put("saturation_rule", Map.of("fire_util", r.fireUtil(), "sustain_s", r.sustainSeconds(), "clear_util", r.clearUtil(),
                "clear_s", r.clearSeconds(), "applied_to", "saturation_level: util, capacity_used for parallel devices"));
        return h;
    }

    /** Makes {@code dir} ready: creates it, or clears what an earlier run wrote; refuses anything else. */
    static void prepare(Path dir) throws IOException {
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw UserException.usage("--out " + dir + " is a file, not a directory");
            }
            try (var entries = Files.list(dir)) {
                List<Path> all = entries.toList();
                if (!all.isEmpty() && !Files.exists(dir.resolve(MARKER))) {
                    throw UserException.usage("--out " + dir + " is not empty and was not written by the simulator: choose an empty directory");
                }
                for (Path p : all) {
                    deleteTree(p);
                }
            }
        }
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(MARKER), "written by raidpulse simulate; a later run clears this directory\n");
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (var s = Files.list(p)) {
                for (Path c : s.toList()) {
                    deleteTree(c);
                }
            }
        }
        Files.delete(p);
    }
}
