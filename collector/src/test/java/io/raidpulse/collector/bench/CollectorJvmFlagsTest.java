package io.raidpulse.collector.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The collector runs with the same JVM flags wherever it is deployed or documented, and they
 * are the ones the footprint benchmark measured: the systemd unit, the container image, the
 * deployment guide, the collector's README and the lab's guest cannot drift from {@link CollectorJvmFlags}.
 */
class CollectorJvmFlagsTest {
    /** The file with shell line continuations joined and whitespace runs made single spaces. */
    private static String flat(String path) throws IOException {
        return Files.readString(Path.of(path)).replace("\\\n", " ").replaceAll("[ \\t]+", " ");
    }

    /**
     * The JVM refuses a flag it does not know, and a diagnostic or experimental one not unlocked:
     * the Java this build runs on starts with them (a typo or a flag a later Java drops would keep
     * every collector from starting).
     */
    @Test
    void theJvmStartsWithTheFlags() throws Exception {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(javaCommand));
        command.addAll(CollectorJvmFlags.flags());
        command.add("-version");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    @Test
    void theSystemdUnitRunsTheCollectorWithTheMeasuredFlags() throws IOException {
        String unit = flat("../deploy/systemd/raidpulse-collector.service");
        String execStart = unit.lines().filter(l -> l.startsWith("ExecStart=")).findFirst().orElse("");
        assertThat(execStart).startsWith("ExecStart=/usr/bin/java " + CollectorJvmFlags.FLAGS + " ");
        assertThat(unit).contains("Environment=MALLOC_ARENA_MAX=2");
    }

    @Test
    void theImageSetsTheMeasuredFlags() throws IOException {
        String pom = flat("../images/pom.xml");
        assertThat(pom).contains("<JDK_JAVA_OPTIONS>" + CollectorJvmFlags.FLAGS + "</JDK_JAVA_OPTIONS>");
        assertThat(pom).contains("<MALLOC_ARENA_MAX>2</MALLOC_ARENA_MAX>");
    }

    @Test
    void theLabRunsTheCollectorWithTheMeasuredFlags() throws IOException {
        String lib = flat("../lab/guest/lib.sh");
        assertThat(lib).contains("LAB_COLLECTOR_FLAGS=\"" + CollectorJvmFlags.FLAGS + "\"");
        assertThat(lib).contains("MALLOC_ARENA_MAX=2 \"$LAB_JAVA\" $LAB_COLLECTOR_FLAGS -jar \"$LAB_COLLECTOR_JAR\" collect");
    }

    @Test
    void theDocsShowTheMeasuredFlags() throws IOException {
        for (String doc : List.of("README.md", "../DEPLOYMENT.md")) {
            String text = flat(doc);
            assertThat(text).as(doc).contains(CollectorJvmFlags.FLAGS);
            assertThat(text).as(doc).contains("MALLOC_ARENA_MAX=2");
            assertThat(text.lines().filter(l -> l.contains("-XX:TieredStopAtLevel=1") && l.contains("-Xss")))
                    .as("every set of collector flags in %s", doc)
                    .isNotEmpty()
                    .allMatch(l -> l.contains(CollectorJvmFlags.FLAGS));
        }
    }
}
