package io.raidpulse.collector;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.simulator.tree.SyntheticHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar deployed on every production host (target/raidpulse-collector.jar, built in
 * package) holds no Kafka Streams, RocksDB, InfluxDB client or Kafka broker classes, none of the
 * operator tools (collector-tools' ToolsJarIT holds their jar) and no simulator, and runs.
 */
class ShadedJarIT {
    private static final Path JAR = Path.of("target", "raidpulse-collector.jar");
    private static final List<String> FORBIDDEN = List.of(
            "org/apache/kafka/streams/", "org/rocksdb/", "com/influxdb/", "kafka/server/", "kafka/log/",
            "org/apache/kafka/controller/", "org/apache/kafka/raft/", "org/apache/kafka/storage/",
            "org/apache/kafka/metadata/", "scala/", "io/raidpulse/services/",
            "io/raidpulse/collector/tools/", "io/raidpulse/simulator/");

    @Test
    void holdsNoServerSideClasses() throws IOException {
        assertThat(JAR).as("built by mvn package").exists();
        List<String> bad = new ArrayList<>();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            jar.stream().map(e -> e.getName())
                    .filter(n -> FORBIDDEN.stream().anyMatch(n::startsWith))
                    .limit(20).forEach(bad::add);
            assertThat(jar.getEntry("io/raidpulse/collector/CollectorMain.class")).isNotNull();
            assertThat(jar.getEntry("org/apache/kafka/clients/producer/KafkaProducer.class")).isNotNull();
        }
        assertThat(bad).as("server-side classes in the collector jar").isEmpty();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertThat(jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("ch/qos/logback/")).findAny())
                    .as("logback (the agent logs through AgentLogging)").isEmpty();
        }
    }

    @Test
    void runsItsCommands() throws Exception {
        Process p = new ProcessBuilder("java", "-jar", JAR.toString(), "--help").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("collect", "send-spool");
        assertThat(out).as("no tool among the commands").doesNotContainPattern("(?m)^  (iostat|arrays|record|replay|sample-cost|synthetic-host) ");
        Process bad = new ProcessBuilder("java", "-jar", JAR.toString(), "send-spool").redirectErrorStream(true).start();
        String err = new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bad.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(bad.exitValue()).isEqualTo(2);
        assertThat(err.strip()).isEqualTo("raidpulse-collector send-spool: Missing required option: '--spool-dir=DIR'"
                + " (see 'raidpulse-collector send-spool --help')");
        assertThat(Files.size(JAR)).as("jar size").isLessThan(64L << 20);
    }

    /**
     * The agent's own line runs without picocli and fails as a picocli command does: one line,
     * exit 2; a line with a mistyped option is picocli's to answer.
     */
    @Test
    void runsAPlainCollectLineWithoutPicocli() throws Exception {
        Process p = new ProcessBuilder("java", "-Xlog:class+load=info:stdout", "-jar", JAR.toString(), "collect",
                "--bootstrap-servers", "127.0.0.1:9", "--interval", "0s").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(2);
        List<String> said = out.lines().filter(l -> !l.startsWith("[")).toList();
        assertThat(said).hasSize(1).first().asString()
                .startsWith("raidpulse-collector collect: config collector.interval: ");
        // the verifier loads the outer class for CollectorMain; its model, parser and help are its nested classes
        assertThat(out).as("classes loaded").contains(" io.raidpulse.collector.cli.PlainCollectLine ", " io.raidpulse.collector.logging.AgentLogging ")
                .doesNotContain(" picocli.CommandLine$");
        Process typo = new ProcessBuilder("java", "-jar", JAR.toString(), "collect", "--intervall", "1s").redirectErrorStream(true).start();
        String err = new String(typo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(typo.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(typo.exitValue()).isEqualTo(2);
        assertThat(err.strip()).isEqualTo("raidpulse-collector collect: Unknown options: '--intervall', '1s' (see 'raidpulse-collector collect --help')");
    }

    /**
     * The agent samples and spools without Avro's Schema, so without Jackson: the classes its
     * cycle loads on a synthetic host of disks, md arrays and cgroups, Kafka being away.
     */
    @Test
    void samplesWithoutAvrosSchemaOrJackson(@TempDir Path tmp) throws Exception {
        SyntheticHost host = new SyntheticHost(tmp.resolve("host"), 8, 2, 3, 10);
        Process p = new ProcessBuilder("java", "-Xlog:class+load=info:file=" + tmp.resolve("classes.txt"), "-jar", JAR.toString(),
                "collect", "--bootstrap-servers", "127.0.0.1:9", "--interval", "1s", "--spool-dir", tmp.resolve("spool").toString(),
                "--proc-root", host.root().resolve("proc").toString(), "--sys-root", host.root().resolve("sys").toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile()).start();
        try {
            for (int i = 0; i < 6; i++) {
                Thread.sleep(1000);
                host.advance(1.0);
            }
        } finally {
            p.destroy();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        String out = Files.readString(tmp.resolve("out.txt"));
        assertThat(out).as(out).contains("collecting from").contains("attributing device I/O to cgroups");
        try (var spooled = Files.list(tmp.resolve("spool"))) {
            assertThat(spooled.filter(f -> f.getFileName().toString().endsWith(".seg")).findAny()).as("a spool segment").isPresent();
        }
        String classes = Files.readString(tmp.resolve("classes.txt"));
        assertThat(classes).as("samples were encoded").contains(" io.raidpulse.collector.sample.SampleEncoding ");
        assertThat(classes).doesNotContain(" com.fasterxml.jackson.", " org.apache.avro.Schema ", " io.raidpulse.schema.HostSample ");
    }
}
