package io.raidpulse.collector.tools.iostat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.collector.tools.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our iostat against sysstat 12.6's on the same counters (see {@link SysstatOracle}): the
 * since-boot report ({@code iostat --json} on the first snapshot) and the interval report
 * ({@code replay --json} on the pair), for 11-, 15- and 17-field devices, merges, idle
 * intervals, re-inserted devices, 32-bit wraps of every time field, a zero interval, and real
 * snapshots of this machine taken with {@code record}. iostat prints two decimals, so values
 * must agree within 0.005 plus a relative 1e-12.
 */
class IostatOracleTest {
    private static final long U32 = 1L << 32;

    @TempDir
    Path tmp;

    @BeforeAll
    static void oracleAvailable() throws Exception {
        SysstatOracle.require();
    }

    @Test
    void generatedCountersMatchIostat() throws Exception {
        Random rnd = new Random(20260611);
        List<String[]> devices = new ArrayList<>();
        int n = 0;
        for (int fields : new int[] {11, 15, 17}) {
            for (int i = 0; i < 12; i++) {
                devices.add(growing(String.format("g%03d", n++), fields, rnd, i % 4 == 0 ? 1 << 20 : 5000, false));
            }
            for (int i = 0; i < 4; i++) {
                devices.add(growing(String.format("w%03d", n++), fields, rnd, 3000, true));
            }
            devices.add(idle(String.format("i%03d", n++), fields, rnd));
            devices.add(reinserted(String.format("r%03d", n++), fields, rnd, false));
            devices.add(reinserted(String.format("z%03d", n++), fields, rnd, true));
        }
        compare(devices, "1000.00", "1001.50");
        compare(devices.subList(0, 20), "12345.67", "12346.68");
        compare(devices.subList(20, 40), "100.00", "86500.37");
    }

    @Test
    void zeroIntervalCountsAsOneHundredth() throws Exception {
        Random rnd = new Random(7);
        compare(List.of(growing("sda", 17, rnd, 50, false), growing("sdb", 11, rnd, 50, false)), "500.00", "500.00");
    }

    @Test
    void recordedSnapshotsOfThisMachineMatchIostat() throws Exception {
        Path out = tmp.resolve("rec");
        Thread io = new Thread(() -> writeSome(tmp.resolve("io-load")));
        io.start();
        Run rec = Run.of("record", "--out", out.toString(), "--interval", "1", "--count", "3");
        io.join();
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        List<Path> snaps;
        try (var s = Files.list(out)) {
            snaps = s.sorted().toList();
        }
        assertThat(snaps).hasSize(3);
        for (int i = 0; i + 1 < snaps.size(); i++) {
            int compared = RecordedPairs.assertReplayMatchesIostat(snaps.get(i), snaps.get(i + 1), tmp.resolve("rec-oracle-" + i), "recorded pair " + i);
            assertThat(compared).as("iostat saw devices with I/O in the recording").isPositive();
        }
    }

    private void compare(List<String[]> devices, String up1, String up2) throws IOException, InterruptedException {
        Path a = tmp.resolve("a" + up1 + "-" + up2);
        Path b = tmp.resolve("b" + up1 + "-" + up2);
        Map<String, String> first = new LinkedHashMap<>();
        Map<String, String> second = new LinkedHashMap<>();
        for (String[] d : devices) {
            first.put(d[0], d[1]);
            second.put(d[0], d[2]);
        }
        snapshot(a, first, up1);
        snapshot(b, second, up2);
        var reports = SysstatOracle.reports(tmp.resolve("oracle" + up1 + "-" + up2), first, up1, second, up2);

        Run sinceBoot = Run.of("iostat", "--json", "--proc-root", a.resolve("proc").toString(), "--sys-root", a.resolve("sys").toString());
        assertThat(sinceBoot.exitCode()).as(sinceBoot.err()).isZero();
        RecordedPairs.assertSame(reports.get(0), sinceBoot.jsonLines(), "since boot at " + up1);

        Run replay = Run.of("replay", "--json", a.toString(), b.toString());
        assertThat(replay.exitCode()).as(replay.err()).isZero();
        RecordedPairs.assertSame(reports.get(1), replay.jsonLines(), "interval " + up1 + " -> " + up2);
    }

    /** A snapshot directory with proc/diskstats, proc/uptime and sys/block/NAME/stat. */
    private static void snapshot(Path dir, Map<String, String> stats, String uptime) throws IOException {
        StringBuilder diskstats = new StringBuilder();
        int minor = 0;
        for (var e : stats.entrySet()) {
            diskstats.append(String.format("   8 %7d %s %s%n", minor, e.getKey(), e.getValue()));
            minor += 16;
            Path dev = dir.resolve("sys/block").resolve(e.getKey());
            Files.createDirectories(dev);
            Files.writeString(dev.resolve("stat"), e.getValue() + "\n");
        }
        Files.createDirectories(dir.resolve("proc"));
        Files.writeString(dir.resolve("proc/diskstats"), diskstats);
        Files.writeString(dir.resolve("proc/uptime"), uptime + " 1.00\n");
    }

    private static void writeSome(Path file) {
        try {
            byte[] chunk = new byte[1 << 20];
            for (int i = 0; i < 12; i++) {
                Files.write(file, chunk);
                try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                    ch.force(true);
                }
                Thread.sleep(150);
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- generated counters; fields in /sys/block/NAME/stat order (procfs-diskstats 4..20) ----

    private static final boolean[] TIME = {false, false, false, true, false, false, false, true, true, true, true,
        false, false, false, true, false, true};

    /** Counters that only grow; {@code wrap} puts every time field just below 2^32 so it wraps. */
    private static String[] growing(String name, int fields, Random rnd, int scale, boolean wrap) {
        long[] a = new long[fields];
        long[] b = new long[fields];
        for (int i = 0; i < fields; i++) {
            if (TIME[i]) {
                a[i] = wrap ? U32 - 1 - rnd.nextInt(scale * 4) : (long) (rnd.nextDouble() * (U32 - 1));
                long inc = i == 8 ? 0 : rnd.nextInt(scale * 10 + 1);
                b[i] = i == 8 ? rnd.nextInt(64) : (a[i] + inc) % U32;
            } else {
                a[i] = (long) (rnd.nextDouble() * (1L << 40));
                b[i] = a[i] + rnd.nextInt(scale + 1);
            }
        }
        a[0] = Math.max(a[0], 1);
        return new String[] {name, line(a), line(b)};
    }

    private static String[] idle(String name, int fields, Random rnd) {
        long[] a = new long[fields];
        for (int i = 0; i < fields; i++) {
            a[i] = TIME[i] ? (long) (rnd.nextDouble() * (U32 - 1)) : 1 + (long) (rnd.nextDouble() * (1L << 30));
        }
        a[8] = 0;
        return new String[] {name, line(a), line(a)};
    }

    /**
     * A device removed and re-added: every I/O and sector counter lower than before (or, with
     * {@code zeroBefore}, discard sectors 0 before, which sysstat's test lets through).
     */
    private static String[] reinserted(String name, int fields, Random rnd, boolean zeroBefore) {
        long[] a = new long[fields];
        long[] b = new long[fields];
        for (int i = 0; i < fields; i++) {
            a[i] = TIME[i] ? 100_000 + rnd.nextInt(1_000_000) : 100_000 + rnd.nextInt(1_000_000);
            b[i] = 1 + rnd.nextInt(50_000);
        }
        if (zeroBefore && fields >= 15) {
            a[13] = 0;
            b[13] = 0;
        }
        return new String[] {name, line(a), line(b)};
    }

    private static String line(long[] v) {
        StringBuilder sb = new StringBuilder();
        for (long x : v) {
            sb.append(sb.length() == 0 ? "" : " ").append(x);
        }
        return sb.toString();
    }
}
