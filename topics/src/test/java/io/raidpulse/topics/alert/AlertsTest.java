package io.raidpulse.topics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AlertsTest {

    /** The formatter's own text is the oracle: alerts read the same as before the fast path, and on every JDK it runs on. */
    @Test
    void fixedWritesWhatTheFormatterWrites() {
        double[] edges = {0.0, -0.0, 0.05, 0.15, 0.25, 0.35, 1.45, 2.675, 9.95, 99.95, 999.995, -0.05, -0.04, -0.004, 0.004, 1e7,
            1e-3, 1e20, 1e-20, -1e-20, 123456789.125, 4.35, 0.045, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (double v : edges) {
            for (int places = 0; places <= 3; places++) {
                assertThat(Alerts.fixed(v, places)).as("%s to %d places", v, places).isEqualTo(formatted(v, places));
            }
        }
        Random r = new Random(20261203);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 5) {
                // percentages, ties at the second and third decimal, any bit pattern, small negatives
                case 0 -> r.nextDouble() * 100;
                case 1 -> r.nextInt(200_000) / 1000.0 + 0.05;
                case 2 -> (r.nextInt(20_000) - 10_000) / 100.0 + 0.005;
                case 3 -> Double.longBitsToDouble(r.nextLong());
                default -> -r.nextDouble() * 0.1;
            };
            int places = 1 + i % 2;
            assertThat(Alerts.fixed(v, places)).as("%s to %d places", v, places).isEqualTo(formatted(v, places));
        }
    }

    @Test
    void figuresAndPercentagesAsAlertsWriteThem() {
        assertThat(Alerts.percent(97.45)).isEqualTo("97.5%");
        assertThat(Alerts.percent(-0.01)).isEqualTo("-0.0%");
        assertThat(Alerts.figure(4)).isEqualTo("4");
        assertThat(Alerts.figure(0.345)).isEqualTo("0.35");
        assertThat(Alerts.figure(1e16)).isEqualTo("10000000000000000.00");
    }

    private static String formatted(double v, int places) {
        return String.format(Locale.ROOT, "%." + places + "f", v);
    }
}
