package io.raidpulse.collector.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader is held up between /proc/uptime and /proc/diskstats (a loaded host; a simulated
 * tree stepping in between): the counters then hold more time than T, and %util goes above
 * 100, which the stream processor refuses (the whole sample dead-lettered). SecretsIT caught a
 * sample at 133%. The reader reads uptime again after the counters and, when it moved on, reads
 * both again.
 */
class RootReaderTest {
    @TempDir
    Path root;

    private static final String DISKSTATS = "   8       0 sda 100 0 800 50 200 0 1600 80 0 1000 130 0 0 0 0 0 0\n";

    @Test
    void aReadHeldUpBetweenUptimeAndCountersIsReadAgain() throws IOException {
        Roots roots = new Roots(root.resolve("proc"), root.resolve("sys"));
        Files.createDirectories(root.resolve("sys/block"));
        List<String> reads = new ArrayList<>();
        AtomicInteger uptimeReads = new AtomicInteger();
        // the first uptime is a step behind the counters; from the second read on, uptime and counters agree
        RootReader reader = new RootReader(roots, Clock.systemUTC(), file -> {
            String name = file.getFileName().toString();
            reads.add(name);
            return switch (name) {
                case "uptime" -> uptimeReads.incrementAndGet() == 1 ? "1000.00 1.00\n" : "1000.25 1.00\n";
                case "diskstats" -> DISKSTATS;
                default -> throw new NoSuchFileException(file.toString());
            };
        });
        Reading r = reader.read();
        assertThat(r.uptime().centiseconds()).as("the uptime of the consistent read").isEqualTo(100_025);
        assertThat(reads).startsWith("uptime", "diskstats", "uptime", "uptime", "diskstats", "uptime");
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void aClockTickBetweenTheReadsIsNoHoldUp() throws IOException {
        Roots roots = new Roots(root.resolve("proc"), root.resolve("sys"));
        Files.createDirectories(root.resolve("sys/block"));
        AtomicInteger uptimeReads = new AtomicInteger();
        List<String> reads = new ArrayList<>();
        RootReader reader = new RootReader(roots, Clock.systemUTC(), file -> {
            reads.add(file.getFileName().toString());
            return switch (file.getFileName().toString()) {
                case "uptime" -> "1000.0" + Math.min(9, uptimeReads.getAndIncrement()) + " 1.00\n";
                case "diskstats" -> DISKSTATS;
                default -> throw new NoSuchFileException(file.toString());
            };
        });
        assertThat(reader.read().uptime().centiseconds()).isEqualTo(100_000);
        assertThat(reads.stream().filter("diskstats"::equals)).as("read once").hasSize(1);
    }

    /**
     * On this machine's own procfs the files are kept open and read again from offset 0
     * (KeptFiles): each reading is a fresh one, the devices of /proc/diskstats as read anew and
     * uptime moving on.
     */
    @Test
    void theLiveProcfsReadThroughKeptFilesGivesFreshReadings() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/diskstats")), "needs procfs");
        RootReader reader = new RootReader(Roots.LIVE, Clock.systemUTC());
        Reading first = reader.read();
        List<String> names = io.raidpulse.md.Diskstats.parse(Files.readString(Path.of("/proc/diskstats")), "d").devices().stream()
                .map(io.raidpulse.md.DiskStat::name).toList();
        assertThat(first.devices()).extracting(io.raidpulse.md.DiskStat::name).containsExactlyElementsOf(names);
        Reading later = first;
        for (int i = 0; i < 200 && later.uptime().centiseconds() == first.uptime().centiseconds(); i++) {
            Thread.sleep(5); // uptime has a resolution of 10 ms: a stale text would never move
            later = reader.read();
        }
        assertThat(later.uptime().centiseconds()).isGreaterThan(first.uptime().centiseconds());
    }
}
