package io.raidpulse.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The shared settings options: what overrides what, Kafka's address required, and each command's wording of their help. */
class SettingsOptionsTest {
    static final Key<String> HOST = Keys.string("demo.host", "localhost", "a setting the demo has an option for");

    @Command(name = "demo")
    static final class Demo implements Callable<Integer> {
        @Mixin
        KafkaClientOptions kafka = new KafkaClientOptions();

        @Option(names = "--host")
        String host;

        @Mixin
        SetOption set = new SetOption();

        Settings settings;

        @Override
        public Integer call() {
            settings = kafka.required(set.over(kafka.file()).withOption(HOST, host));
            return 0;
        }
    }

    /** A command's own wording of the shared options, as collect's, fleet's, plan's bundles give it. */
    public static final class Wording extends ListResourceBundle {
        @Override
        protected Object[][] getContents() {
            return new Object[][] {
                {"settings.config", "The demo's properties file."},
                {"settings.bootstrap-servers", "Kafka bootstrap servers (kafka.bootstrap.servers)."},
                {"settings.bootstrap-servers.label", "HOST:PORT[,...]"},
            };
        }
    }

    @Command(name = "worded", resourceBundle = "io.raidpulse.config.SettingsOptionsTest$Wording")
    static final class Worded implements Runnable {
        @Mixin
        KafkaClientOptions kafka = new KafkaClientOptions();

        @Mixin
        SetOption set = new SetOption();

        @Override
        public void run() {
        }
    }

    @TempDir
    Path tmp;

    private final StringWriter err = new StringWriter();

    private Demo run(int exit, String... args) {
        Demo demo = new Demo();
        CommandLine cli = Cli.commandLine(demo);
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute(args)).as("exit of %s (stderr: %s)", List.of(args), err).isEqualTo(exit);
        return demo;
    }

    @Test
    void theFileThenSetThenTheOptionsThenTheBrokers() throws IOException {
        Path file = Files.writeString(tmp.resolve("demo.properties"),
                "kafka.bootstrap.servers=file:9092\ndemo.host=file-host\ndemo.other=file-other\nkafka.acks=1\n");
        Settings s = run(0, "--config", file.toString(), "--set", "demo.host=set-host", "--set", "demo.other=set-other",
                "--set", "kafka.bootstrap.servers=set:9092", "--host", "option-host", "--bootstrap-servers", "option:9092").settings;
        assertThat(s.asMap()).containsEntry("demo.host", "option-host").containsEntry("demo.other", "set-other")
                .containsEntry("kafka.bootstrap.servers", "option:9092").containsEntry("kafka.acks", "1");

        Settings fileOnly = run(0, "--config", file.toString()).settings;
        assertThat(fileOnly.asMap()).containsEntry("demo.host", "file-host").containsEntry("kafka.bootstrap.servers", "file:9092");
    }

    @Test
    void withoutAFileTheOptionsAreAllTheSettings() {
        Settings s = run(0, "--bootstrap-servers", "k:9092").settings;
        assertThat(s.asMap()).containsOnlyKeys("kafka.bootstrap.servers");
        assertThat(s.get(HOST)).isEqualTo("localhost");
    }

    @Test
    void noKafkaAddressIsOneLineAndExitTwo() {
        run(2, "--host", "h");
        assertThat(err.toString().lines()).containsExactly("demo: no Kafka address: give --bootstrap-servers or kafka.bootstrap.servers in --config");
    }

    @Test
    void aMissingFileIsOneLineAndExitTwo() {
        run(2, "--config", tmp.resolve("nowhere.properties").toString(), "--bootstrap-servers", "k:9092");
        assertThat(err.toString().lines()).containsExactly("demo: config file " + tmp.resolve("nowhere.properties") + " does not exist");
    }

    @Test
    void helpIsTheSharedWordingUnlessTheCommandWordsItItsOwnWay() {
        assertThat(help(new Demo())).containsExactly(
                "--config=FILE: Settings file (Java properties).",
                "--bootstrap-servers=HOST:PORT,...: Kafka brokers (kafka.bootstrap.servers).",
                "--host=<host>: ",
                "--set=KEY=VALUE: Any other setting; repeatable.");
        assertThat(help(new Worded())).containsExactly(
                "--config=FILE: The demo's properties file.",
                "--bootstrap-servers=HOST:PORT[,...]: Kafka bootstrap servers (kafka.bootstrap.servers).",
                "--set=KEY=VALUE: Any other setting; repeatable.");
    }

    /** Each option in declaration order, as "--name=LABEL: description". */
    private static List<String> help(Object command) {
        List<String> out = new ArrayList<>();
        for (CommandLine.Model.OptionSpec o : new CommandLine(command).getCommandSpec().options()) {
            out.add(o.longestName() + "=" + o.paramLabel() + ": " + String.join(" ", o.description()));
        }
        return out;
    }
}
