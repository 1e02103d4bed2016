package io.raidpulse.collector.procfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.iostat.DeviceInterval;
import io.raidpulse.collector.iostat.IostatMath;
import io.raidpulse.collector.md.Fixtures;
import io.raidpulse.collector.md.MdArrays;
import io.raidpulse.collector.md.MdSysfsReader;
import io.raidpulse.md.DiskStat;
import io.raidpulse.md.Diskstats;
import io.raidpulse.md.MdSysfsArray;
import io.raidpulse.md.Mdstat;
import io.raidpulse.md.ParseException;
import io.raidpulse.md.Uptime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/**
 * Arbitrary and mutated input to every parser yields records or the parser's own
 * {@link ParseException}, never another exception; and no pair of counters the parser accepts
 * gives a negative, NaN or infinite metric.
 */
class ParsersPropertiesTest {
    private static final List<String> MDSTAT_FIXTURES = List.of("raid1-recovery-with-failed-and-spare", "raid5-degraded",
            "raid6-degraded-bitmap", "raid0-linear-no-disk-count", "inactive", "auto-read-only-resync-pending",
            "recovery-and-resync-delayed", "raid5-reshape", "check-and-throttled-resync", "raid10-near-far-offset",
            "member-flags", "metadata-0.90-read-ahead", "raid10-built-in-three-steps");
    private static final String DISKSTATS = """
               8       0 sda 255999 814 12369153 47919 996852 81 36123024 425995 0 301795 580470 0 0 0 0 60602 106555
               8       1 sda1 492 813 17572 96 848 81 108288 210 0 76 307 0 0 0 0 0 0
               8      16 sdb 1000 20 80000 400 3000 50 240000 9000 2 5000 9400 12 1 4096 30
               3       1 hda1 35486 38030 38030 4
               9       0 md0 1000 0 80000 0 3000 0 240000 0 0 0 0
            """;

    @Provide
    Arbitrary<String> mutatedMdstat() {
        return mutations(Arbitraries.of(MDSTAT_FIXTURES).map(n -> Fixtures.text("mdstat/" + n + ".mdstat")));
    }

    @Provide
    Arbitrary<String> mutatedDiskstats() {
        return mutations(Arbitraries.just(DISKSTATS));
    }

    /** Text with characters replaced, inserted or deleted and lines cut at random places. */
    private static Arbitrary<String> mutations(Arbitrary<String> base) {
        Arbitrary<Integer> edits = Arbitraries.integers().between(1, 12);
        Arbitrary<Long> seeds = Arbitraries.longs();
        return Combinators.combine(base, edits, seeds).as((text, n, seed) -> {
            java.util.Random r = new java.util.Random(seed);
            StringBuilder sb = new StringBuilder(text);
            String alphabet = "0123456789 []()/_U:.=%\n\tKkabcmdsF-S";
            for (int i = 0; i < n && sb.length() > 0; i++) {
                int at = r.nextInt(sb.length());
                switch (r.nextInt(4)) {
                    case 0 -> sb.setCharAt(at, alphabet.charAt(r.nextInt(alphabet.length())));
                    case 1 -> sb.insert(at, alphabet.charAt(r.nextInt(alphabet.length())));
                    case 2 -> sb.deleteCharAt(at);
                    default -> sb.setLength(at);
                }
            }
            return sb.toString();
        });
    }

    @Property(tries = 400)
    void mdstatNeverThrows(@ForAll("mutatedMdstat") String text) {
        Mdstat m = Mdstat.parse(text, "/proc/mdstat");
        assertThat(m.errors()).allSatisfy(e -> assertThat(e.getMessage()).startsWith("/proc/mdstat:"));
        MdArrays.merge(Path.of("/nonexistent"), m).arrays().forEach(a -> {
            if (a.syncEtaS() != null) {
                assertThat(a.syncEtaS()).isBetween(0L, MdArrays.MAX_ETA_S);
            }
        });
    }

    @Property(tries = 300)
    void mdstatArbitraryTextNeverThrows(@ForAll String text) {
        Mdstat.parse(text, "m");
    }

    @Property(tries = 400)
    void diskstatsNeverThrows(@ForAll("mutatedDiskstats") String text) {
        var f = Diskstats.parse(text, "/proc/diskstats");
        assertThat(f.errors()).allSatisfy(e -> assertThat(e.getMessage()).startsWith("/proc/diskstats:"));
        for (DiskStat d : f.devices()) {
            assertThat(d.readMs()).isBetween(0L, 0xFFFF_FFFFL);
            assertThat(d.readsCompleted()).isNotNegative();
        }
    }

    @Property(tries = 300)
    void diskstatsArbitraryTextNeverThrows(@ForAll String text) {
        Diskstats.parse(text, "d");
    }

    @Property(tries = 300)
    void uptimeThrowsOnlyItsOwnError(@ForAll String text) {
        try {
            Uptime u = Uptime.parse(text, "u");
            assertThat(u.centiseconds()).isNotNegative();
        } catch (ParseException e) {
            assertThat(e.file()).isEqualTo("u");
        }
    }

    @Property(tries = 200)
    void mdSysfsValuesNeverThrowAndEachOddOneIsReportedNamingItsFile(@ForAll("sysfsValue") String a, @ForAll("sysfsValue") String b,
                                              @ForAll("sysfsValue") String c) throws IOException {
        Path root = Files.createTempDirectory("sysfs");
        try {
            Path md = root.resolve("block/md0/md");
            Files.createDirectories(md.resolve("dev-sda1"));
            Files.writeString(md.resolve("level"), a);
            Files.writeString(md.resolve("raid_disks"), b);
            Files.writeString(md.resolve("sync_completed"), c);
            Files.writeString(md.resolve("layout"), b);
            Files.writeString(md.resolve("dev-sda1/slot"), c);
            Files.writeString(md.resolve("dev-sda1/state"), a);
            MdSysfsArray read = MdSysfsReader.read(root, "md0");
            assertThat(read.problems()).allSatisfy(e -> assertThat(e.file()).startsWith(root.toString()));
            String layoutLine = b.split("\n", -1)[0].trim(); // sysfs values are read up to the first newline
            if (read.layout() == null && !layoutLine.isEmpty()) {
                assertThat(read.problems()).as("layout '%s' left out", b).anySatisfy(e -> assertThat(e.file()).endsWith("layout"));
            }
            assertThat(MdArrays.merge(root, null).arrays()).as("the array is kept").hasSize(1);
        } finally {
            try (var walk = Files.walk(root)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Provide
    Arbitrary<String> sysfsValue() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(30),
                Arbitraries.of("none", "raid5", "5 (4)", "12 / 34", "1/2", " / ", "999999999999999999999", "-1", "2\n3", ""));
    }

    @Property(tries = 1000)
    void acceptedCountersNeverGiveNegativeNanOrInfiniteMetrics(@ForAll("stat") DiskStat prev, @ForAll("stat") DiskStat cur,
                                                               @ForAll @LongRange(min = 0, max = 1L << 40) long itvCs) {
        DeviceInterval i = IostatMath.compute(prev, cur, itvCs);
        for (double v : i.metrics().values()) {
            assertThat(v).isNotNegative().isNotNaN().isFinite();
        }
        assertThat(i.deltas().reads()).isNotNegative();
    }

    @Provide
    Arbitrary<DiskStat> stat() {
        Arbitrary<Long> counter = Arbitraries.oneOf(Arbitraries.longs().between(0, Long.MAX_VALUE),
                Arbitraries.longs().between(0, 10_000), Arbitraries.just(0L));
        Arbitrary<Long> u32 = Arbitraries.oneOf(Arbitraries.longs().between(0, 0xFFFF_FFFFL),
                Arbitraries.longs().between(0xFFFF_0000L, 0xFFFF_FFFFL), Arbitraries.longs().between(0, 1000));
        return Combinators.combine(counter.list().ofSize(10), u32.list().ofSize(7), Arbitraries.of(11, 15, 17))
                .as((c, t, fields) -> new DiskStat(8, 0, "sda", fields, c.get(0), c.get(1), c.get(2), t.get(0), c.get(3),
                        c.get(4), c.get(5), t.get(1), t.get(2), t.get(3), t.get(4), fields >= 15 ? c.get(6) : 0,
                        fields >= 15 ? c.get(7) : 0, fields >= 15 ? c.get(8) : 0, fields >= 15 ? t.get(5) : 0,
                        fields >= 17 ? c.get(9) : 0, fields >= 17 ? t.get(6) : 0));
    }
}
