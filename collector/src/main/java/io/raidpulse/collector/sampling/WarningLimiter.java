package io.raidpulse.collector.sampling;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * Logs a warning for a subject at most once per period, saying how many were held back since,
 * so a device that is malformed every second writes one line per period and not 86400 a day.
 */
public final class WarningLimiter {
    private final Logger log;
    private final long periodNanos;
    private final LongSupplier nanoTime;
    private final Map<String, long[]> state = new HashMap<>(); // subject -> {last logged at, suppressed since}

    public WarningLimiter(Logger log, Duration period, LongSupplier nanoTime) {
        this.log = log;
        this.periodNanos = period.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Logs {@code message} unless {@code subject} was logged less than a period ago. Returns whether it logged. */
    public synchronized boolean warn(String subject, String message) {
        long now = nanoTime.getAsLong();
        long[] s = state.get(subject);
        if (s != null && now - s[0] < periodNanos) {
            s[1]++;
            return false;
        }
        long held = s == null ? 0 : s[1];
        log.warn(held > 0 ? "{} ({} more like it held back)" : "{}", message, held);
        state.put(subject, new long[] {now, 0});
        return true;
    }
}
