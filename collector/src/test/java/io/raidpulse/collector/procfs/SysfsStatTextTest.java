package io.raidpulse.collector.procfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.md.DiskStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * md's writer of /sys/block/NAME/stat (what the simulator and the iostat oracle's trees carry) against
 * every stat file the real-kernel fixtures hold: the counters read back out of the kernel's text, and
 * written again, give the kernel's bytes.
 */
class SysfsStatTextTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    @Test
    void writesEveryRecordedStatFileAsTheKernelPrintedIt() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(FIXTURES)) {
            files = all.filter(p -> p.getFileName().toString().equals("stat") && p.toString().contains("/sys/block/")).sorted().toList();
        }
        assertThat(files).as("stat files under %s", FIXTURES).hasSizeGreaterThan(100);
        for (Path f : files) {
            String kernel = Files.readString(f);
            long[] counters = Arrays.stream(kernel.trim().split("\\s+")).mapToLong(Long::parseLong).toArray();
            assertThat(counters).as("%s", f).hasSize(DiskStat.FIELDS);
            DiskStat d = DiskStat.of(0, 0, f.getParent().getFileName().toString(), DiskStat.FIELDS, counters);
            assertThat(d.sysfsStat()).as("%s", f).isEqualTo(kernel);
        }
    }
}
