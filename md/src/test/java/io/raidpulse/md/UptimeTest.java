package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
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

    @Test
    void kernelTextReadWrittenAndReadAgainGivesTheSameRecord() throws Exception {
        for (String text : List.of("350735.47 234388.90\n", "0.05 0.00", "12345.67\n")) {
            Uptime u = Uptime.parse(text, "/proc/uptime");
            assertThat(Uptime.parse(u.text(), "/proc/uptime")).isEqualTo(u);
        }
        assertThat(Uptime.parse("350735.47 234388.90\n", "/proc/uptime").text()).isEqualTo("350735.47 234388.90\n");
    }

    @Property(tries = 500)
    void writtenRecordsReadBackEqual(@ForAll @LongRange(min = 0, max = 999_999_999_999_999_99L) long centiseconds,
                                     @ForAll @LongRange(min = -1, max = 999_999_999_999_999_99L) long idle) throws Exception {
        Uptime u = new Uptime(centiseconds, idle < 0 ? null : idle);
        assertThat(Uptime.parse(u.text(), "/proc/uptime")).isEqualTo(u);
    }

    @Test
    void secondsAsAModelKeepsThemAreTruncatedToHundredthsAsTheKernelPrintsThem() {
        assertThat(Uptime.ofSeconds(12.349, 0.5).text()).isEqualTo("12.34 0.50\n");
    }
}
