package io.raidpulse.collector.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class WarningLimiterTest {
    @Test
    void oncePerPeriodPerSubject() {
        AtomicLong now = new AtomicLong();
        WarningLimiter w = new WarningLimiter(LoggerFactory.getLogger(WarningLimiterTest.class), Duration.ofMinutes(10), now::get);
        assertThat(w.warn("diskstats:line 3", "bad")).isTrue();
        assertThat(w.warn("diskstats:line 3", "bad")).isFalse();
        assertThat(w.warn("mdstat:line 1", "bad")).as("another subject").isTrue();
        now.addAndGet(Duration.ofMinutes(9).toNanos());
        assertThat(w.warn("diskstats:line 3", "bad")).isFalse();
        now.addAndGet(Duration.ofMinutes(2).toNanos());
        assertThat(w.warn("diskstats:line 3", "bad")).isTrue();
    }
}
