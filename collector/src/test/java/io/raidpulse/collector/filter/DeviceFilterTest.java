package io.raidpulse.collector.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class DeviceFilterTest {
    @Test
    void nodeExporterDefaultsExcludePartitionsLoopRamButNotMdMembers() {
        DeviceFilter f = DeviceFilter.defaults();
        Set<String> members = Set.of("sda1", "nvme0n1p2");
        assertThat(f.accepts("sda", members)).isTrue();
        assertThat(f.accepts("nvme0n1", members)).isTrue();
        assertThat(f.accepts("md0", members)).isTrue();
        assertThat(f.accepts("dm-0", members)).isTrue();
        assertThat(f.accepts("sdb1", members)).isFalse();
        assertThat(f.accepts("loop0", members)).isFalse();
        assertThat(f.accepts("zram0", members)).isFalse();
        assertThat(f.accepts("ram3", members)).isFalse();
        assertThat(f.accepts("nvme0n1p1", members)).isFalse();
        assertThat(f.accepts("sda1", members)).as("md member partition").isTrue();
        assertThat(f.accepts("nvme0n1p2", members)).isTrue();
    }

    @Test
    void includeNarrowsExcludeNoneKeepsAll() {
        DeviceFilter f = new DeviceFilter(Pattern.compile("^sd"), null);
        assertThat(f.accepts("sdc3", Set.of())).isTrue();
        assertThat(f.accepts("nvme0n1", Set.of())).isFalse();
        assertThat(f.accepts("md1", Set.of("md1"))).isTrue();
    }
}
