package io.raidpulse.collector.logging;

import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/** {@link LogLevels} where logback logs; loaded only then. */
final class LogbackLevels {
    private LogbackLevels() {
    }

    static void set(String prefix, Level level) {
        if (LoggerFactory.getLogger(prefix) instanceof Logger l) {
            l.setLevel(ch.qos.logback.classic.Level.toLevel(level.toString()));
        }
    }
}
