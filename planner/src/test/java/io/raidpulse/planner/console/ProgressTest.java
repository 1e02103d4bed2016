package io.raidpulse.planner.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void aStepQuickerThanASecondPrintsNothing() {
        StringWriter err = new StringWriter();
        try (Progress p = Progress.of(new PrintWriter(err), "reading")) {
            assertThat(p.shown()).isFalse();
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aLongerStepSaysWhatItWaitsForHowFarItIsAndWhenItIsDone() throws InterruptedException {
        StringWriter err = new StringWriter();
        AtomicInteger records = new AtomicInteger(42);
        try (Progress p = new Progress(new PrintWriter(err), "reading raidpulse.benchmarks", () -> records.get() + " records")) {
            Thread.sleep(1_300);
            assertThat(p.shown()).isTrue();
        }
        String[] lines = err.toString().split("\\R");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).matches("reading raidpulse\\.benchmarks\\.\\.\\. 1\\.\\d s, 42 records");
        assertThat(lines[1]).matches("reading raidpulse\\.benchmarks: done in 1\\.\\d s");
    }
}
