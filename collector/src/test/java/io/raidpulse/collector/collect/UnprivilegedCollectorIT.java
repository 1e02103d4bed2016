package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.collector.snapshot.SyntheticHost;
import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The collector needs no root. The shipped jar runs as uid/gid 65534 (nobody, no groups, via
 * setpriv): {@code iostat} and {@code arrays} on this machine's own /proc and /sys, and the agent
 * ({@code collect}) publishing real samples of this machine to a broker; and, traced with
 * strace, {@code collect} on a synthetic host's tree: every file and directory it looks at
 * there is one DEPLOYMENT.md lists under "What the collector reads". Needs root (to switch
 * users), setpriv and strace (util-linux, strace); fails, never skips, without them.
 */
class UnprivilegedCollectorIT {
    private static final String NOBODY = "65534";

    private Path work;

    @BeforeEach
    void worldReadableWorkDir() throws Exception {
        assertThat(new com.sun.security.auth.module.UnixSystem().getUid()).as("switching to uid 65534 needs root").isZero();
        for (String tool : List.of("setpriv", "strace")) {
            assertThat(Stream.of("/usr/bin", "/bin", "/usr/sbin").map(d -> Path.of(d, tool)).anyMatch(Files::isExecutable))
                    .as("%s installed (Debian: apt-get install -y %s)", tool, tool.equals("setpriv") ? "util-linux" : "strace").isTrue();
        }
        // not under JUnit's @TempDir: that is mode 700, and uid 65534 must read the jar and the tree
        work = Files.createTempDirectory("raidpulse-unprivileged", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.copy(Path.of("target", "raidpulse-collector.jar"), work.resolve("collector.jar"));
    }

    @AfterEach
    void removeWorkDir() throws IOException {
        if (work != null) {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private record Run(int exit, String out, String err) {
    }

    /** {@code java -jar collector.jar ARGS} as uid/gid 65534 without supplementary groups; stopped (SIGTERM) after {@code runFor}. */
    private Run asNobody(List<String> prefix, Duration runFor, String... args) throws Exception {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-jar", work.resolve("collector.jar").toString()));
        command.addAll(List.of(args));
        Path out = work.resolve("out-" + System.nanoTime());
        Path err = work.resolve("err-" + System.nanoTime());
        Process p = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(runFor.toMillis(), TimeUnit.MILLISECONDS)) {
            // SIGTERM to the collector itself (under strace, a child of it): strace ends with its tracee
            p.descendants().forEach(ProcessHandle::destroy);
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroy();
            }
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("did not stop within 35 s of SIGTERM: " + command);
            }
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void iostatArraysAndTheAgentRunAsNobodyOnThisMachine() throws Exception {
        Run iostat = asNobody(List.of(), Duration.ofSeconds(60), "iostat", "--json", "1", "2");
        assertThat(iostat.exit()).as("iostat as nobody: %s", iostat.err()).isZero();
        List<String> lines = iostat.out().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as("one JSON object per device per report").isNotEmpty();
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertThat(first.has("disk_device") || first.has("util")).as("%s", lines.get(0)).isTrue();

        Run arrays = asNobody(List.of(), Duration.ofSeconds(60), "arrays", "--json");
        assertThat(arrays.exit()).as("arrays as nobody: %s", arrays.err()).isZero();

        // the agent itself, on this machine's /proc and /sys, OSHI included, with a spool nobody owns
        Path spool = Files.createDirectory(work.resolve("spool"));
        run("chown", NOBODY + ":" + NOBODY, spool.toString());
        try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"))) {
            kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
            Run collect = asNobody(List.of(), Duration.ofSeconds(8), "collect", "--bootstrap-servers", kafka.bootstrapServers(),
                    "--interval", "1s", "--spool-dir", spool.toString(), "--host", "unprivileged");
            assertThat(collect.err() + collect.out()).doesNotContain("Exception").doesNotContain("cannot");
            List<HostSample> samples = HostSamplesTopic.readAll(kafka);
            assertThat(samples).as("samples of this machine published by nobody: %s", collect.err()).hasSizeGreaterThanOrEqualTo(3);
            assertThat(samples.get(samples.size() - 1).getDevices()).as("devices of this machine").isNotEmpty();
            assertThat(samples).allSatisfy(s -> assertThat(s.getReadErrors()).as("read errors").allSatisfy((kind, n) -> assertThat(n).isZero()));
        }
    }

    @Test
    void everyFileTheAgentReadsIsListedInDeployment() throws Exception {
        SyntheticHost host = new SyntheticHost(work.resolve("host"), 8, 2, 3);
        host.advance(1);
        Path spool = Files.createDirectory(work.resolve("spool"));
        run("chown", "-R", NOBODY + ":" + NOBODY, spool.toString());
        run("chmod", "-R", "a+rX", work.resolve("host").toString());
        Path trace = work.resolve("trace");
        // Kafka is not there: the agent samples and spools all the same
        Run collect = asNobody(List.of("strace", "-f", "--seccomp-bpf", "-qq", "-o", trace.toString(), "-e",
                        "trace=open,openat,openat2,stat,lstat,newfstatat,statx,access,faccessat,faccessat2,readlink,readlinkat"),
                Duration.ofSeconds(10), "collect", "--bootstrap-servers", "127.0.0.1:1", "--interval", "1s",
                "--spool-dir", spool.toString(), "--host", "traced",
                "--proc-root", host.root().resolve("proc").toString(), "--sys-root", host.root().resolve("sys").toString());
        assertThat(collect.err()).as("the agent ran").contains("collecting from");

        Set<String> touched = new TreeSet<>();
        Pattern quoted = Pattern.compile("\"(" + Pattern.quote(host.root().toString()) + "/[^\"]*)\"");
        for (String line : Files.readAllLines(trace, StandardCharsets.UTF_8)) {
            Matcher m = quoted.matcher(line);
            while (m.find()) {
                touched.add("/" + host.root().relativize(Path.of(m.group(1))));
            }
        }
        assertThat(touched).as("what the agent looked at in the tree").contains("/proc/diskstats", "/proc/uptime", "/proc/mdstat",
                "/sys/block/md0/md/level", "/proc/sys/kernel/random/boot_id");

        List<PathMatcher> documented = documented();
        assertThat(touched).as("read by the collector but not in DEPLOYMENT.md's list")
                .allSatisfy(p -> assertThat(documented).anySatisfy(d -> assertThat(d.matches(Path.of(p))).isTrue()));
    }

    /** The paths of DEPLOYMENT.md's "What the collector reads" table as globs: `{a,b}`, `*`. */
    private static List<PathMatcher> documented() throws IOException {
        String doc = Files.readString(Path.of("..", "DEPLOYMENT.md"));
        int from = doc.indexOf("### What the collector reads");
        String section = doc.substring(from, doc.indexOf("\n## ", from));
        List<PathMatcher> out = new ArrayList<>();
        for (String row : section.lines().filter(l -> l.startsWith("| `/")).toList()) {
            Matcher m = Pattern.compile("`(/[^`]+)`").matcher(row.substring(0, row.indexOf(" | ", 2)));
            while (m.find()) {
                String glob = m.group(1).endsWith("/") ? m.group(1).substring(0, m.group(1).length() - 1) : m.group(1);
                out.add(FileSystems.getDefault().getPathMatcher("glob:" + glob));
            }
        }
        assertThat(out).as("rows of the table").hasSizeGreaterThan(8);
        return out;
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s: %s", String.join(" ", command), out).isZero();
    }
}
