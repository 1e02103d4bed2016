package io.raidpulse.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import io.raidpulse.schema.Alert;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotifiersTest {

    /** A channel outside this package: one class, named in the configuration. */
    public static final class Recording implements Notifier {
        final String prefix;

        public Recording(Settings s) {
            prefix = s.requiredString("prefix");
        }

        @Override
        public void send(Alert alert) {
        }
    }

    @Test
    void channelsAreBuiltByNameTypeAndTheirOwnSettings() {
        List<Notifiers.Channel> channels = Notifiers.from(Settings.of(Map.of(
                "notify.channels", "console, ops:webhook, audit:" + Recording.class.getName(),
                "notify.ops.url", "http://hooks.example/x",
                "notify.audit.prefix", "p1")));
        assertThat(channels).extracting(Notifiers.Channel::name).containsExactly("console", "ops", "audit");
        assertThat(channels.get(0).notifier()).isInstanceOf(ConsoleNotifier.class);
        assertThat(channels.get(1).notifier()).isInstanceOf(WebhookNotifier.class);
        assertThat(((Recording) channels.get(2).notifier()).prefix).isEqualTo("p1");
    }

    @Test
    void consoleIsTheDefaultAndAnEmptyListMeansNone() {
        assertThat(Notifiers.from(Settings.empty())).extracting(Notifiers.Channel::name).containsExactly("console");
        assertThat(Notifiers.from(Settings.of(Map.of("notify.channels", "")))).isEmpty();
    }

    @Test
    void mistakesNameTheKey() {
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "pager:carrier-pigeon"))))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("config notify.channels: unknown channel type 'carrier-pigeon'");
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "ops:webhook"))))
                .isInstanceOf(ConfigException.class).hasMessage("config notify.ops.url: is required and not set");
        assertThatThrownBy(() -> Notifiers.from(Settings.of(Map.of("notify.channels", "ops:webhook", "notify.ops.url", "ftp://x"))))
                .isInstanceOf(ConfigException.class).hasMessage("config notify.ops.url: expected an http(s) URL like https://hooks.example.com/... "
                        + "(the value is not shown: a webhook URL can hold a secret, as Slack's do)");
    }

    @Test
    void consolePrintsOneLinePerStateChange() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ConsoleNotifier(Settings.of(Map.of("time-zone", "UTC")), new PrintStream(out, true, StandardCharsets.UTF_8))
                .send(WebhookNotifierTest.alert());
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("1970-01-01 00:00:31 FIRING   INFO     "
                + "db1 md0 saturated: util 99.0% for 30 s, busiest member sdc (md check running on md0)" + System.lineSeparator());
    }
}
