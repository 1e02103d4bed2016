package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A shipped jar run as uid/gid 65534 (nobody, no groups, via setpriv) from a world-readable work
 * directory: the agent's jar here, the tools' jar in collector-tools. Needs root (to switch users),
 * setpriv and strace (util-linux, strace); fails, never skips, without them.
 */
public final class Nobody implements AutoCloseable {
    public static final String UID = "65534";

    private final Path work;
    private final Path jar;

    public record Run(int exit, String out, String err) {
    }

    private Nobody(Path work, Path jar) {
        this.work = work;
        this.jar = jar;
    }

    /** A new work directory holding a copy of {@code jar}, readable by uid 65534. */
    public static Nobody withJar(Path shippedJar) throws Exception {
        assertThat(new com.sun.security.auth.module.UnixSystem().getUid()).as("switching to uid 65534 needs root").isZero();
        for (String tool : List.of("setpriv", "strace")) {
            assertThat(Stream.of("/usr/bin", "/bin", "/usr/sbin").map(d -> Path.of(d, tool)).anyMatch(Files::isExecutable))
                    .as("%s installed (Debian: apt-get install -y %s)", tool, tool.equals("setpriv") ? "util-linux" : "strace").isTrue();
        }
        // not under JUnit's @TempDir: that is mode 700, and uid 65534 must read the jar and the tree
        Path work = Files.createTempDirectory("raidpulse-unprivileged", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.copy(shippedJar, work.resolve("shipped.jar"));
        return new Nobody(work, work.resolve("shipped.jar"));
    }

    public Path work() {
        return work;
    }

    /** {@code java -jar JAR ARGS} as uid/gid 65534 without supplementary groups; stopped (SIGTERM) after {@code runFor}. */
    public Run run(List<String> prefix, Duration runFor, String... args) throws Exception {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("setpriv", "--reuid=" + UID, "--regid=" + UID, "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-jar", jar.toString()));
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

    /** Runs {@code command} as this user and expects exit 0. */
    public static void command(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s: %s", String.join(" ", command), out).isZero();
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
