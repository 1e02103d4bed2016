package io.raidpulse.collector.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/** The agent jar's logging writes logback's lines and keeps the collector's thresholds. */
class AgentLoggingTest {

    /** The line logback writes for the same event with CollectorLogging's pattern. */
    private static String logback(Instant at, ch.qos.logback.classic.Level level, String logger, String message) {
        LoggerContext context = new LoggerContext();
        PatternLayout layout = new PatternLayout();
        layout.setContext(context);
        layout.setPattern("%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{0}: %msg%n");
        layout.start();
        LoggingEvent e = new LoggingEvent();
        e.setLoggerName(logger);
        e.setLevel(level);
        e.setMessage(message);
        e.setTimeStamp(at.toEpochMilli());
        return layout.doLayout(e);
    }

    private static String agent(Instant at, Level level, String logger, String message, Throwable thrown) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AgentLogger.print(new PrintStream(out, true, StandardCharsets.UTF_8), ZonedDateTime.ofInstant(at, ZoneId.systemDefault()),
                level, logger.substring(logger.lastIndexOf('.') + 1), message, thrown);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void writesTheLinesLogbackWrote() {
        Instant at = Instant.parse("2026-12-06T04:46:00.169Z");
        assertThat(agent(at, Level.INFO, "io.raidpulse.collector.collect.Collector", "collecting from /proc", null))
                .isEqualTo(logback(at, ch.qos.logback.classic.Level.INFO, "io.raidpulse.collector.collect.Collector", "collecting from /proc"));
        assertThat(agent(at, Level.WARN, "SpoolSender", "Kafka away", null))
                .isEqualTo(logback(at, ch.qos.logback.classic.Level.WARN, "SpoolSender", "Kafka away"));
        assertThat(agent(at, Level.ERROR, "a.b.C", "x", null)).isEqualTo(logback(at, ch.qos.logback.classic.Level.ERROR, "a.b.C", "x"));
    }

    @Test
    void aThrowableFollowsItsLine() {
        String out = agent(Instant.parse("2026-12-06T04:46:00Z"), Level.ERROR, "a.B", "failed", new IllegalStateException("boom"));
        assertThat(out.lines().toList().get(0)).endsWith("ERROR B: failed");
        assertThat(out.lines().toList().get(1)).isEqualTo("java.lang.IllegalStateException: boom");
        assertThat(out.lines().toList().get(2)).startsWith("\tat io.raidpulse.collector.logging.AgentLoggingTest.");
    }

    @Test
    void thresholdsAreByLongestPrefixAndCanBeRaised() {
        AgentLogging logging = new AgentLogging();
        var collector = logging.getLogger("io.raidpulse.collector.collect.Collector");
        var kafka = logging.getLogger("org.apache.kafka.clients.NetworkClient");
        var kafkaLike = logging.getLogger("org.apache.kafkaesque.X");
        var oshi = logging.getLogger("oshi.util.FileUtil");
        assertThat(collector.isInfoEnabled()).isTrue();
        assertThat(collector.isDebugEnabled()).isFalse();
        assertThat(kafka.isInfoEnabled()).isFalse();
        assertThat(kafka.isWarnEnabled()).isTrue();
        assertThat(kafkaLike.isInfoEnabled()).as("a prefix counts at a dot only").isTrue();
        assertThat(oshi.isInfoEnabled()).isFalse();
        AgentLogging.setThreshold("org.apache.kafka", Level.ERROR);
        try {
            assertThat(kafka.isWarnEnabled()).isFalse();
            assertThat(kafka.isErrorEnabled()).isTrue();
            assertThat(collector.isInfoEnabled()).isTrue();
        } finally {
            AgentLogging.setThreshold("org.apache.kafka", Level.WARN);
        }
    }
}
