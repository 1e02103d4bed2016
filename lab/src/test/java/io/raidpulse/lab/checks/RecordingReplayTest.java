package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.lab.recording.Recording;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link ReplayChecks} on every committed lab recording. */
class RecordingReplayTest {
    @TempDir
    Path work;

    static Stream<Recording> recordings() {
        return Recordings.committed();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void replayEqualsSysstatOnEveryRecordedInterval(Recording r) throws Exception {
        int compared = ReplayChecks.everyInterval(r, work);
        assertThat(compared).as("device-intervals compared, at least one a pair").isGreaterThanOrEqualTo(r.snapshots().size() - 1);
    }
}
