package io.raidpulse.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {

    @Test
    void typedValuesParse() {
        Settings s = Settings.of(Map.of(
                "collector.interval", "10s",
                "spool.max-bytes", "256MiB",
                "alerts.fire-util", "95",
                "sink.enabled", "yes",
                "window", "5m"));
        assertThat(s.duration("collector.interval", Duration.ZERO, Duration.ofSeconds(1), Duration.ofHours(1)))
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(s.bytes("spool.max-bytes", 0, 0, Long.MAX_VALUE)).isEqualTo(256L << 20);
        assertThat(s.decimal("alerts.fire-util", 0, 0, 100)).isEqualTo(95.0);
        assertThat(s.bool("sink.enabled", false)).isTrue();
        assertThat(s.duration("window", Duration.ZERO, Duration.ZERO, Duration.ofDays(1))).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.integer("absent", 7, 0, 10)).isEqualTo(7);
    }

    @Test
    void errorsNameTheKeyAndWhatIsExpected() {
        Settings s = Settings.of(Map.of("collector.interval", "0.2s", "alerts.fire-util", "lots"));
        assertThatThrownBy(() -> s.duration("collector.interval", Duration.ZERO, Duration.ofSeconds(1), Duration.ofHours(1)))
                .isInstanceOf(ConfigException.class)
                .hasMessage("config collector.interval: expected a duration from 1s to 1h (like 500ms, 10s, 5m, 2h), got '0.2s'");
        assertThatThrownBy(() -> s.decimal("alerts.fire-util", 0, 0, 100))
                .hasMessage("config alerts.fire-util: expected a number from 0.0 to 100.0, got 'lots'");
        assertThatThrownBy(() -> s.requiredString("kafka.bootstrap.servers"))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.exitCode()).isEqualTo(2))
                .hasMessage("config kafka.bootstrap.servers: is required and not set");
    }

    @Test
    void secretValuesNeverAppearInMessages() {
        Settings s = Settings.of(Map.of("influx.password", "hunter2", "kafka.sasl.jaas.config", "x password=\"s3cr3t\""));
        assertThatThrownBy(() -> s.integer("influx.password", 0, 0, 1)).message().doesNotContain("hunter2");
        assertThat(s.toString()).doesNotContain("hunter2").doesNotContain("s3cr3t");
    }

    @Test
    void kafkaKeysPassThroughWithoutPrefix() {
        Settings s = Settings.of(Map.of("kafka.security.protocol", "SASL_SSL", "kafka.compression.type", "zstd", "other", "x"));
        assertThat(s.withPrefix("kafka.")).containsExactlyInAnyOrderEntriesOf(
                Map.of("security.protocol", "SASL_SSL", "compression.type", "zstd"));
    }

    @Test
    void loadsAFileAndReportsAMissingOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("raidpulse.properties");
        Files.writeString(file, "# comment\nkafka.bootstrap.servers = broker:9092\n");
        assertThat(Settings.load(file).string("kafka.bootstrap.servers", null)).isEqualTo("broker:9092");
        assertThatThrownBy(() -> Settings.load(dir.resolve("nope.properties")))
                .isInstanceOf(UserException.class)
                .hasMessageContaining("does not exist");
    }

    @Test
    void enumChoicesListTheAllowedValues() {
        Settings s = Settings.of(Map.of("influx.api", "v9"));
        assertThatThrownBy(() -> s.choice("influx.api", Api.AUTO, Api.class))
                .hasMessage("config influx.api: expected one of auto, v1, v2, got 'v9'");
        assertThat(Settings.of(Map.of("influx.api", "v1")).choice("influx.api", Api.AUTO, Api.class)).isEqualTo(Api.V1);
    }

    @Test
    void trackedSettingsRememberTheKeysReadAndThePrefixesPassedThrough() {
        Settings s = Settings.of(Map.of("collector.interval", "5s", "notify.ops.url", "http://x", "notify.ops.header.Authorization", "t",
                "kafka.acks", "all", "typo.key", "1")).tracked();
        s.duration("collector.interval", Duration.ZERO, Duration.ZERO, Duration.ofHours(1));
        s.integer("absent.key", 1, 0, 2);
        s.withPrefix("kafka.");
        Settings ops = s.with("extra", "1").under("notify.ops.");
        assertThat(ops.string("url", null)).isEqualTo("http://x");
        assertThat(ops.withPrefix("header.")).containsEntry("Authorization", "t");
        assertThat(s.keysRead()).containsExactlyInAnyOrder("collector.interval", "absent.key", "notify.ops.url");
        assertThat(s.prefixesRead()).containsExactlyInAnyOrder("kafka.", "notify.ops.header.");
        assertThat(s.without("typo.key").has("typo.key")).isFalse();
        assertThat(Settings.of(Map.of("a", "1")).keysRead()).isEmpty();
    }

    @Test
    void aValueWithControlCharactersStaysOnOneLineInMessages() {
        Settings s = Settings.of(Map.of("stream.threads", "2\nthree\u0007"));
        assertThatThrownBy(() -> s.integer("stream.threads", 1, 1, 64))
                .hasMessage("config stream.threads: expected an integer from 1 to 64, got '2\\nthree\\u0007'");
    }

    @Test
    void redactCutsSecretValuesAndTheQuotedPasswordsInsideThem() {
        Settings s = Settings.of(Map.of("influx.password", "hunter22", "kafka.sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\"s3cr3t-pw", "collector.host", "db1"));
        assertThat(s.redact("login failed for hunter22 with s3cr3t-pw on db1")).isEqualTo("login failed for **** with **** on db1");
        assertThat(s.under("kafka.").redact("s3cr3t-pw")).isEqualTo("****");
    }

    enum Api { AUTO, V1, V2 }
}
