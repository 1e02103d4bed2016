package io.raidpulse.stream.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Cli;
import io.raidpulse.services.Ports;
import io.raidpulse.services.kafka.EmbeddedKafka;
import io.raidpulse.stream.StreamCommand;
import io.raidpulse.stream.StreamCommands;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What a user sees when the stream command cannot start: one line on stderr and a non-zero exit. */
class StreamCommandIT {

    record Run(int exit, String err) {
    }

    static Run run(String... args) {
        CommandLine cli = Cli.commandLine(new StreamCommand());
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        cli.setOut(new PrintWriter(new StringWriter()));
        int exit = cli.execute(args);
        return new Run(exit, err.toString());
    }

    @Test
    void aWrongBootstrapAddressIsOneLine() {
        String address = "127.0.0.1:" + Ports.free();
        Run r = run("--bootstrap-servers", address, "--set", "stream.startup-timeout=2s");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("stream: Kafka at " + address + " did not answer within 2 s: check kafka.bootstrap.servers "
                + "(--bootstrap-servers) and that the broker runs" + System.lineSeparator());
    }

    @Test
    void anInfluxDbThatIsNotThereIsOneLine(@TempDir Path dir) {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
            String url = "http://127.0.0.1:" + Ports.free();
            Run r = run("--bootstrap-servers", kafka.bootstrapServers(), "--influx-url", url, "--state-dir", dir.resolve("s").toString());
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.err()).isEqualTo("stream: InfluxDB at " + url + " is not reachable: connection refused "
                    + "(check influx.url or --influx-url, and that influxd is running)" + System.lineSeparator());
        }
    }

    @Test
    void missingAndInvalidSettingsAreUsageErrors() {
        Run none = run();
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("stream: no Kafka address: give --bootstrap-servers or kafka.bootstrap.servers in --config"
                + System.lineSeparator());
        Run invalid = run("--bootstrap-servers", "localhost:1", "--set", "saturation.fire-util=150");
        assertThat(invalid.exit()).isEqualTo(2);
        assertThat(invalid.err()).isEqualTo("stream: config saturation.fire-util: expected a number from 1.0 to 100.0, got '150'"
                + System.lineSeparator());
        Run file = run("--config", "/nonexistent/raidpulse.properties");
        assertThat(file.exit()).isEqualTo(2);
        assertThat(file.err()).isEqualTo("stream: config file /nonexistent/raidpulse.properties does not exist" + System.lineSeparator());
    }

    @Test
    void theLauncherAndTheStreamJarGetTheStreamCommandOnly() {
        // bench and plan are the planner module's (PlannerCommandsTest): raidpulse.jar has them, raidpulse-stream-processor.jar not
        assertThat(StreamCommands.commands()).singleElement().isInstanceOf(StreamCommand.class);
        assertThat(StreamCommands.commands()).extracting(c -> new CommandLine(c).getCommandName()).containsExactly("stream");
    }
}
