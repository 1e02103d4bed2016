package io.raidpulse.collector.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The tools' runnable jar (target/raidpulse-collector-tools.jar, built in package), which an operator
 * copies to a host beside the agent's: like the agent's, it holds no Kafka Streams, RocksDB, InfluxDB
 * client or Kafka broker classes, and it runs every tool.
 */
class ToolsJarIT {
    private static final Path JAR = Path.of("target", "raidpulse-collector-tools.jar");
    private static final List<String> FORBIDDEN = List.of(
            "org/apache/kafka/streams/", "org/rocksdb/", "com/influxdb/", "kafka/server/", "kafka/log/",
            "org/apache/kafka/controller/", "org/apache/kafka/raft/", "org/apache/kafka/storage/",
            "org/apache/kafka/metadata/", "scala/", "io/raidpulse/services/");

    @Test
    void holdsNoServerSideClasses() throws IOException {
        assertThat(JAR).as("built by mvn package").exists();
        List<String> bad = new ArrayList<>();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            jar.stream().map(e -> e.getName())
                    .filter(n -> FORBIDDEN.stream().anyMatch(n::startsWith))
                    .limit(20).forEach(bad::add);
            assertThat(jar.getEntry("io/raidpulse/collector/tools/CollectorTools.class")).isNotNull();
        }
        assertThat(bad).as("server-side classes in the tools jar").isEmpty();
    }

    @Test
    void runsItsCommands() throws Exception {
        Process p = new ProcessBuilder("java", "-jar", JAR.toString(), "--help").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("iostat", "arrays", "record", "replay", "sample-cost", "synthetic-host");
        Process bad = new ProcessBuilder("java", "-jar", JAR.toString(), "replay", "/nonexistent").redirectErrorStream(true).start();
        String err = new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bad.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(bad.exitValue()).isEqualTo(2);
        assertThat(err.strip()).isEqualTo("raidpulse-collector-tools replay: /nonexistent is not a snapshot directory (no proc/diskstats in it)");
        assertThat(Files.size(JAR)).as("jar size").isLessThan(64L << 20);
    }
}
