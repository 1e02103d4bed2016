package io.raidpulse.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackoffTest {
    private static List<Long> waits(Backoff.Waits w, int n) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(w.next().toMillis());
        }
        return out;
    }

    @Test
    void doublesFromTheFirstWaitAndStaysAtTheMaximum() {
        Backoff.Waits w = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(5)).start();
        assertThat(waits(w, 7)).containsExactly(500L, 1000L, 2000L, 4000L, 5000L, 5000L, 5000L);
    }

    @Test
    void aSuccessStartsOver() {
        Backoff.Waits w = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(30)).start();
        waits(w, 4);
        w.reset();
        assertThat(waits(w, 2)).containsExactly(200L, 400L);
    }

    @Test
    void eachRunOfRetriesHasItsOwnState() {
        Backoff policy = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1));
        Backoff.Waits a = policy.start();
        waits(a, 3);
        assertThat(policy.start().next()).isEqualTo(Duration.ofMillis(100));
        assertThat(a.next()).isEqualTo(Duration.ofMillis(800));
    }

    @Test
    void aMaximumBelowTheFirstWaitMakesEveryWaitTheMaximum() {
        assertThat(waits(new Backoff(Duration.ofMillis(500), Duration.ofMillis(10)).start(), 3)).containsExactly(10L, 10L, 10L);
    }

    @Test
    void aWaitOfNothingIsRefused() {
        assertThatThrownBy(() -> new Backoff(Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be positive");
    }
}
