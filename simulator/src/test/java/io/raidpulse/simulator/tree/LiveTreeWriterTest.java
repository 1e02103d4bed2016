package io.raidpulse.simulator.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveTreeWriterTest {
    @TempDir
    Path dir;

    static HostTree tree(int n, boolean withDisk) {
        HostTree.Builder b = new HostTree.Builder();
        // a big file, so a torn write would be visible
        b.file("proc/diskstats", ("line " + n + "\n").repeat(4000));
        b.file("time", n + "\n");
        if (withDisk) {
            b.file("sys/devices/x/block/sdb/stat", n + "\n");
            b.link("sys/block/sdb", "../devices/x/block/sdb");
        }
        return b.build();
    }

    @Test
    void readersNeverSeeATornFileAndRemovedDevicesDisappear() throws Exception {
        LiveTreeWriter w = new LiveTreeWriter(dir);
        w.write(tree(0, true), 0);
        Set<String> valid = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            valid.add(("line " + i + "\n").repeat(4000));
        }
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger reads = new AtomicInteger();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                try {
                    String s = Files.readString(dir.resolve("proc/diskstats"));
                    assertThat(valid).contains(s);
                    reads.incrementAndGet();
                } catch (NoSuchFileException e) {
                    throw new AssertionError("the file vanished while being replaced", e);
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }
        });
        Throwable[] failure = new Throwable[1];
        reader.setUncaughtExceptionHandler((t, e) -> failure[0] = e);
        reader.start();
        for (int i = 1; i < 300; i++) {
            w.write(tree(i, i % 2 == 0), i);
        }
        done.set(true);
        reader.join();
        assertThat(failure[0]).isNull();
        assertThat(reads.get()).isPositive();
        assertThat(Files.readString(dir.resolve("time"))).isEqualTo("299\n");
        // odd instants have no sdb: it is gone, link and directory
        assertThat(Files.exists(dir.resolve("sys/block/sdb"), java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.exists(dir.resolve("sys/devices/x/block/sdb"))).isFalse();
        w.write(tree(300, true), 300);
        assertThat(Files.readString(dir.resolve("sys/block/sdb/stat"))).isEqualTo("300\n");
        try (var staging = Files.list(dir.resolve(LiveTreeWriter.STAGING))) {
            assertThat(staging).isEmpty();
        }
    }

    @Test
    void snapshotsAreCompleteNumberedRoots() throws IOException {
        SnapshotWriter w = new SnapshotWriter(dir);
        w.write(tree(0, true), 0);
        w.write(tree(1, false), 1);
        assertThat(Files.readString(dir.resolve("000001/time"))).isEqualTo("0\n");
        assertThat(Files.readString(dir.resolve("000001/sys/block/sdb/stat"))).isEqualTo("0\n");
        assertThat(Files.readString(dir.resolve("000002/time"))).isEqualTo("1\n");
        assertThat(Files.exists(dir.resolve("000002/sys/block/sdb"))).isFalse();
        try (var entries = Files.list(dir)) {
            assertThat(entries.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("000001", "000002");
        }
    }
}
