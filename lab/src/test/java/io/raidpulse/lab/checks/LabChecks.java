package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.Alert;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Every check of a lab recording in one call, for a run made by the suite itself (LabIT). */
public final class LabChecks {
    private LabChecks() {
    }

    public static void all(Recording r, Path work) throws Exception {
        Files.createDirectories(work);
        assertThat(ReplayChecks.everyInterval(r, work.resolve("replay"))).as("device-intervals compared").isPositive();
        if (Recordings.hasArrays(r)) {
            assertThat(ArraysChecks.everySnapshot(r)).as("array states compared").isGreaterThan(10);
        }
        try (RecordingPipeline p = RecordingPipeline.start(work.resolve("pipeline"), null, Map.of())) {
            p.deliver(r, work);
            List<Alert> alerts = p.alerts(Duration.ofSeconds(15), Duration.ofMinutes(3));
            RecordingPipelineIT.check(r, alerts);
        }
    }
}
