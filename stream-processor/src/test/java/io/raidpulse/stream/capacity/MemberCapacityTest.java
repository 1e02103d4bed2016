package io.raidpulse.stream.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.raidpulse.stream.capacity.MemberCapacity.Learned;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The learned figures' weighting, windows and spread, against the same computed from the windows' figures directly. */
class MemberCapacityTest {
    private static final double A = MemberCapacity.NEW_WINDOW_WEIGHT;

    private static MemberCapacity random(double iops, long bytes) {
        return new MemberCapacity(Learned.first(iops), bytes, null);
    }

    private static MemberCapacity sequential(double mb) {
        return new MemberCapacity(null, 0, Learned.first(mb));
    }

    @Test
    void theSumOfSquaredWeightsIsThatOfTheWeightsTheLearnedFigureGivesItsWindows() {
        for (int n = 1; n <= 30; n++) {
            // the first window keeps (1-a)^(n-1), the k-th after it a (1-a)^(n-1-k)
            double sum = Math.pow(1 - A, 2 * (n - 1));
            for (int k = 1; k < n; k++) {
                sum += Math.pow(A * Math.pow(1 - A, n - 1 - k), 2);
            }
            assertThat(Learned.sumOfSquaredWeights(n)).as("n = %d", n).isCloseTo(sum, within(1e-12));
        }
        assertThat(Learned.sumOfSquaredWeights(1)).isEqualTo(1.0);
        assertThat(Learned.sumOfSquaredWeights(500)).isCloseTo(A / (2 - A), within(1e-12));
    }

    @Test
    void theRelativeStandardErrorIsTheWindowsSpreadThroughTheWeightsOverTheFigure() {
        double[] figures = {150, 140, 165, 148, 152, 139, 160};
        MemberCapacity m = random(figures[0], 4096);
        for (int i = 1; i < figures.length; i++) {
            m = m.with(random(figures[i], 4096));
        }
        double weighted = figures[0];
        double mean = 0;
        for (double f : figures) {
            mean += f / figures.length;
        }
        double ss = 0;
        for (int i = 0; i < figures.length; i++) {
            if (i > 0) {
                weighted += A * (figures[i] - weighted);
            }
            ss += (figures[i] - mean) * (figures[i] - mean);
        }
        double sd = Math.sqrt(ss / (figures.length - 1));
        Learned l = m.random();
        assertThat(l.value()).isCloseTo(weighted, within(1e-9));
        assertThat(l.windows()).isEqualTo(7);
        assertThat(l.mean()).isCloseTo(mean, within(1e-9));
        assertThat(l.relativeStandardError()).isCloseTo(sd * Math.sqrt(Learned.sumOfSquaredWeights(7)) / weighted, within(1e-12));
    }

    @Test
    void oneWindowSaysNothingAboutTheSpreadAndEqualWindowsHaveNone() {
        assertThat(random(150, 4096).random().relativeStandardError()).isNull();
        MemberCapacity m = random(150, 4096).with(random(150, 4096)).with(random(150, 4096));
        assertThat(m.random().relativeStandardError()).isZero();
    }

    @Test
    void eachKindCountsItsOwnWindows() {
        MemberCapacity m = random(150, 4096).with(sequential(158)).with(random(148, 4096)).with(sequential(160)).with(sequential(157));
        assertThat(m.random().windows()).isEqualTo(2);
        assertThat(m.sequential().windows()).isEqualTo(3);
        assertThat(m.windows()).isEqualTo(5);
        assertThat(m.figure(false)).isSameAs(m.random());
        assertThat(m.figure(true)).isSameAs(m.sequential());
        assertThat(m.requestBytes()).as("a sequential window leaves the random request size alone").isEqualTo(4096);
    }

    @Test
    void aFigureRestoredWithoutSpreadCountsTheSpreadFromTheNextWindowsOn() {
        MemberCapacity restored = new MemberCapacity(Learned.restored(150, 6), 4096, null);
        MemberCapacity one = restored.with(random(140, 4096));
        assertThat(one.random().windows()).isEqualTo(7);
        assertThat(one.random().relativeStandardError()).as("one window with a spread").isNull();
        MemberCapacity two = one.with(random(160, 4096));
        // the spread of 140 and 160 (sd 14.14) through 8 windows' weights
        assertThat(two.random().relativeStandardError()).isCloseTo(
                Math.sqrt(200) * Math.sqrt(Learned.sumOfSquaredWeights(8)) / two.random().value(), within(1e-12));
    }

    @Test
    void theShapesStoreRoundTripsEveryFigure() {
        MemberCapacity m = random(150, 4096).with(sequential(158)).with(random(148, 8192));
        HostShapes h = new HostShapes(Map.of(), Map.of(), Map.of(), Map.of("SIM-HDD", m));
        assertThat(HostShapes.SERDE.decode(HostShapes.SERDE.encode(h)).measured()).containsExactly(Map.entry("SIM-HDD", m));
    }
}
