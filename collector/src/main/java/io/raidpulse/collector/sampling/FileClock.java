package io.raidpulse.collector.sampling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The time a simulated or recorded host says it is: epoch milliseconds in a file next to its
 * proc/ and sys/ trees (the simulator writes {@code DIR/time} with every step). Samples of such
 * a host are stamped with its time, so alerts and aggregates come out at the simulated times.
 * A file without a time fails that sample (the collector logs it and goes on), never silently
 * mixing simulated and real times.
 */
public final class FileClock extends Clock {
    private final Path file;

    public FileClock(Path file) {
        this.file = file;
    }

    @Override
    public Instant instant() {
        try {
            return Instant.ofEpochMilli(Long.parseLong(Files.readString(file).trim()));
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("clock file " + file + " holds no epoch milliseconds: " + e.getMessage(), e);
        }
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public String toString() {
        return "FileClock[" + file + "]";
    }
}
