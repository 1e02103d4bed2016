package io.raidpulse.images;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The three runnable jars as Maven built them: each within its size budget, none bundling a
 * native library for another system than Linux x86_64 and aarch64 (where the images and the
 * collected hosts run) or RocksDB (every state store is in memory). Writes target/jar-sizes.md,
 * the table README.md's "Jar and image sizes" quotes.
 */
class JarsIT {
    private static final Pattern NATIVE = Pattern.compile("\\.(so|dll|dylib|jnilib|a)$");
    private static final Pattern LINUX_X86_OR_ARM = Pattern.compile("(?i)(^|/)linux[-/](amd64|x86_64|x86-64|aarch64)/[^/]+\\.so$");
    private static final Path TARGET = Path.of(System.getProperty("images.dir", "target"));

    enum Jar {
        COLLECTOR("jars.collector", "../collector/target/raidpulse-collector.jar", 22L << 20),
        STREAM("jars.stream", "../stream-processor/target/raidpulse-stream-processor.jar", 32L << 20),
        /** A third of the 135,810,535 bytes it had while it carried RocksDB for 15 platforms: it must not grow back. */
        LAUNCHER("jars.launcher", "../launcher/target/raidpulse.jar", 135_810_535L / 3);

        final Path path;
        final long budget;

        Jar(String property, String fallback, long budget) {
            this.path = Path.of(System.getProperty(property, fallback));
            this.budget = budget;
        }
    }

    private static final Map<Jar, String> SIZES = new EnumMap<>(Jar.class);

    static boolean isNative(String entry) {
        return NATIVE.matcher(entry).find();
    }

    static boolean isForLinuxX86OrArm(String entry) {
        return LINUX_X86_OR_ARM.matcher(entry).find();
    }

    @AfterAll
    static void writeSizes() throws IOException {
        if (SIZES.size() < Jar.values().length) {
            return;
        }
        StringBuilder md = new StringBuilder("| jar | size | entries |\n|---|---|---|\n");
        SIZES.values().forEach(row -> md.append(row).append('\n'));
        Files.writeString(TARGET.resolve("jar-sizes.md"), md.toString());
    }

    @ParameterizedTest
    @EnumSource(Jar.class)
    void staysWithinItsBudgetWithLinuxNativesOnlyAndNoRocksDb(Jar jar) throws IOException {
        assertThat(jar.path).as("built by mvn package").isRegularFile();
        List<String> names;
        try (ZipFile zip = new ZipFile(jar.path.toFile())) {
            names = zip.stream().map(ZipEntry::getName).toList();
        }
        long size = Files.size(jar.path);
        SIZES.put(jar, String.format(Locale.ROOT, "| `%s` | %.1f MB (%,d bytes) | %,d |",
                jar.path.getFileName(), size / 1e6, size, names.size()));

        assertThat(size).as("%s, bytes (budget %,d)", jar.path.getFileName(), jar.budget).isLessThanOrEqualTo(jar.budget);
        assertThat(names).as("natives in %s", jar.path.getFileName())
                .filteredOn(JarsIT::isNative)
                .isNotEmpty()
                .allMatch(JarsIT::isForLinuxX86OrArm);
        assertThat(names).as("RocksDB in %s", jar.path.getFileName())
                .noneMatch(n -> n.startsWith("org/rocksdb/") || n.contains("rocksdbjni"));
    }

    @Test
    void natives() {
        assertThat(isForLinuxX86OrArm("linux/amd64/libzstd-jni-1.5.7-17.so")).isTrue();
        assertThat(isForLinuxX86OrArm("com/sun/jna/linux-aarch64/libjnidispatch.so")).isTrue();
        assertThat(isForLinuxX86OrArm("org/xerial/snappy/native/Linux/x86_64/libsnappyjava.so")).isTrue();
        assertThat(isForLinuxX86OrArm("net/jpountz/util/linux/amd64/liblz4-java.so")).isTrue();
        assertThat(isForLinuxX86OrArm("librocksdbjni-linux64-musl.so")).isFalse();
        assertThat(isForLinuxX86OrArm("linux/riscv64/libzstd-jni-1.5.7-17.so")).isFalse();
        assertThat(isForLinuxX86OrArm("com/sun/jna/win32-x86-64/jnidispatch.dll")).isFalse();
        assertThat(isForLinuxX86OrArm("org/xerial/snappy/native/Linux/android-aarch64/libsnappyjava.so")).isFalse();
        assertThat(isNative("org/xerial/snappy/native/AIX/ppc64/libsnappyjava.a")).isTrue();
        assertThat(isNative("org/xerial/snappy/VERSION")).isFalse();
    }

    /** raidpulse.jar lists every command; what was left out of it is never reached by them. */
    @Test
    void launcherJarRunsEveryCommand() throws Exception {
        String help = run(List.of("java", "-jar", Jar.LAUNCHER.path.toString(), "--help"));
        for (String command : List.of("up", "broker", "capacity", "config", "fleet", "collect", "iostat", "arrays", "record",
                "replay", "send-spool", "stream", "bench", "plan", "simulate")) {
            assertThat(help).as("raidpulse --help").containsPattern("(?m)^  " + Pattern.quote(command) + "\\b");
        }
        assertThat(run(List.of("java", "-jar", Jar.LAUNCHER.path.toString(), "up", "--help")))
                .contains("embedded Kafka broker");
    }

    /**
     * OSHI and JNA (their Linux classes only) and the compression natives from raidpulse.jar itself,
     * outside any image: the same probe the images run.
     */
    @Test
    void launcherJarLoadsOshiJnaAndTheCompressionNatives() throws Exception {
        String classpath = Jar.LAUNCHER.path + File.pathSeparator + System.getProperty("images.probe.classes", "target/test-classes");
        String out = run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                ImageProbe.class.getName(), "jna-oshi", "compression"));
        assertThat(out).contains("ok jna-oshi:", "ok compression:");
    }

    private static String run(List<String> argv) throws Exception {
        Process p = new ProcessBuilder(new ArrayList<>(argv)).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s ended", argv).isTrue();
        assertThat(p.exitValue()).as("%s exit code; its output:%n%s", String.join(" ", argv), out).isZero();
        return out;
    }
}
