package io.raidpulse.simulator.truth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.simulator.Simulation;
import io.raidpulse.simulator.scenario.ShippedScenarios;
import io.raidpulse.simulator.tree.HostTree;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A small, independent iostat (docs/iostat.md#metrics-and-formulas, sysstat compute_ext_disk_stats) applied to
 * the printed /proc/diskstats and /proc/uptime of consecutive instants gives back the modelled truth.
 */
class IostatFormulasTest {
    /** Field indexes in a diskstats line after major, minor, name (0-based). */
    static final int READS = 0;
    static final int SECTORS_READ = 2;
    static final int MS_READING = 3;
    static final int WRITES = 4;
    static final int SECTORS_WRITTEN = 6;
    static final int MS_WRITING = 7;
    static final int IO_TICKS = 9;
    static final int WEIGHTED = 10;
    static final int FLUSHES = 15;
    static final int MS_FLUSHING = 16;

    static Map<String, long[]> diskstats(HostTree t) {
        Map<String, long[]> out = new HashMap<>();
        for (String line : t.file("proc/diskstats").split("\n")) {
            String[] f = line.trim().split(" +");
            long[] v = new long[17];
            for (int i = 0; i < 17; i++) {
                v[i] = Long.parseLong(f[3 + i]);
            }
            out.put(f[2], v);
        }
        return out;
    }

    static double uptime(HostTree t) {
        return Double.parseDouble(t.file("proc/uptime").split(" ")[0]);
    }

    /** Difference of a 32-bit time field, across a wrap. */
    static long delta32(long now, long before) {
        long d = now - before;
        return d < 0 ? d + (1L << 32) : d;
    }

    @ParameterizedTest
    @ValueSource(strings = {"raid5-saturation", "member-failure", "raid10-over-raid1-pairs"})
    void iostatOnThePrintedCountersGivesBackTheTruth(String scenario) throws IOException {
        List<HostTree> trees = new ArrayList<>();
        Simulation sim = Simulation.start(ShippedScenarios.load(scenario), (tree, index) -> trees.add(tree));
        sim.run();
        List<StepTruth> truth = sim.truth().steps();
        int compared = 0;
        for (int i = 1; i < trees.size(); i++) {
            Map<String, long[]> a = diskstats(trees.get(i - 1));
            Map<String, long[]> b = diskstats(trees.get(i));
            double t = uptime(trees.get(i)) - uptime(trees.get(i - 1));
            assertThat(t).isCloseTo(sim.scenario().intervalSeconds(), within(0.011));
            StepTruth step = truth.get(i - 1);
            for (Map.Entry<String, long[]> e : b.entrySet()) {
                long[] x = a.get(e.getKey());
                long[] y = e.getValue();
                DeviceTruth d = step.device(e.getKey());
                if (x == null || d == null || y[READS] < x[READS]) {
                    continue;
                }
                for (int f : new int[] {READS, SECTORS_READ, WRITES, SECTORS_WRITTEN, FLUSHES}) {
                    assertThat(y[f]).as("%s field %d is monotonic", e.getKey(), f).isGreaterThanOrEqualTo(x[f]);
                }
                double dr = y[READS] - x[READS];
                double dw = y[WRITES] - x[WRITES];
                double rs = dr / t;
                double ws = dw / t;
                double util = delta32(y[IO_TICKS], x[IO_TICKS]) / t / 10;
                double aqu = delta32(y[WEIGHTED], x[WEIGHTED]) / t / 1000;
                // counters are whole numbers: rates within a count per interval
                assertThat(rs).as(e.getKey() + " r/s").isCloseTo(d.readsPerSecond(), within(1.01 / t + 1e-6));
                assertThat(ws).as(e.getKey() + " w/s").isCloseTo(d.writesPerSecond(), within(1.01 / t + 1e-6));
                assertThat(util).as(e.getKey() + " util").isCloseTo(d.util(), within(0.1 + 1000.0 / sim.scenario().hz() / t / 10));
                assertThat(aqu).as(e.getKey() + " aqu-sz").isCloseTo(d.queueSize(), within(0.002 + d.queueSize() * 0.001));
                if (dr > 100) {
                    double rAwait = delta32(y[MS_READING], x[MS_READING]) / dr;
                    assertThat(rAwait).as(e.getKey() + " r_await").isCloseTo(d.readAwaitMs(), within(d.readAwaitMs() * 0.02 + 0.05));
                    assertThat((y[SECTORS_READ] - x[SECTORS_READ]) / dr / 2).as(e.getKey() + " rareq-sz")
                            .isCloseTo(d.readRequestKb(), within(d.readRequestKb() * 0.02 + 0.1));
                }
                if (dw > 100) {
                    double wAwait = delta32(y[MS_WRITING], x[MS_WRITING]) / dw;
                    assertThat(wAwait).as(e.getKey() + " w_await").isCloseTo(d.writeAwaitMs(), within(d.writeAwaitMs() * 0.02 + 0.05));
                }
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(trees.size());
    }
}
