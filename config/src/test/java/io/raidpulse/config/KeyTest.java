package io.raidpulse.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class KeyTest {
    static final Key<Duration> INTERVAL = Keys.duration("collector.interval", Duration.ofSeconds(10), Duration.ofSeconds(1),
            Duration.ofHours(1), "sampling interval");
    static final Key<Long> SPOOL_MAX = Keys.bytes("collector.spool.max-bytes", 256L << 20, 1L << 20, 1L << 40, "spool bound");
    static final Key<Double> FIRE_UTIL = Keys.decimal("saturation.fire-util", 95, 1, 100, "hot at or above");
    static final Key<String> HOST = Keys.string("collector.host", null, "host name").withDefaultDescribed("kernel hostname");
    static final Key<String> SERVERS = Keys.required("kafka.bootstrap.servers", "Kafka brokers");
    static final Key<Duration> TIMEOUT = Keys.duration("notify.NAME.timeout", Duration.ofSeconds(10), Duration.ofMillis(100),
            Duration.ofMinutes(10), "per request");
    static final Key<Pattern> EXCLUDE = Keys.regex("collector.device-exclude", Pattern.compile("^(loop|ram)\\d+$"), "not sampled");

    enum Api { AUTO, V1, V2 }

    static final Key<Api> API = Keys.choice("influx.api", Api.AUTO, Api.class, "how to write");

    @Test
    void aKeyReadsItsValueOrItsDefaultWithTheAccessorsMessages() {
        Settings s = Settings.of(Map.of("collector.interval", "5m", "saturation.fire-util", "lots", "influx.api", "v2"));
        assertThat(s.get(INTERVAL)).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.get(SPOOL_MAX)).isEqualTo(256L << 20);
        assertThat(s.get(API)).isEqualTo(Api.V2);
        assertThat(s.get(HOST)).isNull();
        assertThatThrownBy(() -> s.get(FIRE_UTIL)).isInstanceOf(ConfigException.class)
                .hasMessage("config saturation.fire-util: expected a number from 1.0 to 100.0, got 'lots'");
        assertThatThrownBy(() -> s.get(SERVERS)).hasMessage("config kafka.bootstrap.servers: is required and not set");
        assertThat(SERVERS.required()).isTrue();
        assertThat(INTERVAL.required()).isFalse();
    }

    @Test
    void defaultsAreWrittenAsASettingsFileWritesThem() {
        assertThat(INTERVAL.defaultText()).isEqualTo("10s");
        assertThat(SPOOL_MAX.defaultText()).isEqualTo("256MiB");
        assertThat(FIRE_UTIL.defaultText()).isEqualTo("95");
        assertThat(API.defaultText()).isEqualTo("auto");
        assertThat(HOST.defaultText()).isEqualTo("kernel hostname");
        assertThat(SERVERS.defaultText()).isNull();
        assertThat(Keys.decimal("x", 1.5, 0, 2, "d").defaultText()).isEqualTo("1.5");
    }

    @Test
    void aFamilyMemberIsReadAndTrackedByItsFullName() {
        Settings s = Settings.of(Map.of("notify.ops.timeout", "2s")).tracked();
        assertThat(TIMEOUT.in("ops").name()).isEqualTo("notify.ops.timeout");
        assertThat(s.get(TIMEOUT.in("ops"))).isEqualTo(Duration.ofSeconds(2));
        assertThat(s.get(TIMEOUT.in("chat"))).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.keysRead()).containsExactlyInAnyOrder("notify.ops.timeout", "notify.chat.timeout");
        assertThat(Keys.string("saturation.rule.NAME.host", ".*", "h").in("db").name()).isEqualTo("saturation.rule.db.host");
    }

    @Test
    void aKeyIsShownAsWrittenOrAsItsDefaultButASecretNever() {
        Settings s = Settings.of(Map.of("collector.interval", "90s", "influx.password", "hunter2"));
        assertThat(s.text(INTERVAL)).isEqualTo("90s");
        assertThat(s.text(SPOOL_MAX)).isEqualTo("256MiB");
        assertThat(s.text(Keys.string("influx.password", null, "1.x password"))).isEqualTo("(secret, not shown)");
    }

    @Test
    void secretKeysStaySecretInMessages() {
        Key<Integer> pw = Keys.integer("influx.password", 0, 0, 1, "not really a number");
        assertThatThrownBy(() -> Settings.of(Map.of("influx.password", "hunter2")).get(pw))
                .hasMessage("config influx.password: expected an integer from 0 to 1, got (secret, not shown)");
    }

    @Test
    void theKeysOfAClassAreItsKeyConstants() {
        assertThat(Keys.declaredIn(KeyTest.class)).extracting(Key::name).containsExactly("collector.interval",
                "collector.spool.max-bytes", "saturation.fire-util", "collector.host", "kafka.bootstrap.servers", "notify.NAME.timeout",
                "collector.device-exclude", "influx.api");
    }

    private static final String README = """
            # x

            ## Settings

            | key | default | meaning |
            |---|---|---|
            | `collector.interval` | `10s` | sampling interval |
            | `collector.spool.max-bytes` | `268435456` | spool bound |
            | `saturation.fire-util` | 95.0 | hot |
            | `collector.host` | kernel hostname (`PROC/sys/kernel/hostname`) | host |
            | `kafka.bootstrap.servers` | (required) | brokers |
            | `kafka.*` | | passed through |
            | `notify.NAME.timeout` | 10s | per request |
            | `collector.device-exclude` | `^(loop\\|ram)\\d+$` | not sampled |
            | `influx.api` | auto | how |

            ## Next
            | `not.a.setting` | 1 | outside the section |
            """;

    @Test
    void aSettingsTableAgreesWithTheDeclarationsInBothDirections() {
        List<Key<?>> declared = Keys.declaredIn(KeyTest.class);
        assertThat(SettingsTable.of(README).problems(declared, k -> true)).isEmpty();

        String drifted = README.replace("| `10s` |", "| `5s` |").replace("| auto |", "| v1 |")
                .replace("| `influx.api` |", "| `influx.apii` |");
        assertThat(SettingsTable.of(drifted).problems(declared, k -> !k.startsWith("kafka."))).containsExactlyInAnyOrder(
                "collector.interval: the settings table says the default is '5s', the declaration '10s'",
                "influx.api: declared, but the settings table has no row for it",
                "influx.apii: in the settings table, but no key of that name is declared");
        assertThat(SettingsTable.of(README.replace("| (required) |", "| localhost:9092 |")).problems(declared, k -> true))
                .containsExactly("kafka.bootstrap.servers: the settings table says the default is 'localhost:9092', the declaration has none");
    }

    public static final class Defaults extends KeyDefaults {
        @Override
        protected List<Class<?>> declaringClasses() {
            return List.of(KeyTest.class);
        }
    }

    @Command(name = "collect", resourceBundle = "io.raidpulse.config.KeyTest$Defaults")
    static final class Collect {
        @Option(names = "--interval", description = "Sampling interval (collector.interval). Default: ${bundle:collector.interval}.")
        String interval;

        @Option(names = "--host", description = "Host name (collector.host). Default: ${bundle:collector.host}.")
        String host;
    }

    @Test
    void helpTextsTakeTheirDefaultsFromTheDeclarationsWithoutSettingTheOptions() {
        CommandLine cli = new CommandLine(new Collect());
        String usage = cli.getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertThat(usage).contains("Sampling interval (collector.interval). Default: 10s.")
                .contains("Host name (collector.host). Default: kernel hostname.");
        cli.parseArgs();
        Collect c = cli.getCommand();
        assertThat(c.interval).as("an option not given stays unset: the settings file decides").isNull();
        assertThat(ResourceBundle.getBundle("io.raidpulse.config.KeyTest$Defaults").getString("saturation.fire-util")).isEqualTo("95");
    }
}
