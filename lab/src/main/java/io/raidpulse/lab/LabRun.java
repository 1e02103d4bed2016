package io.raidpulse.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One scenario, start to end: a results directory with {@code lab.env} for the guest, the disk
 * images in a private work directory, QEMU booted, the guest's requests to pull or plug a disk
 * carried out through QMP while it runs, and at the end the manifest; the images, the monitor
 * socket and QEMU itself are gone afterwards, whatever happened.
 *
 * <p>The results directory holds what the guest wrote: {@code events.log} (every action with
 * its time), {@code snapshots/} ({@code raidpulse record} snapshots with mdadm's view of the same
 * moment), {@code spool/} (the collector's spool: every 1 s HostSample of the run),
 * {@code iostat.json}, {@code bench/}, the guest's and the collector's logs, and the console.
 */
public final class LabRun {
    /** How often the host looks for the guest's requests. */
    private static final long POLL_MS = 200;
    /** Seconds between recorder snapshots (and between iostat reports). */
    static final int RECORD_INTERVAL_S = 2;
    /**
     * How long the guest waits for a condition before it gives up (its JVMs started, a snapshot
     * taken, the host's answer, a disk back, md in a state): waits end as soon as the condition
     * holds, so this bounds only a failure, and is ample for a host whose other work slows TCG by
     * several times (two JVMs start in 40 s on a quiet 2-core host, took over 120 s on a loaded one).
     */
    static final Duration GUEST_WAIT = Duration.ofMinutes(10);
    /**
     * A scenario's timeout is its script's, in the guest's progress rather than the host's wall
     * clock: while the guest still writes its events (the last one at most this long ago) the run
     * is given up to {@link #SLOW_HOST_FACTOR} times its timeout, as TCG on a host busy with other
     * work runs the same scenario several times slower.
     */
    static final Duration PROGRESS_STALE = Duration.ofMinutes(10);
    static final int SLOW_HOST_FACTOR = 4;

    private LabRun() {
    }

    /** How it went. */
    public record Result(ScenarioSpec spec, Path out, String outcome, int scenarioRc, Duration took) {
        public boolean ok() {
            return outcome.equals("ok");
        }
    }

    /**
     * The guest's host name, which its samples carry: lab-SCENARIO on the default suite's kernel,
     * lab-SCENARIO-SUITE on another, so that one pipeline keeps each kernel's run apart.
     */
    public static String hostName(String scenario, KernelSuite suite) {
        return "lab-" + scenario + (suite == KernelSuite.DEFAULT ? "" : "-" + suite.suite());
    }

    /** The results directory's name: SCENARIO on the default suite's kernel, SCENARIO@SUITE on another. */
    public static String resultName(String scenario, KernelSuite suite) {
        return scenario + (suite == KernelSuite.DEFAULT ? "" : "@" + suite.suite());
    }

    public static Result run(LabSetup setup, ScenarioSpec spec, Path out) throws IOException, InterruptedException {
        KernelPackage.deleteTree(out);
        Files.createDirectories(out);
        Path work = Files.createTempDirectory("raidpulse-lab-");
        Instant started = Instant.now();
        String outcome;
        int rc = -1;
        try {
            Files.writeString(out.resolve("lab.env"), env(setup, spec), StandardCharsets.UTF_8);
            QemuMachine.Boot boot = new QemuMachine.Boot(setup.kernel(), setup.initramfs(), setup.accel(), setup.cpus(),
                    work, out, setup.repo().resolve("lab/guest/run.sh").toString(), hostName(spec.name(), setup.kernel().suite()));
            try (QemuMachine vm = QemuMachine.start(boot, spec)) {
                // Ctrl-C or a kill of lab/run: QEMU is a child process the JVM would leave running
                Thread cleanup = new Thread(() -> {
                    try {
                        vm.close();
                        KernelPackage.deleteTree(work);
                    } catch (IOException e) {
                        // exiting anyway; the work directory is under the system's temporary directory
                    }
                }, "lab-cleanup");
                Runtime.getRuntime().addShutdownHook(cleanup);
                try {
                    long start = System.nanoTime();
                    long deadline = start + Duration.ofSeconds(spec.timeoutSeconds()).toNanos();
                    long cap = start + Duration.ofSeconds(spec.timeoutSeconds()).multipliedBy(SLOW_HOST_FACTOR).toNanos();
                    while (vm.alive() && (System.nanoTime() < deadline || System.nanoTime() < cap && progressing(out))) {
                        serveRequests(vm, out.resolve("requests"));
                        vm.waitFor(Duration.ofMillis(POLL_MS));
                    }
                } finally {
                    Runtime.getRuntime().removeShutdownHook(cleanup);
                }
                if (vm.alive()) {
                    outcome = "timed out after " + Duration.between(started, Instant.now()).toSeconds() + " s (timeout "
                            + spec.timeoutSeconds() + " s, extended while the guest made progress)";
                } else {
                    Path rcFile = out.resolve("scenario.rc");
                    rc = Files.isRegularFile(rcFile) ? Integer.parseInt(Files.readString(rcFile).trim()) : -1;
                    outcome = rc == 0 ? "ok" : rc < 0 ? "the guest stopped before the scenario ended (see console.log)"
                            : "the scenario failed with exit code " + rc + " (see guest.log)";
                }
            }
        } finally {
            KernelPackage.deleteTree(work);
        }
        Duration took = Duration.between(started, Instant.now());
        Files.deleteIfExists(out.resolve("stop"));
        writeManifest(setup, spec, out, started, took, outcome, rc);
        return new Result(spec, out, outcome, rc, took);
    }

    /** Whether the guest wrote an event or a snapshot within {@link #PROGRESS_STALE}: slow, not stuck. */
    static boolean progressing(Path out) throws IOException {
        for (Path p : List.of(out.resolve("events.log"), out.resolve("snapshots/last"))) {
            if (Files.exists(p) && Duration.between(Files.getLastModifiedTime(p).toInstant(), Instant.now()).compareTo(PROGRESS_STALE) < 0) {
                return true;
            }
        }
        return false;
    }

    /** Carries out each request file the guest left ("pull d2", "plug d2") once, answering in NAME.done. */
    private static void serveRequests(QemuMachine vm, Path requests) throws IOException {
        if (!Files.isDirectory(requests)) {
            return;
        }
        List<Path> pending = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(requests, "*.req")) {
            d.forEach(pending::add);
        }
        pending.sort(null);
        for (Path req : pending) {
            String base = req.getFileName().toString().replace(".req", "");
            Path done = requests.resolve(base + ".done");
            if (Files.exists(done)) {
                continue;
            }
            String[] words = Files.readString(req).trim().split("\\s+");
            String answer;
            try {
                int disk = words.length == 2 && words[1].matches("d\\d+") ? Integer.parseInt(words[1].substring(1)) : -1;
                if (disk < 0) {
                    answer = "error: expected 'pull dN' or 'plug dN', got '" + String.join(" ", words) + "'";
                } else if (words[0].equals("pull")) {
                    vm.pull(disk);
                    answer = "ok";
                } else if (words[0].equals("plug")) {
                    vm.plug(disk);
                    answer = "ok";
                } else {
                    answer = "error: unknown request '" + words[0] + "'";
                }
            } catch (IOException e) {
                answer = "error: " + e.getMessage();
            }
            Path tmp = requests.resolve(base + ".tmp");
            Files.writeString(tmp, answer + "\n");
            Files.move(tmp, done, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    static String env(LabSetup setup, ScenarioSpec spec) {
        StringBuilder disks = new StringBuilder();
        for (int i = 0; i < spec.disks().size(); i++) {
            LabDisk p = spec.disks().get(i).profile();
            disks.append(i == 0 ? "" : " ").append(spec.guestName(i)).append(":d").append(i).append(':')
                    .append(p.name()).append(':').append(p.rotational() ? 1 : 0);
        }
        return "LAB_REPO=" + q(setup.repo().toString()) + "\n"
                + "LAB_SCENARIO=" + q(spec.name()) + "\n"
                + "LAB_SCRIPT=" + q(spec.script().toAbsolutePath().toString()) + "\n"
                + "LAB_JAVA=" + q(setup.java().toString()) + "\n"
                + "LAB_COLLECTOR_JAR=" + q(setup.collectorJar().toString()) + "\n"
                + "LAB_CLASSPATH=" + q(setup.labJar().toString()) + "\n"
                + "LAB_DISKS=" + q(disks.toString()) + "\n"
                + "LAB_RECORD_INTERVAL=" + RECORD_INTERVAL_S + "\n"
                + "LAB_IOSTAT_INTERVAL=" + RECORD_INTERVAL_S + "\n"
                + "LAB_WAIT_S=" + GUEST_WAIT.toSeconds() + "\n";
    }

    private static String q(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static void writeManifest(LabSetup setup, ScenarioSpec spec, Path out, Instant started, Duration took,
                                      String outcome, int rc) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", spec.name());
        m.put("summary", spec.summary());
        m.put("script", setup.repo().relativize(spec.script().toAbsolutePath()).toString());
        Map<String, Object> kernel = new LinkedHashMap<>();
        kernel.put("package", setup.kernel().packageName());
        kernel.put("version", setup.kernel().packageVersion());
        kernel.put("release", setup.kernel().release());
        kernel.put("suite", setup.kernel().suite().suite());
        kernel.put("packages", setup.kernel().packages());
        m.put("kernel", kernel);
        m.put("qemu", setup.qemuVersion());
        m.put("accel", Map.of("name", setup.accel().name(), "reason", setup.accel().reason()));
        m.put("cpus", setup.cpus());
        m.put("memory_mib", spec.memoryMiB());
        List<Map<String, Object>> disks = new ArrayList<>();
        for (int i = 0; i < spec.disks().size(); i++) {
            ScenarioSpec.Disk d = spec.disks().get(i);
            Map<String, Object> dm = new LinkedHashMap<>();
            dm.put("guest", spec.guestName(i));
            dm.put("id", "d" + i);
            dm.put("bytes", d.bytes());
            dm.put("profile", d.profile().name());
            dm.put("backing", d.profile().backing().name().toLowerCase(Locale.ROOT));
            dm.put("iops", d.profile().iops());
            if (d.profile().writeIops() > 0) {
                dm.put("write_iops", d.profile().writeIops());
            }
            if (d.profile().bus().scsi()) {
                dm.put("controller", d.profile().bus().controller());
                dm.put("vendor", d.profile().vendor());
                dm.put("product", d.profile().product());
            }
            dm.put("bytes_per_sec", d.profile().bytesPerSec());
            dm.put("latency_ns", d.profile().latencyNs());
            disks.add(dm);
        }
        m.put("disks", disks);
        m.put("tools", setup.tools());
        m.put("host_kernel", System.getProperty("os.version"));
        m.put("record_interval_s", RECORD_INTERVAL_S);
        m.put("started", started.toString());
        m.put("seconds", took.toMillis() / 1000.0);
        m.put("outcome", outcome);
        m.put("scenario_rc", rc);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.resolve("manifest.json").toFile(), m);
    }
}
