package io.raidpulse.collector.procfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.md.Fixtures;
import io.raidpulse.collector.md.MdSysfsReader;
import io.raidpulse.md.DiskStatsFile;
import io.raidpulse.md.Diskstats;
import io.raidpulse.md.MdSysfs;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.Uptime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The real kernels' files among the fixtures, read, written by the md module's writers and read
 * again, give the same records: what the simulator and the synthetic host write is what the
 * collector reads.
 */
class KernelFormatsRoundTripTest {
    @Test
    void diskstatsOfRealKernelsReadWrittenAndReadAgain() throws IOException {
        List<Path> files = fixtures("diskstats");
        assertThat(files).hasSizeGreaterThanOrEqualTo(7);
        for (Path f : files) {
            DiskStatsFile read = Diskstats.parse(Files.readString(f), f.toString());
            assertThat(read.errors()).as(f.toString()).isEmpty();
            assertThat(read.devices()).as(f.toString()).isNotEmpty();
            assertThat(Diskstats.parse(Diskstats.text(read.devices()), f.toString())).as(f.toString()).isEqualTo(read);
        }
    }

    @Test
    void uptimeOfRealKernelsReadWrittenAndReadAgain() throws Exception {
        List<Path> files = fixtures("uptime");
        assertThat(files).hasSizeGreaterThanOrEqualTo(7);
        for (Path f : files) {
            Uptime read = Uptime.parse(Files.readString(f), f.toString());
            assertThat(read.idleCentiseconds()).as(f.toString()).isNotNull();
            assertThat(Uptime.parse(read.text(), f.toString())).as(f.toString()).isEqualTo(read);
        }
    }

    @Test
    void mdstatOfRealKernelsAndOfReportsReadWrittenAndReadAgain() throws IOException {
        List<Path> files = new ArrayList<>(fixtures("mdstat"));
        try (Stream<Path> reports = Files.list(Fixtures.dir("mdstat"))) {
            reports.filter(p -> p.toString().endsWith(".mdstat")).sorted().forEach(files::add);
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(25);
        for (Path f : files) {
            Mdstat read = Mdstat.parse(Files.readString(f), f.toString());
            Mdstat again = Mdstat.parse(read.text(), f.toString());
            assertThat(again.errors()).as(f.toString()).isEmpty();
            assertThat(again.personalities()).as(f.toString()).isEqualTo(read.personalities());
            assertThat(again.arrays()).as(f.toString()).isEqualTo(read.arrays());
        }
    }

    @Test
    void mdSysfsOfRealKernelsReadWrittenAndReadAgain() throws IOException {
        int arrays = 0;
        for (Path sys : fixtures("sys", true)) {
            for (String name : MdSysfsReader.arrays(sys)) {
                MdSysfsArray read = MdSysfsReader.read(sys, name);
                String dir = sys.resolve("block").resolve(name).toString();
                assertThat(read.problems()).as(dir).isEmpty();
                assertThat(MdSysfs.read(name, dir, MdSysfs.files(read))).as(dir).isEqualTo(read);
                arrays++;
            }
        }
        assertThat(arrays).isGreaterThanOrEqualTo(10);
    }

    /** Every fixture file named {@code name} (real-md/NN-.../proc/NAME, hwraid-perc-h700/proc/NAME...). */
    static List<Path> fixtures(String name) throws IOException {
        return fixtures(name, false);
    }

    /** Every fixture file (or with {@code directories}, directory) named {@code name}. */
    static List<Path> fixtures(String name, boolean directories) throws IOException {
        try (Stream<Path> all = Files.walk(Fixtures.dir(""))) {
            return all.filter(p -> p.getFileName().toString().equals(name) && (directories ? Files.isDirectory(p) : Files.isRegularFile(p)))
                    .sorted().toList();
        }
    }
}
