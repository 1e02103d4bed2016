package io.raidpulse.launcher.up;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * {@code up}'s console is for the operator: the incidents, the status line, raidpulse's own lines
 * and real errors. Everything logged also goes to a file in the data directory, and the Kafka
 * broker's and clients' warnings go there only: the clients retry what they warn about on their own
 * (a transaction's CONCURRENT_TRANSACTIONS, a leader moving, a reconnect), and an error is still
 * shown. Undone by {@link #close()}.
 */
final class UpLog implements AutoCloseable {
    /** The file in the data directory. */
    static final String FILE_NAME = "raidpulse-up.log";
    /** Loggers of the embedded broker and of the Kafka clients (logback.xml sets them to WARN). */
    private static final List<String> KAFKA_LOGGERS = List.of("org.apache.kafka", "kafka", "state.change.logger");

    private final Logger root;
    private final FileAppender<ILoggingEvent> file;
    private final List<Appender<ILoggingEvent>> consoles;
    private final Filter<ILoggingEvent> kafkaWarnings;

    private UpLog(Logger root, FileAppender<ILoggingEvent> file, List<Appender<ILoggingEvent>> consoles, Filter<ILoggingEvent> kafkaWarnings) {
        this.root = root;
        this.file = file;
        this.consoles = consoles;
        this.kafkaWarnings = kafkaWarnings;
    }

    /** Starts writing every logged line to {@code dataDir/raidpulse-up.log}, and Kafka's warnings there only. */
    static UpLog divert(Path dataDir) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level [%thread] %logger - %msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName("UP_FILE");
        file.setFile(dataDir.resolve(FILE_NAME).toString());
        file.setAppend(true);
        file.setEncoder(encoder);
        file.start();
        root.addAppender(file);
        List<Appender<ILoggingEvent>> consoles = new ArrayList<>();
        root.iteratorForAppenders().forEachRemaining(a -> {
            if (a instanceof ConsoleAppender) {
                consoles.add(a);
            }
        });
        Filter<ILoggingEvent> kafkaWarnings = new KafkaWarnings();
        kafkaWarnings.start();
        consoles.forEach(c -> c.addFilter(kafkaWarnings));
        return new UpLog(root, file, consoles, kafkaWarnings);
    }

    /** Whether the console shows {@code event}: denied for the Kafka loggers' lines below ERROR. */
    static final class KafkaWarnings extends Filter<ILoggingEvent> {
        @Override
        public FilterReply decide(ILoggingEvent event) {
            if (event.getLevel().isGreaterOrEqual(Level.ERROR)) {
                return FilterReply.NEUTRAL;
            }
            String name = event.getLoggerName();
            return KAFKA_LOGGERS.stream().anyMatch(k -> name.equals(k) || name.startsWith(k + "."))
                    ? FilterReply.DENY : FilterReply.NEUTRAL;
        }
    }

    Path file() {
        return Path.of(file.getFile());
    }

    /** The console appenders, each denying the Kafka loggers' warnings. */
    List<Appender<ILoggingEvent>> consoles() {
        return consoles;
    }

    Filter<ILoggingEvent> kafkaWarnings() {
        return kafkaWarnings;
    }

    @Override
    public void close() {
        root.detachAppender(file);
        file.stop();
        // logback.xml gives the console appenders no filter of their own
        consoles.forEach(Appender::clearAllFilters);
    }
}
