package io.raidpulse.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class CliTest {

    @Command(name = "demo")
    static final class Demo implements Callable<Integer> {
        @Option(names = "--interval") int interval = 10;
        @Option(names = "--fail") String fail;

        @Override
        public Integer call() {
            if ("config".equals(fail)) {
                throw new ConfigException("collector.interval", "expected a duration from 1s to 1h, got '0'");
            }
            if ("broker".equals(fail)) {
                throw new RuntimeException(new UserException("Kafka at nowhere:9092 is not reachable"));
            }
            if ("bug".equals(fail)) {
                throw new IllegalStateException("boom");
            }
            return 0;
        }
    }

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Cli.commandLine(new Demo());
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void configErrorIsOneLineAndExitTwo() {
        assertThat(run("--fail", "config")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("demo: config collector.interval: expected a duration from 1s to 1h, got '0'" + System.lineSeparator());
    }

    @Test
    void wrappedUserErrorIsFoundAndPrintedAsOneLine() {
        assertThat(run("--fail", "broker")).isEqualTo(1);
        assertThat(err.toString().lines()).containsExactly("demo: Kafka at nowhere:9092 is not reachable");
    }

    @Test
    void badOptionIsOneLineAndExitTwo() {
        assertThat(run("--interval", "soon")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1).first().asString().startsWith("demo: Invalid value").contains("--help");
    }

    @Test
    void bugsKeepTheirStackTrace() {
        assertThat(run("--fail", "bug")).isEqualTo(Cli.EXIT_BUG);
        assertThat(err.toString()).contains("IllegalStateException: boom").contains("at io.raidpulse.config.CliTest");
    }
}
