package io.raidpulse.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.HostSample;
import io.raidpulse.schema.kafka.AvroSerdes;
import io.raidpulse.schema.kafka.SingleObjectCodec;
import io.raidpulse.schema.kafka.Topics;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The .deb as an operator installs it: into a fresh Debian root of this machine's release
 * (src/test/sh/debian-root: mmdebstrap from this machine's apt sources, cached), with no Java in
 * it. One root and one installation serve every check, in order: the installation itself, the
 * bundled runtime, the unit, the agent spooling with the shipped settings and then delivering to a
 * real broker, an upgrade that keeps the edited settings and the spool, removal and purge. The
 * .rpm is read with rpm. Needs root, mmdebstrap, dpkg-dev, rpm and lintian (run-tests installs
 * them); fails, never skips, without them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PackagesIT {
    private static final String NAME = "raidpulse-collector";
    private static final String UNIT = "/lib/systemd/system/raidpulse-collector.service";
    private static final String CONF = "/etc/raidpulse/collector.properties";
    private static final String SPOOL = "/var/lib/raidpulse/spool";
    /** The simulated host's /proc and /sys, inside the root. */
    private static final String SIM = "/var/tmp/synthetic-host";

    private final Path packages = Path.of(System.getProperty("packages.dir"));
    private final String version = System.getProperty("packages.version");
    private final Path work = Path.of(System.getProperty("packages.work"));
    private final Path root = work.resolve("root");
    private final Path inRoot = Path.of(System.getProperty("packages.debian-root")).resolveSibling("in-root");
    private final Path deb = packages.resolve(NAME + "_" + version.replace('-', '~') + "_amd64.deb");
    private final Path rpm = packages.resolve(NAME + "-" + version.replace('-', '~') + "-1.x86_64.rpm");
    private SyntheticHost host;

    @BeforeAll
    void freshRootWithThePackage() throws Exception {
        assertThat(deb).as("built by ./mvnw -Ppackages package").exists();
        Result made = run(Duration.ofMinutes(15), System.getProperty("packages.debian-root"), System.getProperty("packages.cache"));
        assertThat(made.exit()).as(made.out()).isZero();
        List<String> lines = made.out().strip().lines().toList();
        String tarball = lines.get(lines.size() - 1);
        run(Duration.ofMinutes(1), "rm", "-rf", root.toString());
        Files.createDirectories(root);
        run(Duration.ofMinutes(3), "tar", "-C", root.toString(), "-xf", tarball);
        Files.copy(deb, root.resolve("tmp/" + deb.getFileName()));
        Result install = inRoot("dpkg", "-i", "/tmp/" + deb.getFileName());
        assertThat(install.exit()).as(install.out()).isZero();
        host = new SyntheticHost(root.resolve(SIM.substring(1)), 8, 2, 31);
        host.advance(1);
        run(Duration.ofMinutes(1), "chmod", "-R", "a+rX", root.resolve("var/tmp").toString());
    }

    @Test
    @Order(1)
    void installsEnabledWithItsUserAndFiles() throws Exception {
        assertThat(inRoot("getent", "passwd", "raidpulse").out()).contains("/var/lib/raidpulse");
        assertThat(inRoot("stat", "-c", "%U:%G %a", CONF, "/var/lib/raidpulse").out().lines())
                .containsExactly("root:raidpulse 640", "raidpulse:raidpulse 750");
        assertThat(root.resolve("etc/systemd/system/multi-user.target.wants/" + NAME + ".service"))
                .as("enabled by postinst").isSymbolicLink();
        assertThat(inRoot("dpkg-query", "-W", "-f", "${Conffiles}", NAME).out()).contains(CONF);
        assertThat(Files.readString(root.resolve(CONF.substring(1)))).contains("kafka.bootstrap.servers=localhost:9092");
    }

    @Test
    @Order(2)
    void runsOnItsOwnRuntimeOnly() throws Exception {
        assertThat(inRoot("sh", "-c", "command -v java").exit()).as("no java in the fresh root").isNotZero();
        Result shown = inRoot(NAME, "--version");
        assertThat(shown.exit()).as(shown.out()).isZero();
        assertThat(shown.out().strip()).isEqualTo("raidpulse collector " + version);
        Result help = inRoot(NAME, "--help");
        assertThat(help.out()).contains("collect", "send-spool", "iostat, arrays, top, record, replay");
        // the operator tools, on the simulated host, named as the package's command
        Result arrays = inRoot(NAME, "arrays", "--proc-root", SIM + "/proc", "--sys-root", SIM + "/sys");
        assertThat(arrays.exit()).as(arrays.out()).isZero();
        assertThat(arrays.out()).contains("md0", "md1");
        // top computes with the RAID model, which only the tools' part of the package carries
        Result top = inRoot(NAME, "top", "--once", "--json", "--proc-root", SIM + "/proc", "--sys-root", SIM + "/sys");
        assertThat(top.exit()).as(top.out()).isZero();
        assertThat(top.out()).contains("md0");
        Result bad = inRoot(NAME, "iostat", "--no-such-option");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.out()).startsWith(NAME + " iostat: Unknown option: '--no-such-option'");
    }

    @Test
    @Order(3)
    void theUnitVerifies() throws Exception {
        Result verify = inRoot("systemd-analyze", "verify", UNIT);
        assertThat(verify.exit()).as(verify.out()).isZero();
        assertThat(verify.out()).as("no complaint about the unit").doesNotContain(NAME + ".service");
        String unit = Files.readString(root.resolve(UNIT.substring(1)));
        assertThat(unit).contains("ExecStart=/usr/lib/raidpulse-collector/runtime/bin/java ",
                " /usr/share/raidpulse-collector/raidpulse-collector.jar ", "--config " + CONF, "SuccessExitStatus=143");
        assertThat(unit).doesNotContain("/usr/bin/java", "/opt/raidpulse");
    }

    @Test
    @Order(4)
    void spoolsWithTheShippedSettingsThenDeliversToABroker() throws Exception {
        // the shipped settings name a broker at localhost:9092; in a network namespace of its own
        // nothing answers there: the agent samples into its spool and says so once
        Result alone = untilSaid("is not reachable", Duration.ofSeconds(5), List.of("--no-network"), "setpriv", "--reuid", "raidpulse",
                "--regid", "raidpulse", "--init-groups", NAME, "collect", "--config", CONF, "--interval", "1s", "--host", "packaged",
                "--proc-root", SIM + "/proc", "--sys-root", SIM + "/sys");
        assertThat(alone.exit()).as("the JVM's status after SIGTERM: %s", alone.out()).isEqualTo(143);
        assertThat(count(alone.out(), "is not reachable")).as(alone.out()).isEqualTo(1);
        assertThat(alone.out()).as("no error, no stack trace").doesNotContain(" ERROR ", "\tat ");
        try (Stream<Path> spooled = Files.list(root.resolve(SPOOL.substring(1)))) {
            assertThat(spooled.count()).as("files in the spool").isPositive();
        }

        try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"))) {
            kafka.createTopic(Topics.HOST_SAMPLES, 1, Map.of());
            Result sent = inRoot("setpriv", "--reuid", "raidpulse", "--regid", "raidpulse", "--init-groups", NAME, "send-spool",
                    "--config", CONF, "--spool-dir", SPOOL, "--bootstrap-servers", kafka.bootstrapServers(), "--timeout", "60s");
            assertThat(sent.exit()).as(sent.out()).isZero();
            int spooled = hostSamples(kafka).size();
            assertThat(spooled).as("the samples taken while Kafka was away").isGreaterThanOrEqualTo(10);

            Result live = untilSaid("collecting from", Duration.ofSeconds(6), List.of(), "setpriv", "--reuid", "raidpulse",
                    "--regid", "raidpulse", "--init-groups", NAME, "collect", "--config", CONF, "--bootstrap-servers", kafka.bootstrapServers(),
                    "--interval", "1s", "--host", "packaged", "--proc-root", SIM + "/proc", "--sys-root", SIM + "/sys");
            assertThat(live.out()).doesNotContain("is not reachable", " ERROR ", "\tat ");
            List<HostSample> samples = hostSamples(kafka);
            assertThat(samples.size()).as(live.out()).isGreaterThanOrEqualTo(spooled + 3);
            assertThat(samples).allSatisfy(s -> assertThat(s.getHost().getHostname()).isEqualTo("packaged"));
            HostSample last = samples.get(samples.size() - 1);
            assertThat(last.getDevices()).as("the simulated host's devices").hasSizeGreaterThanOrEqualTo(8);
        }
    }

    @Test
    @Order(5)
    void anUpgradeKeepsTheEditedSettingsAndTheSpool() throws Exception {
        Path conf = root.resolve(CONF.substring(1));
        String edited = Files.readString(conf).replace("collector.spool.max-bytes=256MiB", "collector.spool.max-bytes=64MiB")
                + "# edited by the operator\n";
        Files.writeString(conf, edited);
        Path spool = root.resolve(SPOOL.substring(1));
        List<String> spoolBefore;
        try (Stream<Path> files = Files.list(spool)) {
            spoolBefore = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(spoolBefore).isNotEmpty();

        // the same files as a newer version: the runtime made for the first package, gzip for speed
        String newer = version + ".1";
        Path out = work.resolve("upgrade");
        Result build = run(Duration.ofMinutes(10), System.getProperty("packages.build"), "--version", newer, "--out", out.toString(),
                "--repo", System.getProperty("packages.repo"), "--java-home", System.getProperty("packages.java-home"),
                "--collector-jar", System.getProperty("packages.collector-jar"), "--tools-jar", System.getProperty("packages.tools-jar"),
                "--runtime", packages.resolve("runtime").toString(),
                "--deb-only", "--deb-compression", "gzip");
        Path newerDeb = out.resolve(NAME + "_" + newer.replace('-', '~') + "_amd64.deb");
        assertThat(newerDeb).as(build.out()).exists();
        Files.copy(newerDeb, root.resolve("tmp/" + newerDeb.getFileName()));
        Result upgrade = inRoot("dpkg", "-i", "/tmp/" + newerDeb.getFileName());
        assertThat(upgrade.exit()).as(upgrade.out()).isZero();
        assertThat(inRoot("dpkg-query", "-W", "-f", "${Version}", NAME).out()).isEqualTo(newer.replace('-', '~'));
        assertThat(Files.readString(conf)).as("the edited configuration file").isEqualTo(edited);
        try (Stream<Path> files = Files.list(spool)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).isEqualTo(spoolBefore);
        }
        assertThat(inRoot(NAME, "--version").out().strip()).isEqualTo("raidpulse collector " + version);
    }

    @Test
    @Order(6)
    void removeKeepsSettingsAndSpoolPurgeRemovesThem() throws Exception {
        Result remove = inRoot("dpkg", "-r", NAME);
        assertThat(remove.exit()).as(remove.out()).isZero();
        assertThat(root.resolve("usr/bin/" + NAME)).doesNotExist();
        assertThat(root.resolve("usr/lib/" + NAME)).doesNotExist();
        assertThat(root.resolve(CONF.substring(1))).exists();
        assertThat(root.resolve(SPOOL.substring(1))).exists();
        Result purge = inRoot("dpkg", "-P", NAME);
        assertThat(purge.exit()).as(purge.out()).isZero();
        assertThat(root.resolve("etc/raidpulse")).doesNotExist();
        assertThat(root.resolve("var/lib/raidpulse")).doesNotExist();
        assertThat(root.resolve("etc/systemd/system/multi-user.target.wants/" + NAME + ".service")).doesNotExist();
    }

    @Test
    @Order(7)
    void theDebHasNoLintianErrors() throws Exception {
        Result lintian = run(Duration.ofMinutes(5), "lintian", "--fail-on", "error", "--tag-display-limit", "0", deb.toString());
        assertThat(lintian.exit()).as(lintian.out()).isZero();
        assertThat(lintian.out()).doesNotContain("E: ");
        assertThat(run(Duration.ofMinutes(1), "dpkg-deb", "-f", deb.toString(), "Depends").out().strip())
                .as("only what a base system has").matches("adduser, libc6 \\(>= [^)]+\\), libgcc-s1 \\(>= [^)]+\\), "
                        + "libstdc\\+\\+6 \\(>= [^)]+\\), zlib1g \\(>= [^)]+\\), libudev1");
    }

    @Test
    @Order(8)
    void theRpmHoldsTheSameFilesAndScripts() throws Exception {
        assertThat(rpm).as("built by ./mvnw -Ppackages package").exists();
        List<String> files = run(Duration.ofMinutes(1), "rpm", "-qlp", rpm.toString()).out().lines().toList();
        assertThat(files).contains("/usr/bin/" + NAME, "/usr/lib/" + NAME + "/runtime/bin/java",
                "/usr/share/" + NAME + "/raidpulse-collector.jar", "/usr/share/" + NAME + "/raidpulse-collector-tools.jar",
                "/usr/lib/systemd/system/" + NAME + ".service", CONF, "/var/lib/raidpulse");
        assertThat(run(Duration.ofMinutes(1), "rpm", "-qcp", rpm.toString()).out().strip()).isEqualTo(CONF);
        String scripts = run(Duration.ofMinutes(1), "rpm", "-qp", "--scripts", rpm.toString()).out();
        assertThat(scripts).contains("preinstall scriptlet", "useradd -r -g raidpulse -d /var/lib/raidpulse",
                "systemctl enable --now " + NAME + ".service", "systemctl disable --now " + NAME + ".service",
                "systemctl try-restart " + NAME + ".service");
    }

    private List<HostSample> hostSamples(EmbeddedKafka kafka) {
        SingleObjectCodec<HostSample> codec = AvroSerdes.codec(HostSample.class);
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<HostSample> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config)) {
            TopicPartition tp = new TopicPartition(Topics.HOST_SAMPLES, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            long deadline = System.currentTimeMillis() + 10_000;
            while (consumer.position(tp) < end && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    out.add(codec.decode(r.topic(), r.value()));
                }
            }
        }
        return out;
    }

    private static int count(String text, String phrase) {
        Matcher m = Pattern.compile(Pattern.quote(phrase)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /**
     * Runs {@code command} in the root until its output says {@code phrase} (at most two minutes:
     * a loaded machine starts a JVM slowly), then {@code more}, then stops its JVM with SIGTERM as
     * systemd would.
     */
    private Result untilSaid(String phrase, Duration more, List<String> options, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of(inRoot.toString(), root.toString()));
        args.addAll(options);
        args.add("--");
        args.addAll(List.of(command));
        Path log = Files.createTempFile("packages-it", ".log");
        try {
            Process p = new ProcessBuilder(args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            p.getOutputStream().close();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (p.isAlive() && !Files.readString(log).contains(phrase) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            Thread.sleep(more.toMillis());
            p.descendants().filter(d -> d.info().command().orElse("").endsWith("/bin/java")).forEach(ProcessHandle::destroy);
            if (!p.waitFor(1, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not stop on SIGTERM: " + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log));
        } finally {
            Files.delete(log);
        }
    }

    private Result inRoot(String... command) throws IOException, InterruptedException {
        return inRoot(List.of(), command);
    }

    private Result inRoot(List<String> options, String... command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(inRoot.toString(), root.toString()));
        args.addAll(options);
        args.add("--");
        args.addAll(List.of(command));
        return run(Duration.ofMinutes(3), args.toArray(String[]::new));
    }

    record Result(int exit, String out) {
    }

    /** Runs a command, stderr into stdout, and waits for it at most {@code timeout}. */
    private static Result run(Duration timeout, String... command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("packages-it", ".log");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("LANG", "C.UTF-8");
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout + ": " + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.delete(log);
        }
    }
}
