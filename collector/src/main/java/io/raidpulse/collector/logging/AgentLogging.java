package io.raidpulse.collector.logging;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The agent jar's logging: one line per event to stderr, as {@code CollectorLogging} sets logback
 * up elsewhere ({@code 2026-12-06T05:12:01.123+00:00 INFO  Collector: message}), with the root at
 * INFO and OSHI and the Kafka client at WARN. Logback's classes took about 2 MiB of the agent's
 * resident memory for a handful of lines a day; the agent's shaded jar holds this provider
 * instead (its service file is added at shading, so the other jars and the tests keep logback).
 */
public final class AgentLogging implements SLF4JServiceProvider, ILoggerFactory {
    /** the thresholds by logger name prefix ("" is the root); a longer prefix wins */
    private static final Map<String, Level> THRESHOLDS = new ConcurrentHashMap<>(
            Map.of("", Level.INFO, "oshi", Level.WARN, "org.apache.kafka", Level.WARN));
    /** bumped when a threshold changes, so that loggers look theirs up again */
    static volatile int generation;

    private final Map<String, AgentLogger> loggers = new ConcurrentHashMap<>();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    /** Events below {@code level} of loggers under {@code prefix} (a package or logger name) are dropped. */
    public static void setThreshold(String prefix, Level level) {
        THRESHOLDS.put(prefix, level);
        generation++;
    }

    /** The threshold of the logger named {@code name}: that of the longest prefix of it, at a dot, with one. */
    static Level threshold(String name) {
        for (String n = name; ; ) {
            Level l = THRESHOLDS.get(n);
            if (l != null) {
                return l;
            }
            if (n.isEmpty()) {
                return Level.INFO;
            }
            int dot = n.lastIndexOf('.');
            n = dot < 0 ? "" : n.substring(0, dot);
        }
    }

    @Override
    public Logger getLogger(String name) {
        return loggers.computeIfAbsent(name, AgentLogger::new);
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return this;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
    }
}
