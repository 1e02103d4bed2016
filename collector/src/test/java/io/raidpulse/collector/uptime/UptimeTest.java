package io.raidpulse.collector.uptime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.collector.procfs.ParseException;
import org.junit.jupiter.api.Test;

class UptimeTest {
    @Test
    void hundredthsOfASecondAsSysstatReadsThem() throws Exception {
        assertThat(Uptime.parse("350735.47 234388.90\n", "/proc/uptime").centiseconds()).isEqualTo(35073547L);
        assertThat(Uptime.parse("0.05 0.00", "u").seconds()).isEqualTo(0.05);
    }

    @Test
    void anythingElseIsAnErrorNamingTheFile() {
        assertThatThrownBy(() -> Uptime.parse("", "/proc/uptime")).isInstanceOf(ParseException.class)
                .hasMessage("/proc/uptime:1: expected seconds with two decimals like '12345.67', got ''");
        assertThatThrownBy(() -> Uptime.parse("12.3 4.5", "u")).isInstanceOf(ParseException.class);
        assertThatThrownBy(() -> Uptime.parse("1a.00 4.5", "u")).isInstanceOf(ParseException.class);
        assertThatThrownBy(() -> Uptime.parse("99999999999999999999.00 1", "u")).isInstanceOf(ParseException.class);
    }
}
