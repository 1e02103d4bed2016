package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.lab.recording.Recording;
import io.raidpulse.schema.Alert;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every committed recording's samples through one real pipeline ({@link RecordingPipeline}), as
 * offline hosts delivering their spools later (each recording is its own host, lab-SCENARIO);
 * each host's alerts held against what happened in its guest ({@link AlertChecks}).
 */
class RecordingPipelineIT {
    @TempDir
    static Path work;
    static RecordingPipeline pipeline;
    static List<Alert> alerts;

    @BeforeAll
    static void deliverEveryRecording() throws Exception {
        pipeline = RecordingPipeline.start(work, null, Map.of());
        for (Recording r : Recordings.committed().toList()) {
            assertThat(pipeline.deliver(r, work)).as("%s: samples delivered", r.name()).isGreaterThan(60);
        }
        alerts = pipeline.alerts(Duration.ofSeconds(20), Duration.ofMinutes(5));
    }

    @AfterAll
    static void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    static Stream<Recording> recordings() {
        return Recordings.committed();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void alertsMatchWhatHappened(Recording r) {
        String host = "lab-" + r.manifest().path("scenario").asText();
        List<Alert> mine = alerts.stream().filter(a -> a.getHost().equals(host)).toList();
        check(r, mine);
    }

    /** The checks of one recording's alerts (LabIT runs them on a fresh run too). */
    static void check(Recording r, List<Alert> alerts) {
        alerts.forEach(a -> System.out.println(r.name() + ": " + a.getEventTime() + " " + a.getState() + " " + a.getKind() + " "
                + a.getSubject() + " " + a.getSeverity() + " | " + a.getSummary()));
        SoftAssertions soft = new SoftAssertions();
        AlertChecks.common(soft, r, alerts);
        AlertChecks.saturation(soft, r, alerts, ScenarioExpectations.saturation(r.manifest().path("scenario").asText()));
        soft.assertAll();
    }
}
