package io.raidpulse.collector.logging;

import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/** Sets a threshold in whichever logging the process has: the agent jar's own, or logback (the tools, the launcher, the tests). */
public final class LogLevels {
    private LogLevels() {
    }

    /** Events below {@code level} of the loggers under {@code prefix} are dropped. */
    public static void set(String prefix, Level level) {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (factory instanceof AgentLogging) {
            AgentLogging.setThreshold(prefix, level);
        } else if (factory.getClass().getName().startsWith("ch.qos.logback.")) {
            // a class of its own: the agent jar has no logback for this one to link against
            LogbackLevels.set(prefix, level);
        }
    }
}
