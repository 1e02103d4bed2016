package io.raidpulse.planner.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.config.Settings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileContradictionsTest {

    @Test
    void windowsAreCountedPerProfileAndOtherSourcesAreNotProfiles() {
        Map<String, Long> counts = ProfileContradictions.count(Arrays.asList("profile:fio-a", "profile:fio-a", "default:hdd-7200",
                "model:derived-ST16000NM001G", null, "profile:", "profile:fio-b"));
        assertThat(counts).containsExactly(Map.entry("fio-a", 2L), Map.entry("fio-b", 1L));
        assertThat(ProfileContradictions.text(counts, "fio-a")).isEqualTo("2 windows");
        assertThat(ProfileContradictions.text(counts, "fio-b")).isEqualTo("1 window");
        assertThat(ProfileContradictions.text(counts, "fio-c")).isEqualTo("-");
    }

    @Test
    void withoutInfluxConfiguredNothingIsSaidAndAnUnreachableOneIsSaidOnStderr() {
        StringWriter err = new StringWriter();
        assertThat(ProfileContradictions.read(Settings.empty(), new PrintWriter(err, true))).isEmpty();
        assertThat(err.toString()).isEmpty();
        assertThat(ProfileContradictions.read(Settings.of(Map.of("influx.url", "http://127.0.0.1:9", "influx.timeout", "2s")),
                new PrintWriter(err, true))).isEmpty();
        assertThat(err.toString()).startsWith("contradicted profiles not read from InfluxDB at http://127.0.0.1:9: ");
    }
}
