package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class IoStatTest {
    /** Documentation/admin-guide/cgroup-v2.rst, "IO Interface Files", io.stat's example. */
    static final String KERNEL_DOC = """
              8:16 rbytes=1459200 wbytes=314773504 rios=192 wios=353 dbytes=0 dios=0
              8:0 rbytes=90430464 wbytes=299008000 rios=8950 wios=1252 dbytes=50331648 dios=3021
            """;

    @Test
    void kernelDocumentationExample() {
        IoStatFile f = IoStat.parse(KERNEL_DOC, "io.stat");
        assertThat(f.errors()).isEmpty();
        assertThat(f.entries()).containsExactly(
                new IoStatEntry(8, 16, 1459200, 314773504, 192, 353, 0, 0),
                new IoStatEntry(8, 0, 90430464, 299008000, 8950, 1252, 50331648, 3021));
        assertThat(f.entries().get(1).device()).isEqualTo("8:0");
        assertThat(f.entries().get(1).hasDiscards()).isTrue();
    }

    @Test
    void policyKeysAreSkippedByNameWhereverTheyStand() {
        // io.latency's keys (cgroup-v2.rst "IO Latency": depth, avg_lat, win) and io.cost's (blk-iocost.c ioc_pd_stat: cost.vrate...)
        String text = "9:0 rbytes=4096 wbytes=8192 rios=1 wios=2 dbytes=0 dios=0 cost.vrate=100.00 cost.usage=12 cost.wait=0"
                + " cost.indebt=0 cost.indelay=0\n"
                + "8:0 depth=max avg_lat=830 win=100 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=5 dios=6 use_delay=0 delay_nsec=0\n";
        IoStatFile f = IoStat.parse(text, "io.stat");
        assertThat(f.errors()).isEmpty();
        assertThat(f.entries()).containsExactly(new IoStatEntry(9, 0, 4096, 8192, 1, 2, 0, 0), new IoStatEntry(8, 0, 1, 2, 3, 4, 5, 6));
    }

    @Test
    void keysAreReadByNameNotPosition() {
        IoStatEntry e = IoStat.parse("8:0 dios=6 wios=4 rios=3 dbytes=5 wbytes=2 rbytes=1\n", "f").entries().get(0);
        assertThat(e).isEqualTo(new IoStatEntry(8, 0, 1, 2, 3, 4, 5, 6));
    }

    @Test
    void kernelsBefore419HaveNoDiscardKeys() {
        IoStatEntry e = IoStat.parse("8:0 rbytes=1 wbytes=2 rios=3 wios=4\n", "f").entries().get(0);
        assertThat(e.hasDiscards()).isFalse();
        assertThat(IoStat.text(List.of(e))).isEqualTo("8:0 rbytes=1 wbytes=2 rios=3 wios=4\n");
    }

    @Test
    void aDeviceLineWithoutCountersIsADeviceWithoutIo() {
        IoStatFile f = IoStat.parse("253:0 \n8:0 use_delay=0 delay_nsec=0\n", "f");
        assertThat(f.errors()).isEmpty();
        assertThat(f.entries()).containsExactly(new IoStatEntry(253, 0, 0, 0, 0, 0, 0, 0), new IoStatEntry(8, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void malformedLinesAreErrorsNamingFileAndLineAndLoseNothingElse() {
        String text = "8:0 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=0 dios=0\n"
                + "garbage\n"
                + "8:16 rbytes=1 wbytes=x rios=3 wios=4\n"
                + "8:32 rbytes=1 rios=3\n"
                + "8:48 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=9\n"
                + "8:64 rbytes=1 wbytes=2 rios=3 wios=4 dbytes=0 dios=0 novalue\n"
                + "4096:0 rbytes=1 wbytes=2 rios=3 wios=4\n"
                + "8:80 rbytes=99999999999999999999 wbytes=2 rios=3 wios=4\n"
                + "8:96 rbytes=9223372036854775808 wbytes=2 rios=3 wios=4\n"
                + "\n"
                + "9:1 rbytes=10 wbytes=20 rios=30 wios=40 dbytes=0 dios=0";
        IoStatFile f = IoStat.parse(text, "/sys/fs/cgroup/system.slice/io.stat");
        assertThat(f.entries()).extracting(IoStatEntry::device).containsExactly("8:0", "9:1");
        assertThat(f.errors()).extracting(Throwable::getMessage).containsExactly(
                "/sys/fs/cgroup/system.slice/io.stat:2: expected 'MAJ:MIN key=value...', got 'garbage'",
                "/sys/fs/cgroup/system.slice/io.stat:3: wbytes: 'x' is not a counter",
                "/sys/fs/cgroup/system.slice/io.stat:4: device 8:32 lacks wbytes, wios",
                "/sys/fs/cgroup/system.slice/io.stat:5: device 8:48 has dbytes without dios",
                "/sys/fs/cgroup/system.slice/io.stat:6: expected key=value, got 'novalue'",
                "/sys/fs/cgroup/system.slice/io.stat:7: device 4096:0 is beyond the kernel's 12-bit major, 20-bit minor",
                "/sys/fs/cgroup/system.slice/io.stat:8: rbytes: '99999999999999999999' is not a counter",
                "/sys/fs/cgroup/system.slice/io.stat:9: rbytes: 9223372036854775808 exceeds 9223372036854775807");
        assertThat(f.errors()).extracting(ParseException::line).containsExactly(2, 3, 4, 5, 6, 7, 8, 9);
    }

    @Test
    void emptyFileIsACgroupThatDidNoIo() {
        assertThat(IoStat.parse("", "f")).isEqualTo(IoStatFile.EMPTY);
    }

    @Property(tries = 300)
    void writtenEntriesReadBackEqual(@ForAll("entries") List<IoStatEntry> entries) {
        assertThat(IoStat.parse(IoStat.text(entries), "io.stat")).isEqualTo(new IoStatFile(entries, List.of()));
    }

    @Property(tries = 200)
    void unknownKeysAnywhereChangeNothing(@ForAll("entries") List<IoStatEntry> entries, @ForAll("policyKey") String key) {
        String plain = IoStat.text(entries);
        StringBuilder noisy = new StringBuilder();
        for (String line : plain.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            int space = line.indexOf(' ');
            noisy.append(line, 0, space).append(' ').append(key).append(line.substring(space)).append(' ').append(key).append('\n');
        }
        assertThat(IoStat.parse(noisy.toString(), "io.stat")).isEqualTo(IoStat.parse(plain, "io.stat"));
    }

    @Provide
    Arbitrary<String> policyKey() {
        return Combinators.combine(Arbitraries.of("cost.vrate", "cost.usage", "avg_lat", "win", "depth", "use_delay", "delay_nsec", "x"),
                Arbitraries.strings().withCharRange('0', '9').withChars('.', 'm', 'a', 'x').ofMinLength(0).ofMaxLength(8))
                .as((k, v) -> k + "=" + v);
    }

    @Provide
    Arbitrary<List<IoStatEntry>> entries() {
        Arbitrary<Long> counter = Arbitraries.longs().between(0, Long.MAX_VALUE);
        Arbitrary<IoStatEntry> entry = Combinators.combine(Arbitraries.integers().between(0, 0xfff),
                Arbitraries.integers().between(0, 0xfffff), counter.list().ofSize(6), Arbitraries.of(true, false))
                .as((major, minor, c, discards) -> new IoStatEntry(major, minor, c.get(0), c.get(1), c.get(2), c.get(3),
                        discards ? c.get(4) : -1, discards ? c.get(5) : -1));
        return entry.list().ofMaxSize(8);
    }
}
