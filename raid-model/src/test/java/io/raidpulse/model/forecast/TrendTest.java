package io.raidpulse.model.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TrendTest {
    @Test
    void aLineThroughKnownPointsHasTheTextbookSlopeAndStandardError() {
        Trend t = Trend.fit(new double[] {1, 2, 3, 4, 5}, new double[] {2, 4, 5, 4, 5});
        assertThat(t.slope()).isCloseTo(0.6, within(1e-12));
        assertThat(t.intercept()).isCloseTo(2.2, within(1e-12));
        // residuals -0.8, 0.6, 1, -0.6, -0.2: RSS 2.4 on 3 degrees of freedom, Sxx 10
        assertThat(t.slopeSe()).isCloseTo(Math.sqrt(2.4 / 3 / 10), within(1e-12));
        assertThat(t.reaches(6.4, t.slope())).as("through the pivot (3, 4)").isCloseTo(7.0, within(1e-12));
        Trend exact = Trend.fit(new double[] {0, 1, 2, 3}, new double[] {1, 3, 5, 7});
        assertThat(exact.slopeSe()).isZero();
        assertThat(exact.rising()).isTrue();
        assertThat(Trend.fit(new double[] {0, 1, 2, 3}, new double[] {5, 5, 5, 5}).rising()).isFalse();
    }

    @Test
    void theStudentQuantileMatchesTheTables() {
        // two-sided 95%: 2.571 (5), 2.228 (10), 2.042 (30), 2.000 (60), 1.984 (100)
        assertThat(Trend.t95(5)).isCloseTo(2.571, within(0.005));
        assertThat(Trend.t95(10)).isCloseTo(2.228, within(0.002));
        assertThat(Trend.t95(30)).isCloseTo(2.042, within(0.001));
        assertThat(Trend.t95(60)).isCloseTo(2.000, within(0.001));
        assertThat(Trend.t95(100)).isCloseTo(1.984, within(0.001));
    }
}
