package io.raidpulse.collector.iostat;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Diskstats;
import io.raidpulse.md.ParseException;
import org.junit.jupiter.api.Test;

/**
 * Cases where iostat itself is not a usable oracle (it prints about 1.2e19 for a counter that
 * went down alone) and hand-computed values of the formulas.
 */
class IostatMathTest {
    private static DiskStat d(String counters) throws ParseException {
        return Diskstats.parseLine("8 0 sda " + counters, "t", 1);
    }

    @Test
    void formulasOverOneAndAHalfSeconds() throws Exception {
        DeviceInterval i = IostatMath.compute(d("100 10 800 50 200 20 1600 80 1 300 400"),
                d("200 20 1600 100 400 40 3200 160 2 500 800"), 150);
        DeviceMetrics m = i.metrics();
        assertThat(i.countersReset()).isFalse();
        assertThat(m.rS()).isEqualTo(100 / 1.5, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(m.rkBS()).isEqualTo(800 / 1.5 / 2, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(m.rrqm()).isEqualTo(10.0 / 110 * 100, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(m.rAwait()).isEqualTo(0.5);
        assertThat(m.wAwait()).isEqualTo(0.4);
        assertThat(m.rareqSz()).isEqualTo(4.0);
        assertThat(m.aquSz()).isEqualTo(400 / 1.5 / 1000, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(m.util()).isEqualTo(200 / 1.5 / 10, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(m.dS()).isZero();
        assertThat(i.deltas().hasDiscards()).isFalse();
    }

    @Test
    void oneCounterGoingDownAloneGivesZeroNotGarbage() throws Exception {
        // iostat 12.6.1 prints r/s 12297829382473035776.00 for this pair
        DeviceInterval i = IostatMath.compute(d("100 10 800 50 200 20 1600 80 1 300 400 5 1 80 7 9 11"),
                d("90 20 1600 100 400 40 3200 160 2 500 800 5 1 80 7 9 11"), 150);
        assertThat(i.countersReset()).isFalse();
        assertThat(i.deltas().reads()).isZero();
        assertThat(i.metrics().rS()).isZero();
        assertThat(i.metrics().rAwait()).isZero();
        assertThat(i.metrics().wS()).isEqualTo(200 / 1.5, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void timeFieldThatWentDownRatherThanWrappedGivesZero() throws Exception {
        DeviceInterval i = IostatMath.compute(d("100 0 800 5000 0 0 0 0 0 300000 400"), d("110 0 880 4000 0 0 0 0 0 300100 400"), 100);
        assertThat(i.deltas().readMs()).isZero();
        assertThat(i.metrics().rAwait()).isZero();
        assertThat(i.metrics().util()).isEqualTo(10.0);
    }

    @Test
    void wrapOfA32BitTimeFieldIsUnwrapped() throws Exception {
        DeviceInterval i = IostatMath.compute(d("100 0 800 4294967000 0 0 0 0 0 4294967200 400"),
                d("200 0 1600 100 0 0 0 0 0 200 400"), 150);
        assertThat(i.deltas().readMs()).isEqualTo(396);
        assertThat(i.deltas().ioTicksMs()).isEqualTo(296);
        assertThat(i.metrics().rAwait()).isEqualTo(3.96);
    }

    @Test
    void reinsertedDeviceCountsFromZero() throws Exception {
        DeviceInterval i = IostatMath.compute(d("100 10 800 50 200 20 1600 80 1 300 400"),
                d("50 5 400 60 100 10 800 100 2 200 100"), 150);
        assertThat(i.countersReset()).isTrue();
        assertThat(i.deltas().reads()).isEqualTo(50);
        assertThat(i.deltas().ioTicksMs()).isEqualTo(200);
    }

    @Test
    void zeroIntervalIsOneHundredthAsSysstatsGetInterval() throws Exception {
        DeviceInterval i = IostatMath.compute(d("100 0 0 0 0 0 0 0 0 0 0"), d("101 0 0 0 0 0 0 0 0 0 0"), 0);
        assertThat(i.metrics().rS()).isEqualTo(100.0);
    }
}
