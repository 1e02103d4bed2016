package io.raidpulse.planner.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import io.raidpulse.planner.PlanCommand;
import io.raidpulse.services.influx.InfluxServer;
import io.raidpulse.topics.testing.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * {@code plan} against influxd with authentication on (SecureStreamIT's, for the stream
 * processor): the right credentials reach the history, wrong ones are one clear line, and no
 * secret appears in any log event or exception of this JVM.
 */
class SecurePlanIT {
    private static final String INFLUX_PASSWORD = "influx-Pw-9RtZk4";

    @TempDir
    static Path dir;
    static InfluxServer influx;

    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

    @BeforeAll
    static void start() throws Exception {
        java.util.Optional<Path> influxd = InfluxServer.findInfluxd();
        assertThat(influxd).as("influxd on PATH: " + InfluxServer.HOW_TO_GET_ONE).isPresent();
        influx = InfluxServer.startLocal(influxd.get(), dir.resolve("influx"), 0, new InfluxServer.Admin("raidpulse", INFLUX_PASSWORD));
    }

    @AfterAll
    static void stop() {
        if (influx != null) {
            influx.close();
        }
    }

    @BeforeEach
    void captureLogs() {
        logs.start();
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).addAppender(logs);
    }

    @AfterEach
    void noSecretInAnyLogEvent() {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(logs);
        List<ILoggingEvent> events;
        synchronized (logs) {
            events = new ArrayList<>(logs.list);
        }
        for (ILoggingEvent e : events) {
            String text = e.getFormattedMessage() + (e.getThrowableProxy() == null ? "" : ThrowableProxyUtil.asString(e.getThrowableProxy()));
            assertThat(text).as("log event of %s", e.getLoggerName()).doesNotContain(INFLUX_PASSWORD);
        }
    }

    @Test
    void planQueriesInfluxDbWithTheCredentialsAndWrongOnesAreOneLine() throws Exception {
        Path right = dir.resolve("plan-right.properties");
        Files.writeString(right, "influx.url=" + influx.url() + "\ninflux.database=it_secure\ninflux.username=raidpulse\n"
                + "influx.password=" + INFLUX_PASSWORD + "\n");
        CommandRun ok = CommandRun.of(new PlanCommand(),
                "--host", "db-none", "--array", "md0", "--since", "1h", "--config", right.toString());
        assertThat(ok.err()).as("plan with the right credentials reaches the history").doesNotContain("401").doesNotContain("refused")
                .doesNotContain(INFLUX_PASSWORD);

        Path wrong = dir.resolve("plan-wrong.properties");
        Files.writeString(wrong, "influx.url=" + influx.url() + "\ninflux.database=it_secure\ninflux.username=raidpulse\n"
                + "influx.password=x" + INFLUX_PASSWORD + "\n");
        CommandRun refused = CommandRun.of(new PlanCommand(),
                "--host", "db-none", "--array", "md0", "--since", "1h", "--config", wrong.toString());
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err().lines().toList()).singleElement().asString().contains(influx.url()).contains("401")
                .doesNotContain(INFLUX_PASSWORD);
    }
}
