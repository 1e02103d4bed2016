package io.raidpulse.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.lab.checks.LabChecks;
import io.raidpulse.lab.recording.Recording;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lab itself in the suite: the scenarios marked {@code # suite: short} booted for real
 * (Debian's kernel under QEMU, fetched into lab/.cache on first use) and their fresh results held
 * to every check the committed recordings get. Needs the host tools lab/install-packages installs
 * (run-tests does) and the collector and lab jars of this build. The run is kept in
 * lab/target/lab-it (a recording like the committed ones) so that a failure can be read afterwards.
 */
class LabIT {
    @Test
    void theShortScenarioRunsOnRealMdAndPassesEveryCheck() throws Exception {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        Path out = repo.resolve("lab/target/lab-it");
        deleteTree(out);
        List<ScenarioSpec> suite = ScenarioSpec.all(repo.resolve("lab/scenarios")).stream().filter(ScenarioSpec::inSuite).toList();
        assertThat(suite).as("scenarios marked '# suite: short'").isNotEmpty();
        LabSetup setup = LabSetup.prepare(repo, KernelSuite.DEFAULT, null, "auto", 2);
        System.out.println("lab: " + setup.kernel().release() + ", " + setup.accel().name() + " (" + setup.accel().reason() + ")");
        for (ScenarioSpec s : suite) {
            LabRun.Result run = LabRun.run(setup, s, out.resolve(s.name()));
            assertThat(run.outcome()).as("%s (guest.log: %s)", s.name(), out.resolve(s.name()).resolve("guest.log")).isEqualTo("ok");
            LabChecks.all(Recording.open(run.out()), out.resolve(s.name() + "-checks"));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
