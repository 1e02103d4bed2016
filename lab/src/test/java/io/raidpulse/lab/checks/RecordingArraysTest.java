package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.lab.recording.Recording;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link ArraysChecks} on every committed lab recording that has md arrays. */
class RecordingArraysTest {
    static Stream<Recording> recordings() {
        return Recordings.committed().filter(Recordings::hasArrays);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void arraysAgreeWithMdadmInEveryRecordedState(Recording r) throws Exception {
        // 10 at least: 5.10's guest under TCG takes 8-40 s a snapshot, and its hungarian-pull-under-load compares 10 states
        assertThat(ArraysChecks.everySnapshot(r)).as("array states compared").isGreaterThanOrEqualTo(10);
    }
}
