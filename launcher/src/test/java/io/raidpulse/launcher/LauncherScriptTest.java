package io.raidpulse.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code ./raidpulse}, the README's first command, builds the jar on a fresh clone with one Maven
 * command. {@code -Dmaven.test.skip=true} skips packaging the test-jars too, and a module that
 * declares another's test-jar (collector-tools, lab, the topics fixtures) then fails to resolve it in
 * the reactor: the first run on a clean machine stopped with "Could not find artifact
 * ...:jar:tests". The build must skip running the tests only.
 */
class LauncherScriptTest {
    private static final Pattern MAVEN = Pattern.compile("\\./mvnw ([^)]*) package");

    @Test
    void theScriptBuildsTheTestJarsTheReactorDependsOn() throws IOException {
        Path root = root();
        String script = Files.readString(root.resolve("raidpulse"));
        Matcher m = MAVEN.matcher(script);
        assertThat(m.find()).as("the Maven command in ./raidpulse").isTrue();
        String command = m.group(1);
        assertThat(command).contains("-DskipTests").contains("-pl launcher").contains("-am");

        List<Path> testJarUsers;
        try (Stream<Path> poms = Files.list(root)) {
            testJarUsers = poms.map(d -> d.resolve("pom.xml")).filter(Files::isRegularFile)
                    .filter(p -> read(p).contains("<type>test-jar</type>")).toList();
        }
        assertThat(testJarUsers).as("modules that declare a test-jar dependency").isNotEmpty();
        assertThat(command).as("with test-jar dependencies in %s", testJarUsers).doesNotContain("maven.test.skip");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new IllegalStateException(p + ": " + e.getMessage(), e);
        }
    }

    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("raidpulse")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p.normalize();
            }
        }
        throw new IllegalStateException("no raidpulse script with pom.xml beside it above " + Path.of("").toAbsolutePath());
    }
}
