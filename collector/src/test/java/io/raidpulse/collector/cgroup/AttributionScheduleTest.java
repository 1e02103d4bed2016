package io.raidpulse.collector.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.raidpulse.collector.sample.AttributionStatus;
import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Settings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which cycles read io.stat, and what a reading's span holds (collector.attribution.interval). */
class AttributionScheduleTest {
    private static DeviceIo dev(String name, long reads) {
        return new DeviceIo(name, 8, name.charAt(2) - 'a', new long[] {reads, 2 * reads, 4096 * reads, 8192 * reads, -1, -1});
    }

    @Test
    void autoSpacesReadingsByTheFilesAReadingReadsAndSumsTheDevicesIoBetween() {
        AttributionSchedule s = new AttributionSchedule(null);
        assertThat(s.cycle(List.of(dev("sda", 1)), null)).as("the first cycle reads").isNotNull();
        s.read(AttributionStatus.FIRST_SAMPLE, 200, 0);
        AttributionSchedule.Span second = s.cycle(List.of(dev("sda", 5)), 1.0);
        assertThat(second.seconds()).isEqualTo(1.0);
        s.read(AttributionStatus.ATTRIBUTED, 200, 1.0);
        assertThat(s.targetS()).as("200 files at 50 a second").isEqualTo(4.0);
        assertThat(s.cycle(List.of(dev("sda", 1)), 1.0)).isNull();
        assertThat(s.cycle(List.of(dev("sda", 2)), 1.0)).isNull();
        assertThat(s.cycle(List.of(dev("sda", 3), dev("sdb", 7)), 1.0)).isNull();
        AttributionSchedule.Span span = s.cycle(List.of(dev("sda", 4), dev("sdb", 7)), 1.0);
        assertThat(span.seconds()).isEqualTo(4.0);
        assertThat(span.devices().get(0).ios()).containsExactly(10, 20, 40960, 81920, -1, -1);
        assertThat(span.devices().get(1).ios()).as("sdb appeared during the span: its I/O over it is not known").isNull();
    }

    @Test
    void aReadingThatFailsOrACycleWithoutIntervalReadsAgainNextCycle() {
        AttributionSchedule s = new AttributionSchedule(null);
        s.cycle(List.of(dev("sda", 1)), 1.0);
        s.read(AttributionStatus.ATTRIBUTED, 450, 1.0);
        assertThat(s.targetS()).as("450 files at 50 a second").isEqualTo(9.0);
        assertThat(s.cycle(List.of(dev("sda", 1)), 1.0)).isNull();
        AttributionSchedule.Span afterReboot = s.cycle(List.of(dev("sda", 1)), null);
        assertThat(afterReboot).isNotNull();
        assertThat(afterReboot.seconds()).isNull();
        s.read(AttributionStatus.UNREADABLE, 0, 1.0);
        assertThat(s.cycle(List.of(dev("sda", 1)), 1.0)).as("an unreadable hierarchy is tried every cycle").isNotNull();
        s.read(AttributionStatus.ATTRIBUTED, 5000, 1.0);
        assertThat(s.targetS()).as("at most 10 s apart").isEqualTo(10.0);
    }

    @Test
    void aSetIntervalIsRoundedToWholeCyclesAndUnderOneAndAHalfIsEveryCycle() {
        AttributionSchedule s = new AttributionSchedule(Duration.ofMillis(2500));
        s.cycle(List.of(dev("sda", 1)), 1.0);
        s.read(AttributionStatus.ATTRIBUTED, 3, 1.0);
        assertThat(s.cycle(List.of(dev("sda", 1)), 1.0)).isNull();
        assertThat(s.cycle(List.of(dev("sda", 1)), 1.0)).as("2 s is within half a cycle of 2.5 s").isNotNull();
        AttributionSchedule fast = new AttributionSchedule(Duration.ofMillis(1400));
        fast.cycle(List.of(dev("sda", 1)), 1.0);
        fast.read(AttributionStatus.ATTRIBUTED, 3, 1.0);
        assertThat(fast.targetS()).isZero();
        assertThat(fast.cycle(List.of(dev("sda", 1)), 1.0)).isNotNull();
    }

    @Test
    void theIntervalIsAutoOrADurationUpTo30s() {
        assertThat(AttributionSettings.DEFAULTS.interval()).as("auto").isNull();
        assertThat(interval("auto")).isNull();
        assertThat(interval("5s")).isEqualTo(Duration.ofSeconds(5));
        assertThat(interval("0")).isEqualTo(Duration.ZERO);
        for (String bad : List.of("sometimes", "31s", "-1s")) {
            assertThatThrownBy(() -> interval(bad)).isInstanceOf(ConfigException.class)
                    .hasMessage("config collector.attribution.interval: expected auto or a duration from 0s to 30s (like 5s), got '"
                            + bad + "'");
        }
    }

    private static Duration interval(String value) {
        return AttributionSettings.from(Settings.of(Map.of("collector.attribution.interval", value))).interval();
    }
}
