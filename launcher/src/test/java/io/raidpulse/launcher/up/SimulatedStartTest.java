package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.config.UserException;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a simulated run's clock starts, alone and after earlier runs in the same data directory. */
class SimulatedStartTest {
    @TempDir
    Path data;

    private final Scenario scenario = ShippedScenarios.resolve("raid5-saturation");

    private Path tree() throws Exception {
        return Files.createDirectories(data.resolve("sim").resolve(scenario.host()));
    }

    @Test
    void aFirstFastRunEndsAboutNowOnAWholeMinute() throws Exception {
        Instant before = Instant.now();
        Instant start = Pipeline.simulatedStart(scenario, tree(), true);
        assertThat(start.truncatedTo(ChronoUnit.MINUTES)).isEqualTo(start);
        assertThat(start.plusSeconds(scenario.durationSeconds())).isBetween(before.minusSeconds(60), Instant.now());
    }

    @Test
    void aRealTimeRunStartsNow() throws Exception {
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(Pipeline.simulatedStart(scenario, tree(), false)).isBetween(before, Instant.now());
    }

    @Test
    void aFastRunAfterAnotherStartsAfterItsEndOnTheNextMinute() throws Exception {
        Instant previousLast = Instant.now().plusSeconds(600);
        Files.writeString(tree().resolve("time"), Long.toString(previousLast.toEpochMilli()));
        Instant start = Pipeline.simulatedStart(scenario, tree(), true);
        assertThat(start).isAfter(previousLast.plusSeconds(scenario.intervalSeconds()).minusMillis(1))
                .isEqualTo(previousLast.plusSeconds(scenario.intervalSeconds()).plus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.MINUTES));
    }

    @Test
    void runsThatWouldEndBeyondWhatTheBrokerTakesAreRefusedWithTheWayOut() throws Exception {
        Instant previousLast = Instant.now().plus(Pipeline.MAX_AHEAD).minusSeconds(60);
        Files.writeString(tree().resolve("time"), Long.toString(previousLast.toEpochMilli()));
        assertThatThrownBy(() -> Pipeline.simulatedStart(scenario, tree(), true)).isInstanceOf(UserException.class)
                .hasMessageContaining("earlier fast runs of " + scenario.host() + " in " + data)
                .hasMessageContaining("more than 24 h ahead of the clock; give another data directory (--data-dir)");
    }
}
