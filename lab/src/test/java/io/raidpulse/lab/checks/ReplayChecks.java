package io.raidpulse.lab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.raidpulse.collector.tools.iostat.RecordedPairs;
import io.raidpulse.lab.recording.Recording;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code replay} on every recorded interval of a lab recording equals sysstat's iostat on the
 * same snapshot pair, every field, on real md and member counters. Each oracle run sleeps one
 * second inside iostat, so pairs run many at a time (each in its own mount namespace; the oracle
 * waits on a pipe, not by polling, so a waiting pair costs nothing).
 */
public final class ReplayChecks {
    private static final int PARALLEL = 24;

    private ReplayChecks() {
    }

    /** Checks every consecutive pair; returns how many device-intervals were compared. */
    public static int everyInterval(Recording r, Path work) throws Exception {
        RecordedPairs.requireOracle();
        List<Path> snaps = r.snapshots();
        assertThat(snaps).as("%s: snapshots", r.name()).hasSizeGreaterThan(10);
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        try {
            List<Future<Integer>> compared = new ArrayList<>();
            for (int i = 0; i + 1 < snaps.size(); i++) {
                Path a = snaps.get(i);
                Path b = snaps.get(i + 1);
                Path w = Files.createDirectories(work.resolve(r.name() + "-" + i));
                String what = r.name() + " " + a.getFileName() + " -> " + b.getFileName();
                compared.add(pool.submit(() -> RecordedPairs.assertReplayMatchesIostat(a, b, w, what)));
            }
            int total = 0;
            for (Future<Integer> f : compared) {
                total += f.get();
            }
            return total;
        } finally {
            pool.shutdownNow();
        }
    }
}
