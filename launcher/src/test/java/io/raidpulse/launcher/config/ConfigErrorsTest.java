package io.raidpulse.launcher.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.launcher.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every invalid or missing setting, in every command that reads settings (collect, stream, up,
 * bench, plan), ends the same way
 * before anything starts: one line on stderr naming the key and what it expects, exit code 2,
 * no stack trace. The same rows through {@code config check} give the same line.
 */
class ConfigErrorsTest {
    @TempDir
    static Path dir;

    /** Commands and the settings file each gets besides the bad row. */
    private static final List<String> COMMANDS = List.of("collect", "stream", "up");

    /** key, bad value (null: the key left out), what the line must say. */
    private static final String[][] ROWS = {
        {"collector.interval", "0s", "expected a duration from 1s to 1h"},
        {"collector.interval", "soon", "expected a duration from 1s to 1h"},
        {"collector.spool.max-bytes", "1k", "expected a size from 1048576"},
        {"collector.spool.fsync", "maybe", "expected true or false"},
        {"collector.device-include", "(sd", "expected a regular expression"},
        {"collector.device-exclude", "[", "expected a regular expression"},
        {"collector.host", "db/1", "expected a host name without '/'"},
        {"kafka.acks", "most", "String must be one of: all, -1, 0, 1"},
        {"kafka.linger.ms", "-5", "Value must be at least 0"},
        {"kafka.compression.type", "rar", "String must be one of"},
        {"saturation.fire-util", "150", "expected a number from 1.0 to 100.0"},
        {"saturation.clear-util", "x", "expected a number from 0.0 to 100.0"},
        {"saturation.sustain", "-1s", "expected a duration"},
        {"saturation.evidence", "sometimes", "expected one of auto, always, never"},
        {"saturation.evidence-factor", "0.5", "expected a number from 1.0"},
        {"saturation.baseline-window", "forever", "expected a duration"},
        {"saturation.rule.db.kind", "disk", "saturation.rule.db.kind"},
        {"saturation.rule.db.host", "(db", "expected a regular expression"},
        {"saturation.rule.db.fire-util", "0", "expected a number from 1.0 to 100.0"},
        {"health.progress-step-pct", "0", "expected a number from 0.1"},
        {"health.progress-interval", "0s", "expected a duration from 1s"},
        {"alerts.vanished-after-samples", "0", "expected an integer from 1"},
        {"alerts.silent-host-after", "x", "expected a duration"},
        {"alerts.silence-check-interval", "1ms", "expected a duration from 100ms"},
        {"aggregate.windows", "1m,90s", "aggregate.windows"},
        {"aggregate.windows", "soon", "aggregate.windows"},
        {"aggregate.grace", "-5s", "expected a duration"},
        {"stream.threads", "0", "expected an integer from 1 to 64"},
        {"stream.startup-timeout", "1ms", "expected a duration from 500ms"},
        {"topics.create", "perhaps", "expected true or false"},
        {"topics.partitions", "0", "expected an integer from 1"},
        {"topics.replication-factor", "200", "expected an integer from -1 to 100"},
        {"kafka.num.standby.replicas", "lots", "Not a number of type INT"},
        {"kafka.session.timeout.ms", "soon", "Not a number of type INT"},
        {"influx.url", "localhost:8086", "expected an http(s) URL like http://localhost:8086"},
        {"influx.api", "v3", "expected one of auto, v1, v2"},
        {"influx.timeout", "0s", "expected a duration from 100ms"},
        {"influx.database", "a/b", "expected a database name without '/'"},
        {"influx.retention.agg_1m", "30m", "expected 0 (keep forever) or at least 1h"},
        {"influx.create", "sure", "expected true or false"},
        {"sink.batch-size", "0", "expected an integer from 1"},
        {"sink.flush-interval", "forever", "expected a duration"},
        {"sink.raw-samples", "2", "expected true or false"},
        {"sink.retry-max-backoff", "0s", "expected a duration from 10ms"},
        {"notify.channels", "bad name!", "channel names are letters, digits"},
        {"notify.channels", "x:nosuch", "unknown channel type 'nosuch'"},
        {"notify.channels", "console,console", "listed twice"},
        {"notify.retry-max-backoff", "0s", "expected a duration from 10ms"},
        {"notify.console.time-zone", "Mars/Olympus", "expected a time zone"},
        {"notify.hook.url", null, "notify.hook.url: is required and not set"},
        {"notify.hook.url", "ftp://hooks.example.com/x", "expected an http(s) URL"},
        {"notify.hook.timeout", "1h", "expected a duration from 100ms to 5m"},
        {"notify.hook.header.Host", "evil.example.com", "is not a header a request may carry"},
    };

    /** Which commands read a key: collector.* the agent, kafka.* producer settings both, the rest the stream processor; up all. */
    private static boolean reads(String command, String key) {
        boolean producer = key.startsWith("kafka.acks") || key.startsWith("kafka.linger") || key.startsWith("kafka.compression");
        return switch (command) {
            case "collect" -> key.startsWith("collector.") || producer;
            case "stream" -> !key.startsWith("collector.");
            default -> true;
        };
    }

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (String command : COMMANDS) {
            for (String[] row : ROWS) {
                if (!reads(command, row[0])) {
                    continue;
                }
                out.add(Arguments.of(command, row[0], row[1], row[2]));
            }
        }
        out.add(Arguments.of("collect", "kafka.bootstrap.servers", null, "kafka.bootstrap.servers"));
        out.add(Arguments.of("stream", "kafka.bootstrap.servers", null, "kafka.bootstrap.servers"));
        // bench: the benchmarks topic on Kafka; plan: InfluxDB's history (and Kafka's benchmarks when configured)
        out.add(Arguments.of("bench", "kafka.bootstrap.servers", null, "kafka.bootstrap.servers"));
        out.add(Arguments.of("bench", "kafka.session.timeout.ms", "soon", "Not a number of type INT"));
        out.add(Arguments.of("bench", "kafka.fetch.max.bytes", "-1", "Value must be at least 0"));
        out.add(Arguments.of("plan", "influx.url", null, "influx.url"));
        out.add(Arguments.of("plan", "influx.url", "localhost:8086", "expected an http(s) URL like http://localhost:8086"));
        out.add(Arguments.of("plan", "influx.api", "v3", "expected one of auto, v1, v2"));
        out.add(Arguments.of("plan", "influx.timeout", "0s", "expected a duration from 100ms"));
        out.add(Arguments.of("plan", "influx.database", "a/b", "expected a database name without '/'"));
        out.add(Arguments.of("plan", "influx.retention-policies", "maybe", "expected true or false"));
        out.add(Arguments.of("plan", "kafka.session.timeout.ms", "soon", "Not a number of type INT"));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}={2}")
    @org.junit.jupiter.api.Timeout(60) // interrupts an 'up' that got past the checks: it would run until stopped
    @MethodSource("rows")
    void anInvalidOrMissingSettingIsOneLineNamingTheKeyAndExitTwo(String command, String key, String value, String says) throws IOException {
        StringBuilder file = new StringBuilder();
        if (!key.equals("kafka.bootstrap.servers")) {
            file.append("kafka.bootstrap.servers=127.0.0.1:1\n");
        }
        file.append("collector.spool.dir=").append(dir.resolve("spool")).append('\n');
        file.append("stream.startup-timeout=500ms\n"); // a row that got past the checks would fail fast, not hang
        if (key.startsWith("notify.hook.")) {
            file.append("notify.channels=hook:webhook\n");
            if (!key.equals("notify.hook.url")) {
                file.append("notify.hook.url=https://hooks.example.com/x\n");
            }
        }
        if (command.equals("plan") && !key.equals("influx.url")) {
            file.append("influx.url=http://127.0.0.1:1\n"); // nothing there: a setting read after connecting would show as 'not reachable'
        }
        if (value != null) {
            file.append(key).append('=').append(value).append('\n');
        }
        Path config = dir.resolve(command + "-" + Math.abs((key + value).hashCode()) + ".properties");
        Files.writeString(config, file);

        List<String> args = new ArrayList<>(switch (command) {
            case "bench" -> List.of("bench", "list", "--config", config.toString());
            case "plan" -> List.of("plan", "--host", "db1", "--array", "md0", "--config", config.toString());
            default -> List.of(command, "--config", config.toString());
        });
        if (command.equals("up")) {
            args.addAll(List.of("--data-dir", dir.resolve("up-data").toString(), "--no-influx"));
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args.toArray(String[]::new));

        assertThat(err.toString().lines().toList()).as("stderr of %s", args).singleElement().asString()
                .startsWith("raidpulse " + command + (command.equals("bench") ? " list" : "") + ": ").contains(key).contains(says);
        assertThat(exit).as("exit code").isEqualTo(2);
        assertThat(out.toString()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(dir.resolve("up-data")).as("up started nothing").doesNotExist();

        if (value != null && !key.equals("kafka.bootstrap.servers") && !(command.equals("plan") && key.equals("influx.url"))) {
            assertThat(ConfigCheck.problems(io.raidpulse.config.Settings.load(config)))
                    .as("config check reports the same").anySatisfy(p -> assertThat(p).contains(key).contains(says));
        }
    }
}
