package io.raidpulse.launcher.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.launcher.Main;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * --config, --bootstrap-servers and --set are declared once (config's mixins), the InfluxDB options once
 * (influx's); each command words their help for what it reads through its resource bundle. Here, where
 * every command is.
 */
class SharedOptionsHelpTest {
    private static final String AGENT_CONFIG = "Properties file with collector.* and kafka.* settings.";
    private static final String AGENT_BROKERS = "HOST:PORT[,...] Kafka bootstrap servers (kafka.bootstrap.servers).";
    private static final String BROKERS = "HOST:PORT,... Kafka brokers (kafka.bootstrap.servers).";
    private static final String BENCH_CONFIG = "Settings file (Java properties), as for 'raidpulse stream'.";
    private static final String BENCH_SET = "Any other setting (kafka.*, topics.benchmarks); repeatable.";

    private static CommandSpec command(String... path) {
        CommandLine cli = Main.commandLine();
        for (String name : path) {
            cli = cli.getSubcommands().get(name);
        }
        return cli.getCommandSpec();
    }

    private static String help(CommandSpec command, String option) {
        OptionSpec o = command.findOption(option);
        return o == null ? null : String.join(" ", o.description());
    }

    private static String labelled(CommandSpec command, String option) {
        return command.findOption(option).paramLabel() + " " + help(command, option);
    }

    @Test
    void eachCommandWordsTheSharedOptionsForWhatItReads() {
        for (String agent : List.of("collect", "send-spool")) {
            assertThat(help(command(agent), "--config")).as(agent).isEqualTo(AGENT_CONFIG);
            assertThat(labelled(command(agent), "--bootstrap-servers")).as(agent).isEqualTo(AGENT_BROKERS);
            assertThat(help(command(agent), "--set")).as(agent).isNull();
        }
        assertThat(help(command("fleet"), "--config")).isEqualTo("Properties file with kafka.* settings (the collector's producer settings apply).");
        assertThat(labelled(command("fleet"), "--bootstrap-servers")).isEqualTo(AGENT_BROKERS);
        assertThat(help(command("fleet"), "--set")).isNull();

        assertThat(help(command("stream"), "--config")).isEqualTo("Settings file (Java properties).");
        assertThat(labelled(command("stream"), "--bootstrap-servers")).isEqualTo(BROKERS);
        assertThat(help(command("stream"), "--set")).isEqualTo("Any other setting; repeatable.");

        for (String bench : List.of("import", "list", "show")) {
            assertThat(help(command("bench", bench), "--config")).as(bench).isEqualTo(BENCH_CONFIG);
            assertThat(labelled(command("bench", bench), "--bootstrap-servers")).as(bench).isEqualTo(BROKERS);
            assertThat(help(command("bench", bench), "--set")).as(bench).isEqualTo(BENCH_SET);
        }

        assertThat(labelled(command("stream"), "--influx-url")).isEqualTo("URL InfluxDB base URL (influx.url); without it no sink runs.");
        assertThat(labelled(command("stream"), "--influx-database")).isEqualTo("NAME InfluxDB database (influx.database, default raidpulse).");
        assertThat(labelled(command("stream"), "--influx-username"))
                .isEqualTo("USER InfluxDB 1.x user (influx.username); put the password in the config file (influx.password).");

        CommandSpec up = command("up");
        assertThat(help(up, "--config")).isEqualTo("Settings for every component (collector.*, stream.*, saturation.*, influx.*, notify.*, kafka.*).");
        assertThat(labelled(up, "--influx-url")).isEqualTo("URL An existing InfluxDB (1.x, 2.x with DBRP mappings, or 3.x) instead of a local influxd.");
        assertThat(labelled(up, "--influx-database")).isEqualTo("DB Database (1.x) or db of the db/rp buckets (influx.database; default: raidpulse).");
        assertThat(labelled(up, "--influx-username")).isEqualTo("USER InfluxDB 1.x user.");
        assertThat(up.options().stream().map(OptionSpec::longestName).toList())
                .containsSubsequence("--data-dir", "--config", "--port", "--influx-url", "--influx-database", "--influx-username", "--influx-password");

        assertThat(help(command("arrays"), "--config"))
                .isEqualTo("The collector's properties file: its collector.hwraid.* declarations of hardware RAID volumes.");

        CommandSpec plan = command("plan");
        assertThat(help(plan, "--config")).isEqualTo("Settings file, as for 'raidpulse stream' (influx.*, kafka.*).");
        assertThat(labelled(plan, "--bootstrap-servers"))
                .isEqualTo("HOST:PORT,... Kafka, to take the member disk from the benchmarks topic (kafka.bootstrap.servers).");
        assertThat(help(plan, "--set")).isEqualTo("Any other setting; repeatable.");
        assertThat(labelled(plan, "--influx-url")).isEqualTo("URL InfluxDB base URL (influx.url).");
        assertThat(labelled(plan, "--influx-database")).isEqualTo("NAME InfluxDB database (influx.database, default raidpulse).");
        assertThat(labelled(plan, "--influx-username")).isEqualTo("USER InfluxDB 1.x user (influx.username); the password goes in --config.");
        // plan lists its options as declared: its InfluxDB options between --config and --bootstrap-servers
        assertThat(plan.options().stream().map(OptionSpec::longestName).toList())
                .containsSubsequence("--config", "--influx-url", "--influx-database", "--influx-username", "--bootstrap-servers", "--set");
    }
}
