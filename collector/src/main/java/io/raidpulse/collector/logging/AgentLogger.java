package io.raidpulse.collector.logging;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** A logger of {@link AgentLogging}: logback's {@code %d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{0}: %msg%n}, to stderr. */
final class AgentLogger extends LegacyAbstractLogger {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");

    private final String shortName;
    /** the threshold as of a generation of AgentLogging's thresholds, replaced whole (loggers are shared by threads) */
    private volatile Threshold threshold = new Threshold(-1, Level.INFO);

    private record Threshold(int generation, Level level) {
    }

    AgentLogger(String name) {
        this.name = name;
        this.shortName = name.substring(name.lastIndexOf('.') + 1);
    }

    private boolean enabled(Level level) {
        int now = AgentLogging.generation;
        Threshold t = threshold;
        if (t.generation() != now) {
            t = new Threshold(now, AgentLogging.threshold(name));
            threshold = t;
        }
        return level.toInt() >= t.level().toInt();
    }

    @Override
    public boolean isTraceEnabled() {
        return enabled(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return enabled(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return enabled(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return enabled(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return enabled(Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments, Throwable thrown) {
        print(System.err, ZonedDateTime.now(), level, shortName, MessageFormatter.basicArrayFormat(pattern, arguments), thrown);
    }

    /** One event as its line (and the trace of {@code thrown}, if any), written to {@code out} at once. */
    static void print(PrintStream out, ZonedDateTime at, Level level, String logger, String message, Throwable thrown) {
        StringWriter line = new StringWriter(128);
        line.append(TIME.format(at)).append(' ').append(String.format("%-5s", level)).append(' ').append(logger).append(": ")
                .append(message).append(System.lineSeparator());
        if (thrown != null) {
            thrown.printStackTrace(new PrintWriter(line));
        }
        out.print(line);
        out.flush();
    }
}
