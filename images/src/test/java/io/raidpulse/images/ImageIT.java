package io.raidpulse.images;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Checks the image tar files the build wrote, without a container engine: reads each image's
 * manifest and config, extracts its layers into a directory, and runs that root file system
 * (read-only, as the image's non-root user, in private namespaces: {@code src/test/sh/run-in-rootfs})
 * with the image's own Java runtime and environment.
 */
class ImageIT {
    private static final Path TARGET = Path.of(System.getProperty("images.dir", "target"));
    private static final Path RUNNER = Path.of(System.getProperty("images.runner", "src/test/sh/run-in-rootfs"));
    private static final Path PROBE_CLASSES = Path.of(System.getProperty("images.probe.classes", "target/test-classes"));
    private static final String USER = System.getProperty("images.user", "65532:65532");
    private static final String VERSION = System.getProperty("images.version", "0.1.0-SNAPSHOT");
    private static final String ARCHITECTURE = System.getProperty("images.architecture", "amd64");
    /** Compressed size above which the collector image is no longer the small agent it must be. */
    private static final long COLLECTOR_IMAGE_BUDGET = 80L << 20;
    /** Compressed size above which the stream image carries more than the stream processor needs (52 MiB in 0.1.0). */
    private static final long STREAM_IMAGE_BUDGET = 64L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    enum Kind {
        COLLECTOR("raidpulse-collector-image.tar", "raidpulse/collector", "/app/raidpulse-collector.jar", "collect",
                List.of("user", "filesystem", "jna-oshi", "compression", "tls", "dns")),
        STREAM("raidpulse-stream-processor-image.tar", "raidpulse/stream-processor", "/app/raidpulse-stream-processor.jar", "stream",
                // no JNA or OSHI: the stream processor reads no host (the collector does)
                List.of("user", "filesystem", "compression", "tls", "dns", "streams"));

        final String tar;
        final String repository;
        final String jar;
        final String command;
        final List<String> probeChecks;

        Kind(String tar, String repository, String jar, String command, List<String> probeChecks) {
            this.tar = tar;
            this.repository = repository;
            this.jar = jar;
            this.command = command;
            this.probeChecks = probeChecks;
        }
    }

    /** One image tar, read and extracted. */
    record Image(Kind kind, Path tar, JsonNode manifest, JsonNode config, Path root, Map<String, Long> layerBytes) {
        List<String> entrypoint() {
            return strings(config.path("config").path("Entrypoint"));
        }

        List<String> cmd() {
            return strings(config.path("config").path("Cmd"));
        }

        List<String> env() {
            return strings(config.path("config").path("Env"));
        }
    }

    record Run(int exitCode, String output) {
    }

    private static final Map<Kind, Image> IMAGES = new EnumMap<>(Kind.class);

    @AfterAll
    static void writeSizes() throws IOException {
        if (IMAGES.isEmpty()) {
            return;
        }
        StringBuilder md = new StringBuilder("| image | tar (compressed layers) | layers, compressed |\n|---|---|---|\n");
        for (Image image : IMAGES.values()) {
            md.append("| ").append(image.kind().repository).append(" | ").append(mib(Files.size(image.tar()))).append(" | ")
                    .append(image.layerBytes().entrySet().stream().map(e -> e.getKey() + " " + mib(e.getValue()))
                            .collect(Collectors.joining(", ")))
                    .append(" |\n");
        }
        Files.writeString(TARGET.resolve("image-sizes.md"), md.toString());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void manifestAndConfigDescribeANonRootJavaImage(Kind kind) throws IOException {
        Image image = image(kind);

        assertThat(strings(image.manifest().path("RepoTags")))
                .containsExactlyInAnyOrder(kind.repository + ":" + VERSION, kind.repository + ":latest");
        assertThat(image.config().path("os").asText()).isEqualTo("linux");
        assertThat(image.config().path("architecture").asText()).isEqualTo(ARCHITECTURE);
        assertThat(image.config().path("rootfs").path("diff_ids")).hasSize(image.layerBytes().size());

        assertThat(image.config().path("config").path("User").asText()).isEqualTo(USER);
        String uid = USER.substring(0, USER.indexOf(':'));
        assertThat(Files.readAllLines(image.root().resolve("etc/passwd")))
                .anyMatch(l -> l.startsWith("raidpulse:x:" + uid + ":"));
        assertThat(image.entrypoint()).containsExactly("/opt/java/bin/java", "-jar", kind.jar);
        assertThat(image.cmd()).first().isEqualTo(kind.command);
        assertThat(image.env()).anyMatch(e -> e.startsWith("JDK_JAVA_OPTIONS=-"));

        Path java = inRoot(image, "/opt/java/bin/java");
        assertThat(Files.getPosixFilePermissions(java)).contains(PosixFilePermission.OTHERS_EXECUTE);
        assertThat(inRoot(image, kind.jar)).isRegularFile();
        assertThat(Files.getPosixFilePermissions(inRoot(image, "/var/lib/raidpulse")))
                .as("the data directory, which seeds a named volume, must be writable by the image's user")
                .contains(PosixFilePermission.OTHERS_WRITE);
    }

    @Test
    void collectorImageHoldsNoStreamsRocksDbInfluxOrBroker() throws IOException {
        Image image = image(Kind.COLLECTOR);
        // the shaded jar keeps each bundled artifact's META-INF/maven/GROUP/ARTIFACT/pom.properties
        List<String> forbiddenArtifacts = List.of("org.apache.kafka/kafka-streams/", "org.rocksdb/rocksdbjni/",
                "com.influxdb/", "org.apache.kafka/kafka_2.13/", "org.apache.kafka/kafka-server/",
                "org.apache.kafka/kafka-metadata/", "org.apache.kafka/kafka-raft/", "org.scala-lang/");
        List<String> forbiddenPackages = List.of("org/apache/kafka/streams/", "org/rocksdb/", "com/influxdb/",
                "kafka/server/", "scala/");
        try (ZipFile jar = new ZipFile(inRoot(image, Kind.COLLECTOR.jar).toFile())) {
            List<String> names = jar.stream().map(ZipEntry::getName).toList();
            assertThat(names).as("bundled artifacts of the collector jar").isNotEmpty()
                    .filteredOn(n -> n.startsWith("META-INF/maven/"))
                    .noneMatch(n -> forbiddenArtifacts.stream().anyMatch(a -> n.startsWith("META-INF/maven/" + a)));
            assertThat(names).as("classes of the collector jar")
                    .noneMatch(n -> forbiddenPackages.stream().anyMatch(n::startsWith));
        }
        long size = Files.size(image.tar());
        assertThat(size).as("collector image tar, bytes (budget %s)", mib(COLLECTOR_IMAGE_BUDGET))
                .isLessThan(COLLECTOR_IMAGE_BUDGET);
    }

    /**
     * The stream image runs the stream processor's own jar: none of the broker, the collector, the
     * simulator or the launcher that only raidpulse.jar needs, and no RocksDB (every store is in memory).
     */
    @Test
    void streamImageHoldsNoBrokerCollectorSimulatorOrRocksDb() throws IOException {
        Image image = image(Kind.STREAM);
        List<String> forbiddenArtifacts = List.of("org.rocksdb/rocksdbjni/", "org.apache.kafka/kafka_2.13/",
                "org.apache.kafka/kafka-server/", "org.apache.kafka/kafka-metadata/", "org.apache.kafka/kafka-raft/",
                "io.raidpulse/raidpulse-collector/", "io.raidpulse/raidpulse-simulator/", "io.raidpulse/raidpulse-services/",
                "io.raidpulse/raidpulse-launcher/", "com.github.oshi/");
        List<String> forbiddenPackages = List.of("org/rocksdb/", "kafka/server/", "scala/", "io/raidpulse/collector/",
                "io/raidpulse/simulator/", "io/raidpulse/services/", "io/raidpulse/launcher/", "oshi/");
        try (ZipFile jar = new ZipFile(inRoot(image, Kind.STREAM.jar).toFile())) {
            List<String> names = jar.stream().map(ZipEntry::getName).toList();
            assertThat(names).as("the stream jar").contains("io/raidpulse/stream/StreamCommand.class",
                    "org/apache/kafka/streams/KafkaStreams.class");
            assertThat(names).as("bundled artifacts of the stream jar")
                    .filteredOn(n -> n.startsWith("META-INF/maven/"))
                    .noneMatch(n -> forbiddenArtifacts.stream().anyMatch(a -> n.startsWith("META-INF/maven/" + a)));
            assertThat(names).as("classes of the stream jar")
                    .noneMatch(n -> forbiddenPackages.stream().anyMatch(n::startsWith));
        }
        long size = Files.size(image.tar());
        assertThat(size).as("stream image tar, bytes (budget %s)", mib(STREAM_IMAGE_BUDGET))
                .isLessThan(STREAM_IMAGE_BUDGET);
    }

    /** The jar in each image, as Maven built it, bundles natives for Linux x86_64 and aarch64 only. */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void imageJarBundlesNativesForLinuxOnly(Kind kind) throws IOException {
        Image image = image(kind);
        try (ZipFile jar = new ZipFile(inRoot(image, kind.jar).toFile())) {
            List<String> natives = jar.stream().map(ZipEntry::getName).filter(JarsIT::isNative).toList();
            assertThat(natives).as("natives in %s", kind.jar).isNotEmpty().allMatch(JarsIT::isForLinuxX86OrArm);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void probeRunsOnTheReadOnlyRootAsTheImageUser(Kind kind) throws Exception {
        Image image = image(kind);
        List<String> command = new ArrayList<>(List.of("/opt/java/bin/java", "-cp", kind.jar + ":/probe",
                ImageProbe.class.getName()));
        command.addAll(kind.probeChecks);

        Run run = run(image, List.of(PROBE_CLASSES + ":/probe"), command);
        System.out.printf("%s probe:%n%s%n", kind, run.output());

        assertThat(run.exitCode()).as("probe exit code; its output:%n%s", run.output()).isZero();
        for (String check : kind.probeChecks) {
            assertThat(run.output()).as("probe output").contains("ok " + check + ":");
        }
    }

    /**
     * The image's default command names a subcommand and options the application has: its help
     * (the subcommand's own usage, not the top-level one picocli prints for an unknown
     * subcommand) lists every option the default command passes.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void defaultCommandOfTheImageAnswersHelp(Kind kind) throws Exception {
        Image image = image(kind);
        List<String> command = new ArrayList<>(image.entrypoint());
        command.add(image.cmd().get(0));
        command.add("--help");

        Run run = run(image, List.of(), command);

        assertThat(run.exitCode()).as("`%s` exit code; its output:%n%s", String.join(" ", command), run.output()).isZero();
        assertThat(run.output()).as("usage of the %s subcommand", kind.command)
                .containsPattern("(?m)^Usage: .*\\b" + kind.command + "\\b");
        for (String option : image.cmd().stream().filter(a -> a.startsWith("--")).toList()) {
            assertThat(run.output()).as("help of `%s`, which the image passes %s", kind.command, option).contains(option);
        }
    }

    // --- helpers ----------------------------------------------------------------------------

    private static synchronized Image image(Kind kind) throws IOException {
        Image cached = IMAGES.get(kind);
        if (cached != null) {
            return cached;
        }
        Path tar = TARGET.resolve(kind.tar);
        assertThat(tar).as("image tar written by jib:buildTar").isRegularFile();
        Path dir = TARGET.resolve("image-check").resolve(kind.name().toLowerCase(Locale.ROOT));
        deleteRecursively(dir);
        Path unpacked = Files.createDirectories(dir.resolve("tar"));
        Path root = Files.createDirectories(dir.resolve("root"));
        exec(List.of("tar", "-xf", tar.toString(), "-C", unpacked.toString()));

        JsonNode manifest = JSON.readTree(unpacked.resolve("manifest.json").toFile());
        assertThat(manifest).as("manifest.json holds one image").hasSize(1);
        manifest = manifest.get(0);
        JsonNode config = JSON.readTree(unpacked.resolve(manifest.path("Config").asText()).toFile());
        Map<String, Long> layerBytes = new LinkedHashMap<>();
        List<String> layers = strings(manifest.path("Layers"));
        List<String> history = strings(config.path("history"), "comment");
        for (int i = 0; i < layers.size(); i++) {
            Path layer = unpacked.resolve(layers.get(i));
            assertThat(layer).as("layer %s named in manifest.json", layers.get(i)).isRegularFile();
            layerBytes.put(layerName(layer, i < history.size() ? history.get(i) : "layer " + i), Files.size(layer));
            // applied in order, as a runtime stacks them (FROM scratch: no whiteouts to honour)
            exec(List.of("tar", "--warning=no-unknown-keyword", "-xzf", layer.toString(), "-C", root.toString()));
        }
        Image image = new Image(kind, tar, manifest, config, root, layerBytes);
        IMAGES.put(kind, image);
        return image;
    }

    /** A layer's name for the size table: the directory it adds (Jib calls all four "extra files"). */
    private static String layerName(Path layer, String comment) throws IOException {
        String listing = exec(List.of("tar", "--warning=no-unknown-keyword", "-tzf", layer.toString()));
        List<String> files = listing.lines().filter(l -> !l.endsWith("/")).toList();
        if (files.stream().allMatch(f -> f.startsWith("app/jib-"))) {
            return "jib files";
        }
        if (files.stream().allMatch(f -> f.startsWith("app/"))) {
            return "app";
        }
        if (files.stream().allMatch(f -> f.startsWith("opt/java/"))) {
            return "java runtime";
        }
        if (files.stream().allMatch(f -> f.startsWith("lib"))) {
            return "shared libraries";
        }
        if (files.contains("etc/passwd")) {
            return "base";
        }
        return comment;
    }

    /**
     * Runs {@code command} in the image's root file system as the image's user, with the image's
     * environment, a fresh volume on /var/lib/raidpulse seeded like a named volume (same mode as
     * the image's directory), and the given read-only binds.
     */
    private static Run run(Image image, List<String> roBinds, List<String> command) throws Exception {
        Path volume = Files.createTempDirectory(TARGET, "volume");
        Files.setPosixFilePermissions(volume, Files.getPosixFilePermissions(inRoot(image, "/var/lib/raidpulse")));
        try {
            List<String> argv = new ArrayList<>(List.of(RUNNER.toString(), "--root", image.root().toString(),
                    "--user", image.config().path("config").path("User").asText(),
                    "--workdir", image.config().path("config").path("WorkingDir").asText("/"),
                    "--volume", volume + ":/var/lib/raidpulse"));
            for (String env : image.env()) {
                argv.add("--env");
                argv.add(env);
            }
            for (String bind : roBinds) {
                argv.add("--ro-bind");
                argv.add(bind);
            }
            argv.add("--");
            argv.addAll(command);
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + String.join(" ", argv));
            }
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } finally {
            deleteRecursively(volume);
        }
    }

    private static String exec(List<String> argv) throws IOException {
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", argv) + " failed: " + out);
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static Path inRoot(Image image, String absolute) {
        return image.root().resolve(absolute.substring(1));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> strings(JsonNode array, String field) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.path(field).asText()));
        return out;
    }

    private static String mib(long bytes) {
        return bytes < 1 << 20 ? String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0)
                : String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
