package io.raidpulse.collector.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The agent needs no root. The shipped jar runs as uid/gid 65534 (nobody, no groups, via
 * setpriv): the agent ({@code collect}) publishing real samples of this machine to a broker; and,
 * traced with strace, {@code collect} on a synthetic host's tree: every file and directory it looks
 * at there is one DEPLOYMENT.md lists under "What the collector reads". The tools' jar as nobody:
 * collector-tools' UnprivilegedToolsIT. Needs root (to switch users), setpriv and strace
 * (util-linux, strace); fails, never skips, without them.
 */
class UnprivilegedCollectorIT {
    private Nobody nobody;
    private Path work;

    @BeforeEach
    void worldReadableWorkDir() throws Exception {
        nobody = Nobody.withJar(Path.of("target", "raidpulse-collector.jar"));
        work = nobody.work();
    }

    @AfterEach
    void removeWorkDir() throws IOException {
        if (nobody != null) {
            nobody.close();
        }
    }

    @Test
    void theAgentRunsAsNobodyOnThisMachine() throws Exception {
        // the agent itself, on this machine's /proc and /sys, OSHI included, with a spool nobody owns
        Path spool = Files.createDirectory(work.resolve("spool"));
        Nobody.command("chown", Nobody.UID + ":" + Nobody.UID, spool.toString());
        try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"))) {
            kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
            Nobody.Run collect = nobody.run(List.of(), Duration.ofSeconds(8), "collect", "--bootstrap-servers", kafka.bootstrapServers(),
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
        SyntheticHost host = new SyntheticHost(work.resolve("host"), 8, 2, 3, 12);
        host.advance(1);
        Path spool = Files.createDirectory(work.resolve("spool"));
        Nobody.command("chown", "-R", Nobody.UID + ":" + Nobody.UID, spool.toString());
        Nobody.command("chmod", "-R", "a+rX", work.resolve("host").toString());
        Path trace = work.resolve("trace");
        // Kafka is not there: the agent samples and spools all the same
        Nobody.Run collect = nobody.run(List.of("strace", "-f", "--seccomp-bpf", "-qq", "-o", trace.toString(), "-e",
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
                "/sys/block/md0/md/level", "/proc/sys/kernel/random/boot_id", "/sys/fs/cgroup/cgroup.subtree_control",
                "/sys/fs/cgroup/system.slice/io.stat", "/sys/fs/cgroup/user.slice/io.stat");

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
}
