package io.raidpulse.lab.guest;

import io.raidpulse.collector.sampling.Roots;
import io.raidpulse.collector.tools.snapshot.SnapshotRecorder;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs inside the lab guest for a whole scenario: every interval (and at once when the scenario
 * touches {@code OUT/snapshot-now}), the ground truth of that moment into {@code truth/}:
 * /proc/mdstat ({@code mdstat-before}), {@code mdadm --detail} and {@code mdadm --detail --export}
 * of every array, then a snapshot exactly as {@code raidpulse record} writes it
 * ({@link SnapshotRecorder}, the same code) and /proc/stat (the guest's CPU time: under
 * emulation the CPU can be what limits a benchmark). {@code truth/time} has the guest's uptime
 * before mdadm and after the snapshot, so a check can bound how far a moving value (sync
 * progress) went in between; where the two mdstat reads differ in more than progress, something
 * changed while mdadm looked; {@code md-before} ({@link MdMoment}) does the same for md's sysfs,
 * which mdadm reads and which can lag /proc/mdstat. Stops when {@code OUT/stop} appears.
 *
 * <p>Arguments: {@code OUT INTERVAL_SECONDS}.
 */
public final class GuestRecorder {
    private GuestRecorder() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        long intervalMs = Math.round(Double.parseDouble(args[1]) * 1000);
        Path snapshots = Files.createDirectories(out.resolve("snapshots"));
        Path now = out.resolve("snapshot-now");
        Path stop = out.resolve("stop");
        int n = 0;
        long next = System.currentTimeMillis();
        while (!Files.exists(stop)) {
            if (System.currentTimeMillis() < next && !Files.exists(now)) {
                Thread.sleep(50);
                continue;
            }
            Files.deleteIfExists(now);
            next = System.currentTimeMillis() + intervalMs;
            Path dir = snapshots.resolve(String.format("%05d", n++));
            try {
                snapshot(dir);
            } catch (IOException | RuntimeException e) {
                // one snapshot lost (logged), not the recorder: the scenario waits for the next one
                System.err.println("snapshot " + dir.getFileName() + " failed: " + e);
                deleteQuietly(dir);
                continue;
            }
            Files.writeString(snapshots.resolve("last"), dir.getFileName() + "\n");
        }
    }

    private static void snapshot(Path dir) throws IOException, InterruptedException {
        Path truth = Files.createDirectories(dir.resolve("truth"));
        String before = uptime();
        long wall = System.currentTimeMillis();
        // mdstat, then mdadm, then the snapshot (which reads mdstat again): where the two mdstat
        // reads differ in more than sync progress, the state changed while mdadm looked
        Files.copy(Path.of("/proc/mdstat"), truth.resolve("mdstat-before"));
        List<String> arrays = arrays();
        Files.writeString(truth.resolve("md-before"), MdMoment.read(Path.of("/sys/block")));
        if (!arrays.isEmpty()) {
            List<String> detail = new ArrayList<>(List.of("mdadm", "--detail"));
            detail.addAll(arrays);
            run(detail, truth.resolve("mdadm-detail.txt"));
            for (String a : arrays) {
                // one array per call: --export prints no separator between arrays
                run(List.of("mdadm", "--detail", "--export", a), truth.resolve("mdadm-export-" + a.substring(5) + ".txt"));
            }
        }
        SnapshotRecorder.record(Roots.LIVE, dir);
        // CPU time of the guest at the same moment: an emulated CPU can be what limits a benchmark
        Files.copy(Path.of("/proc/stat"), truth.resolve("stat"));
        Files.writeString(truth.resolve("time"), "wall_ms " + wall + "\nuptime_before " + before + "\nuptime_after " + uptime() + "\n");
    }

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a partial snapshot has no truth/time, and readers of recordings pass over it
        }
    }

    /** /dev/mdN of every md array in /sys/block, in name order. */
    private static List<String> arrays() throws IOException {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(Path.of("/sys/block"), "md*")) {
            for (Path p : d) {
                if (Files.isDirectory(p.resolve("md"))) {
                    out.add("/dev/" + p.getFileName());
                }
            }
        }
        out.sort(null);
        return out;
    }

    private static String uptime() throws IOException {
        return Files.readString(Path.of("/proc/uptime")).split(" ")[0];
    }

    private static void run(List<String> command, Path to) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(to.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
    }
}
