package io.raidpulse.collector;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logging for the collector's code where logback is the provider (collector-tools' jar, tests;
 * the agent's own jar logs the same lines through AgentLogging, without logback), set up in code
 * rather than from logback.xml: the XML
 * configurator loads about 600 classes (Joran and a SAX parser) that a 1 s agent on every host
 * would carry in metaspace for nothing. One line per event to stderr; OSHI and the Kafka
 * client at WARN. A logback.xml or logback-test.xml on the classpath (the raidpulse launcher's,
 * a test's) takes precedence.
 */
public final class CollectorLogging extends ContextAwareBase implements Configurator {
    static final String PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{0}: %msg%n";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        ClassLoader loader = CollectorLogging.class.getClassLoader();
        if (loader.getResource("logback-test.xml") != null || loader.getResource("logback.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("stderr");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(stderr);
        context.getLogger("oshi").setLevel(Level.WARN);
        context.getLogger("org.apache.kafka").setLevel(Level.WARN);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
