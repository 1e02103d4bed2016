package io.raidpulse.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The one retry policy of raidpulse: the wait after a failure starts at {@code first}, doubles
 * after every further failure and stays at {@code max}; a success starts over. The spool sender
 * (Kafka away), the sink (InfluxDB away) and the notifiers (a channel away) all retry by it, each
 * waiting in its own way (a sleep, or a paused consumer kept polling in its group).
 *
 * <p>A maximum shorter than the first wait makes every wait the maximum (a test's or an
 * impatient operator's {@code retry-max-backoff} of a few milliseconds). The policy is immutable
 * and shared; {@link #start()} gives the mutable state of one run of retries.
 */
public record Backoff(Duration first, Duration max) {
    public Backoff {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(max, "max");
        if (first.isNegative() || first.isZero() || max.isNegative() || max.isZero()) {
            throw new IllegalArgumentException("a backoff must be positive, got " + first + " up to " + max);
        }
        if (max.compareTo(first) < 0) {
            first = max;
        }
    }

    /** A fresh run of retries: its first {@link Waits#next()} is {@link #first()}. */
    public Waits start() {
        return new Waits(this);
    }

    /** The waits of one run of retries; not thread-safe, owned by the retrying thread. */
    public static final class Waits {
        private final Backoff policy;
        private Duration next;

        private Waits(Backoff policy) {
            this.policy = policy;
            this.next = policy.first;
        }

        /** The wait before the next attempt; the one after it is twice as long, up to the maximum. */
        public Duration next() {
            Duration now = next;
            Duration doubled = now.multipliedBy(2);
            next = doubled.compareTo(policy.max) > 0 ? policy.max : doubled;
            return now;
        }

        /** After a success: the next failure waits {@link Backoff#first()} again. */
        public void reset() {
            next = policy.first;
        }
    }
}
