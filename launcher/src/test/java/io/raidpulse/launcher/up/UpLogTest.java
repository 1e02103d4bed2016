package io.raidpulse.launcher.up;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * up's log: everything in the data directory's file; the console keeps raidpulse's lines and every
 * error, not the Kafka clients' warnings (the three CONCURRENT_TRANSACTIONS lines that appeared
 * among the incidents), and is as before once up ends.
 */
class UpLogTest {
    private static final String TRANSACTIONS = "org.apache.kafka.clients.producer.internals.TransactionManager";

    @TempDir
    Path dir;

    @Test
    void kafkaWarningsGoToTheFileOnly() throws Exception {
        LoggingEvent warning = event(TRANSACTIONS, Level.WARN);
        LoggingEvent error = event(TRANSACTIONS, Level.ERROR);
        LoggingEvent ours = event("io.raidpulse.stream.StreamService", Level.INFO);
        // up's level for the Kafka loggers (logback.xml's WARN), whatever a test before this one in the JVM set
        // (the collector's quietKafkaClientLogs sets ERROR for fleet and collect)
        ch.qos.logback.classic.Logger kafka = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger("org.apache.kafka");
        Level before = kafka.getLevel();
        kafka.setLevel(Level.WARN);
        try (UpLog log = UpLog.divert(dir)) {
            assertThat(log.consoles()).as("logback-test.xml's console appender").isNotEmpty();
            assertThat(log.consoles()).allSatisfy(console -> {
                assertThat(console.getFilterChainDecision(warning)).isEqualTo(FilterReply.DENY);
                assertThat(console.getFilterChainDecision(event("kafka.server.ReplicaManager", Level.WARN))).isEqualTo(FilterReply.DENY);
                assertThat(console.getFilterChainDecision(error)).isEqualTo(FilterReply.NEUTRAL);
                assertThat(console.getFilterChainDecision(ours)).isEqualTo(FilterReply.NEUTRAL);
                assertThat(console.getFilterChainDecision(event("kafkaesque.Thing", Level.WARN))).isEqualTo(FilterReply.NEUTRAL);
            });
            LoggerFactory.getLogger(TRANSACTIONS).warn("Got CONCURRENT_TRANSACTIONS, retrying");
            LoggerFactory.getLogger("io.raidpulse.launcher.up.UpLogTest").info("an incident opened");
            assertThat(log.file()).isEqualTo(dir.resolve("raidpulse-up.log"));
            assertThat(Files.readString(log.file())).contains("WARN  [main] " + TRANSACTIONS + " - Got CONCURRENT_TRANSACTIONS, retrying",
                    "INFO  [main] io.raidpulse.launcher.up.UpLogTest - an incident opened");
            log.close();
            assertThat(log.consoles()).allSatisfy(console -> assertThat(console.getFilterChainDecision(warning)).isEqualTo(FilterReply.NEUTRAL));
        } finally {
            kafka.setLevel(before);
        }
    }

    private static LoggingEvent event(String logger, Level level) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        return new LoggingEvent(UpLogTest.class.getName(), context.getLogger(logger), level, "message", null, null);
    }
}
