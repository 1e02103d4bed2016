package io.raidpulse.md;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class DiskstatsTest {
    // kernel Documentation/admin-guide/iostats.rst example (17 fields) and older kernels' shapes
    private static final String KERNEL_5_5 = """
             259       0 nvme0n1 255999 814 12369153 47919 996852 81 36123024 425995 0 301795 580470 0 0 0 0 60602 106555
             259       1 nvme0n1p1 492 813 17572 96 848 81 108288 210 0 76 307 0 0 0 0 0 0
            """;
    private static final String KERNEL_4_18 = "   8       0 sda 1000 20 80000 400 3000 50 240000 9000 2 5000 9400 12 1 4096 30\n";
    private static final String KERNEL_4_14 = "   8      16 sdb 1000 20 80000 400 3000 50 240000 9000 0 5000 9400\n";
    private static final String KERNEL_2_6_24_PARTITION = "   3    1 hda1 35486 38030 38030 4\n";

    @Test
    void seventeenFields() {
        DiskStatsFile f = Diskstats.parse(KERNEL_5_5, "/proc/diskstats");
        assertThat(f.errors()).isEmpty();
        DiskStat d = f.devices().get(0);
        assertThat(d).isEqualTo(new DiskStat(259, 0, "nvme0n1", 17, 255999, 814, 12369153, 47919, 996852, 81, 36123024,
                425995, 0, 301795, 580470, 0, 0, 0, 0, 60602, 106555));
        assertThat(d.hasDiscards()).isTrue();
        assertThat(d.hasFlushes()).isTrue();
        assertThat(d.sysfsStat()).isEqualTo("  255999      814 12369153    47919   996852       81 36123024   425995        0   301795   580470"
                + "        0        0        0        0    60602   106555\n");
        assertThat(f.devices().get(1).name()).isEqualTo("nvme0n1p1");
    }

    @Test
    void fifteenAndElevenFields() {
        DiskStat d15 = Diskstats.parse(KERNEL_4_18, "f").devices().get(0);
        assertThat(d15.fieldCount()).isEqualTo(15);
        assertThat(d15.sectorsDiscarded()).isEqualTo(4096);
        assertThat(d15.discardMs()).isEqualTo(30);
        assertThat(d15.hasFlushes()).isFalse();
        assertThat(d15.flushesCompleted()).isZero();
        DiskStat d11 = Diskstats.parse(KERNEL_4_14, "f").devices().get(0);
        assertThat(d11.fieldCount()).isEqualTo(11);
        assertThat(d11.extended()).isTrue();
        assertThat(d11.hasDiscards()).isFalse();
        assertThat(d11.weightedMs()).isEqualTo(9400);
    }

    @Test
    void fourFieldPartitionOfOldKernelsCarriesReadsAndWritesOnly() {
        DiskStat d = Diskstats.parse(KERNEL_2_6_24_PARTITION, "f").devices().get(0);
        assertThat(d.fieldCount()).isEqualTo(4);
        assertThat(d.extended()).isFalse();
        assertThat(d.readsCompleted()).isEqualTo(35486);
        assertThat(d.sectorsRead()).isEqualTo(38030);
        assertThat(d.writesCompleted()).isEqualTo(38030);
        assertThat(d.sectorsWritten()).isEqualTo(4);
        assertThat(d.diskstatsLine()).endsWith("hda1 35486 38030 38030 4");
    }

    @Test
    void moreThanSeventeenCountersKeepsTheKnownOnes() {
        DiskStat d = Diskstats.parse(KERNEL_5_5.lines().findFirst().orElseThrow() + " 7 8\n", "f").devices().get(0);
        assertThat(d.fieldCount()).isEqualTo(17);
        assertThat(d.flushMs()).isEqualTo(106555);
    }

    @Test
    void badLinesAreErrorsNamingFileAndLineAndDoNotStopTheOthers() {
        String text = "   8 0 sda 1 2 3\n" + KERNEL_4_14 + "   8 32 sdc 1 2 x 4 5 6 7 8 9 10 11\n"
                + "   8 48 sdd 1 2 3 4294967296 5 6 7 8 9 10 11\n" + "garbage\n";
        DiskStatsFile f = Diskstats.parse(text, "/proc/diskstats");
        assertThat(f.devices()).extracting(DiskStat::name).containsExactly("sdb");
        assertThat(f.errors()).extracting(Throwable::getMessage).containsExactly(
                "/proc/diskstats:1: device sda has 3 counters, expected 4, 11, 15 or 17",
                "/proc/diskstats:3: sectors read: 'x' is not a counter",
                "/proc/diskstats:4: read ms: 4294967296 exceeds 4294967295",
                "/proc/diskstats:5: expected 'major minor name counters...', got 'garbage'");
        assertThat(f.errors()).extracting(ParseException::line).containsExactly(1, 3, 4, 5);
    }

    @Test
    void countersBeyondSignedLongAreRefused() {
        assertThatThrownBy(() -> Diskstats.parseLine("8 0 sda 9223372036854775808 0 0 0 0 0 0 0 0 0 0", "f", 1))
                .isInstanceOf(ParseException.class).hasMessage("f:1: reads: 9223372036854775808 exceeds 9223372036854775807");
    }

    @Test
    void kernelTextReadWrittenAndReadAgainGivesTheSameRecords() {
        for (String text : List.of(KERNEL_5_5, KERNEL_4_18, KERNEL_4_14, KERNEL_2_6_24_PARTITION)) {
            List<DiskStat> read = Diskstats.parse(text, "f").devices();
            assertThat(read).isNotEmpty();
            assertThat(Diskstats.parse(Diskstats.text(read), "f")).isEqualTo(new DiskStatsFile(read, List.of()));
        }
    }

    @Property(tries = 300)
    void writtenRecordsReadBackEqual(@ForAll("devices") List<DiskStat> devices) {
        String text = Diskstats.text(devices);
        assertThat(Diskstats.parse(text, "/proc/diskstats")).isEqualTo(new DiskStatsFile(devices, List.of()));
    }

    @Provide
    Arbitrary<List<DiskStat>> devices() {
        return device().list().ofMaxSize(8);
    }

    /** A line of any kernel's shape: the counters it does not carry are 0, time fields fit an unsigned int. */
    private static Arbitrary<DiskStat> device() {
        Arbitrary<Integer> major = Arbitraries.integers().between(0, (1 << 12) - 1);
        Arbitrary<Integer> minor = Arbitraries.integers().between(0, (1 << 20) - 1);
        Arbitrary<String> name = Arbitraries.strings().withCharRange('a', 'z').numeric().withChars('-').ofMinLength(1).ofMaxLength(12)
                .filter(n -> Character.isLetter(n.charAt(0)));
        Arbitrary<Integer> count = Arbitraries.of(4, 11, 15, 17);
        Arbitrary<long[]> counters = Arbitraries.longs().between(0, Long.MAX_VALUE).array(long[].class).ofSize(DiskStat.FIELDS);
        Arbitrary<long[]> u32 = Arbitraries.longs().between(0, 0xFFFF_FFFFL).array(long[].class).ofSize(DiskStat.FIELDS);
        return Combinators.combine(major, minor, name, count, counters, u32).as((ma, mi, n, c, big, small) -> {
            long[] v = new long[DiskStat.FIELDS];
            for (int i = 0; i < v.length; i++) {
                boolean carried = c == 4 ? i == 0 || i == 2 || i == 4 || i == 6 : i < c;
                boolean timeField = i == 3 || i == 7 || i == 8 || i == 9 || i == 10 || i == 14 || i == 16;
                v[i] = !carried ? 0 : timeField && c != 4 ? small[i] : big[i];
            }
            return DiskStat.of(ma, mi, n, c, v);
        });
    }

    /**
     * parseLine splits by hand since 2026-12-05; before, {@code Pattern.compile("\\s+").split(line.trim())}. The
     * same records and the same errors for lines of counters, names and odd bytes between any whitespace.
     */
    @Property(tries = 2000)
    void splitsAsTheRegexAfterTrimDid(@ForAll("oddLines") String line) {
        Object expected;
        try {
            expected = regexParseLine(line);
        } catch (ParseException e) {
            expected = e.getMessage();
        }
        Object actual;
        try {
            actual = Diskstats.parseLine(line, "f", 1);
        } catch (ParseException e) {
            actual = e.getMessage();
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> oddLines() {
        Arbitrary<String> token = Arbitraries.oneOf(
                Arbitraries.longs().between(0, 99_999_999_999L).map(x -> Long.toString(x)),
                Arbitraries.of("sda", "nvme0n1p1", "md127", "18446744073709551616", "4294967296", "-1", "1x", "", "\u0001"),
                Arbitraries.strings().withCharRange('\u0000', '\u007f').ofMaxLength(3));
        Arbitrary<String> space = Arbitraries.strings().withChars(' ', '\t', '\u000B', '\f', '\r', '\u0001', '\u001c')
                .ofMinLength(1).ofMaxLength(3);
        return Combinators.combine(token.list().ofMinSize(0).ofMaxSize(24), space.list().ofSize(25))
                .as((tokens, spaces) -> {
                    StringBuilder b = new StringBuilder(spaces.get(24));
                    for (int i = 0; i < tokens.size(); i++) {
                        b.append(tokens.get(i)).append(spaces.get(i));
                    }
                    return b.toString();
                });
    }

    /** The parseLine of before, kept as the reference. */
    private static DiskStat regexParseLine(String line) throws ParseException {
        String[] f = java.util.regex.Pattern.compile("\\s+").split(line.trim());
        if (f.length < 3) {
            throw new ParseException("f", 1, "expected 'major minor name counters...', got '"
                    + (line.length() > 80 ? line.substring(0, 80) + "..." : line) + "'");
        }
        int counters = f.length - 3;
        if (counters != 4 && counters != 11 && counters != 15 && counters < 17) {
            throw new ParseException("f", 1, "device " + f[2] + " has " + counters + " counters, expected 4, 11, 15 or 17");
        }
        int major = (int) regexNumber(f[0], "major", Diskstats.U32);
        int minor = (int) regexNumber(f[1], "minor", Diskstats.U32);
        String[] names = {"reads", "reads merged", "sectors read", "read ms", "writes", "writes merged", "sectors written",
            "write ms", "in flight", "io ticks", "weighted ms", "discards", "discards merged", "sectors discarded", "discard ms",
            "flushes", "flush ms"};
        boolean[] u32 = {false, false, false, true, false, false, false, true, true, true, true, false, false, false, true, false, true};
        long[] v = new long[DiskStat.FIELDS];
        if (counters == 4) {
            v[0] = regexNumber(f[3], "reads", Long.MAX_VALUE);
            v[2] = regexNumber(f[4], "sectors read", Long.MAX_VALUE);
            v[4] = regexNumber(f[5], "writes", Long.MAX_VALUE);
            v[6] = regexNumber(f[6], "sectors written", Long.MAX_VALUE);
            return DiskStat.of(major, minor, f[2], 4, v);
        }
        int used = Math.min(counters, DiskStat.FIELDS);
        for (int i = 0; i < used; i++) {
            v[i] = regexNumber(f[3 + i], names[i], u32[i] ? Diskstats.U32 - 1 : Long.MAX_VALUE);
        }
        return DiskStat.of(major, minor, f[2], used, v);
    }

    private static long regexNumber(String s, String what, long max) throws ParseException {
        long v = 0;
        String clipped = s.length() > 80 ? s.substring(0, 80) + "..." : s;
        if (s.isEmpty() || s.length() > 20) {
            throw new ParseException("f", 1, what + ": '" + clipped + "' is not a counter");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new ParseException("f", 1, what + ": '" + clipped + "' is not a counter");
            }
            int d = c - '0';
            if (v > (max - d) / 10) {
                throw new ParseException("f", 1, what + ": " + clipped + " exceeds " + max);
            }
            v = v * 10 + d;
        }
        return v;
    }
}
