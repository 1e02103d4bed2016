package io.raidpulse.stream.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.schema.LogHistogramState;
import io.raidpulse.schema.kafka.AvroSerdes;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class LogHistogramTest {

    @Property(tries = 200)
    void quantilesAreWithinOnePercentOfTheExactNearestRank(@ForAll @Size(min = 1, max = 500) double[] raw,
                                                            @ForAll @DoubleRange(min = 0.01, max = 1.0) double q) {
        double[] values = Arrays.stream(raw).map(v -> Math.abs(v) % 10_000 + 0.01).toArray();
        LogHistogram h = new LogHistogram();
        for (double v : values) {
            h.add(v);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double exact = sorted[(int) Math.max(0, Math.ceil(q * sorted.length) - 1)];
        assertThat(h.quantile(q)).isBetween(exact / LogHistogram.GAMMA, exact * LogHistogram.GAMMA);
    }

    @Property(tries = 100)
    void mergingIsTheSameAsAddingEverything(@ForAll @IntRange(min = 0, max = 1000) int seed) {
        Random r = new Random(seed);
        LogHistogram all = new LogHistogram();
        LogHistogram a = new LogHistogram();
        LogHistogram b = new LogHistogram();
        for (int i = 0; i < 300; i++) {
            double v = Math.exp(r.nextGaussian() * 3);
            all.add(v);
            (i % 3 == 0 ? a : b).add(v);
        }
        a.merge(b);
        for (double q : new double[] {0.5, 0.95, 0.99}) {
            assertThat(a.quantile(q)).isEqualTo(all.quantile(q));
        }
    }

    @Test
    void survivesItsEncoding() {
        LogHistogram h = new LogHistogram();
        for (double v : new double[] {0, 0.0005, 1.5, 1.5, 30, 2000}) {
            h.add(v);
        }
        LogHistogram back = LogHistogram.fromRecord(AvroSerdes.codec(LogHistogramState.class).decode("t",
                AvroSerdes.codec(LogHistogramState.class).encode(h.toRecord())));
        assertThat(back.count()).isEqualTo(6);
        assertThat(back.quantile(0.95)).isEqualTo(h.quantile(0.95)).isEqualTo(2000.0);
        assertThat(back.quantile(0.3)).isEqualTo(0.0);
        assertThat(back.quantile(0.5)).isBetween(1.5 / 1.02, 1.5 * 1.02);
    }

    @Test
    void emptyIsZero() {
        assertThat(new LogHistogram().quantile(0.95)).isZero();
    }
}
