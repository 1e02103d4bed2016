package io.raidpulse.lab.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raidpulse.lab.recording.Recording;
import io.raidpulse.md.Raid10Layout;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The capacity model given the single lab disk's measured figures (the same fio runs on one disk
 * in the same recording), against what each layout measured: the German set (RAID5, RAID10
 * near-2 and far-2 on 4 disks: sequential 1 MiB and random 4 KiB, both directions) and the
 * Russian set (random 4 KiB reads with 1 to 16 threads on one disk, RAID10 of 4 and 8, RAID0
 * over 2 and 4 RAID1 pairs).
 */
final class ModelVsMeasured {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long FOUR_K = 4096;

    /**
     * One line of the table: what, the model's figure and the measured one in the unit named, the
     * guest's CPU, and what the lab's disks did meanwhile (the busiest one's mean %util, MB/s moved
     * by all of them together), which tells whether the disks set the pace.
     */
    record Row(String scenario, String layout, String test, String unit, double model, double measured, double guestCpu,
               BenchmarkWindow.Disks disks) {
        double ratio() {
            return measured / model;
        }

        String key() {
            return layout + " / " + test;
        }

        /** The README's line, with the claim: "yes", or the label of why the model is not held to it. */
        String markdown(String claim) {
            return String.format(Locale.ROOT, "| %s | %s | %s %s | %s %s | %.2f | %.0f%% | %.0f%% | %.0f | %s |", layout, test, fmt(model), unit,
                    fmt(measured), unit, ratio(), guestCpu * 100, disks.busiestUtil(), disks.totalMBps(), claim);
        }

        private static String fmt(double v) {
            return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
        }
    }

    private static Row row(Recording r, String layout, String test, String unit, double model, String bench, double measured)
            throws IOException {
        return new Row(r.name(), layout, test, unit, model, measured, cpu(r, bench), BenchmarkWindow.of(r, bench).disks(r));
    }

    static List<Row> german(Recording r) throws IOException {
        double s = seqMBps(r, "single-seqread-1m", true);
        double dr = iops(r, "single-randread-4k");
        double dw = iops(r, "single-randwrite-4k");
        DiskProfile disk = new DiskProfile("lab-hdd-7200", "the lab's hdd-7200 disk as fio measured it", null, true, dr, dw,
                FOUR_K, 128, s, r.name());
        List<Row> out = new ArrayList<>();
        for (String[] l : new String[][] {{"raid5", "RAID5 x4"}, {"n2", "RAID10 near-2 x4"}, {"f2", "RAID10 far-2 x4"}}) {
            RaidLayout layout = l[0].equals("raid5") ? RaidLayout.of(RaidLevel.RAID5, 4)
                    : RaidLayout.raid10(l[0].equals("n2") ? Raid10Layout.NEAR : Raid10Layout.FAR, 2, 4);
            RaidModel m = new RaidModel(layout, disk);
            String b = l[0];
            out.add(row(r, l[1], "sequential read 1 MiB, 1 job", "MB/s", m.sequentialReadMBps(), b + "-seqread-1m",
                    seqMBps(r, b + "-seqread-1m", true)));
            out.add(row(r, l[1], "sequential write 1 MiB, 1 job", "MB/s", m.sequentialWriteMBps(), b + "-seqwrite-1m",
                    seqMBps(r, b + "-seqwrite-1m", false)));
            if (b.equals("raid5")) {
                out.add(row(r, l[1], "sequential write 1 MiB, 1 job, stripe cache 4096", "MB/s", m.sequentialWriteMBps(),
                        "raid5-seqwrite-1m-sc4096", seqMBps(r, "raid5-seqwrite-1m-sc4096", false)));
            }
            out.add(row(r, l[1], "random read 4 KiB, 4 x 32", "IOPS", m.randomReadIops(FOUR_K, 128), b + "-randread-4k",
                    iops(r, b + "-randread-4k")));
            out.add(row(r, l[1], "random write 4 KiB, 4 x 32", "IOPS", m.randomWriteIops(FOUR_K, 128), b + "-randwrite-4k",
                    iops(r, b + "-randwrite-4k")));
        }
        return out;
    }

    static List<Row> russian(Recording r) throws IOException {
        // one thread of synchronous reads keeps one request in flight: the single disk's figure at depth 1
        double d1 = iops(r, "single-randread-t1");
        DiskProfile disk = new DiskProfile("lab-hdd-7200-qd1", "the lab's hdd-7200 disk, one read in flight", null, true, d1, d1,
                FOUR_K, 1, 160, r.name());
        List<Row> out = new ArrayList<>();
        for (String[] l : new String[][] {{"single", "single disk"}, {"raid10x4", "RAID10 x4"}, {"raid10x8", "RAID10 x8"},
                {"raid0x2raid1", "RAID0 over 2 RAID1"}, {"raid0x4raid1", "RAID0 over 4 RAID1"}}) {
            RaidLayout layout = switch (l[0]) {
                case "single" -> RaidLayout.of(RaidLevel.SINGLE, 1);
                case "raid10x4" -> RaidLayout.raid10(Raid10Layout.NEAR, 2, 4);
                case "raid10x8" -> RaidLayout.raid10(Raid10Layout.NEAR, 2, 8);
                case "raid0x2raid1" -> RaidLayout.of(RaidLevel.RAID0_OVER_RAID1, 4);
                default -> RaidLayout.of(RaidLevel.RAID0_OVER_RAID1, 8);
            };
            RaidModel m = new RaidModel(layout, disk);
            for (int t : new int[] {1, 2, 4, 8, 16}) {
                String bench = l[0] + "-randread-t" + t;
                out.add(row(r, l[1], "random read 4 KiB, " + t + " thread" + (t > 1 ? "s" : ""), "IOPS", m.randomReadIops(FOUR_K, t),
                        bench, iops(r, bench)));
            }
        }
        return out;
    }

    /**
     * The share of the guest's CPU time that was busy during a benchmark (/proc/stat of the
     * snapshots nearest inside its start and end; iowait counts as idle). Under TCG an emulated
     * CPU can be what limits a run, not its disks.
     */
    static double cpu(Recording r, String bench) throws IOException {
        io.raidpulse.lab.recording.Event start = r.next("bench-start", java.time.Instant.EPOCH, "name", bench);
        io.raidpulse.lab.recording.Event end = r.next("bench-end", start.time(), "name", bench);
        long[] first = null;
        long[] last = null;
        long[] before = null;
        long[] after = null;
        for (Path snap : r.snapshots()) {
            Path stat = snap.resolve("truth/stat");
            if (!java.nio.file.Files.isRegularFile(stat)) {
                continue;
            }
            double up = Double.parseDouble(java.nio.file.Files.readString(snap.resolve("proc/uptime")).trim().split("\\s+")[0]);
            long[] t = cpuTimes(java.nio.file.Files.readString(stat));
            if (up < start.uptime()) {
                before = t;
            } else if (up > end.uptime()) {
                after = after == null ? t : after;
            } else {
                first = first == null ? t : first;
                last = t;
            }
        }
        if (first == null || last == first) {
            // the recorder fell behind under load: the snapshots around the run, idle edges included
            first = before;
            last = after;
        }
        if (first == null || last == null) {
            throw new IllegalStateException(r.name() + ": no snapshots around " + bench);
        }
        long total = last[0] - first[0];
        long idle = last[1] - first[1];
        return total == 0 ? 0 : 1.0 - (double) idle / total;
    }

    /** /proc/stat's "cpu" line: total jiffies and idle + iowait jiffies. */
    private static long[] cpuTimes(String stat) {
        String[] f = stat.lines().filter(l -> l.startsWith("cpu ")).findFirst().orElseThrow().trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < f.length && i <= 8; i++) {
            total += Long.parseLong(f[i]);
        }
        return new long[] {total, Long.parseLong(f[4]) + Long.parseLong(f[5])};
    }

    /** fio's IOPS of a run, reads and writes over every job. */
    static double iops(Recording r, String bench) throws IOException {
        double sum = 0;
        for (JsonNode job : fio(r, bench).path("jobs")) {
            sum += job.path("read").path("iops").asDouble() + job.path("write").path("iops").asDouble();
        }
        return sum;
    }

    /** fio's bandwidth of a run in MB/s (10^6 bytes). */
    static double seqMBps(Recording r, String bench, boolean read) throws IOException {
        double sum = 0;
        for (JsonNode job : fio(r, bench).path("jobs")) {
            sum += job.path(read ? "read" : "write").path("bw_bytes").asDouble();
        }
        return sum / 1e6;
    }

    private static JsonNode fio(Recording r, String bench) throws IOException {
        Path f = r.bench().resolve(bench + ".fio.json");
        return JSON.readTree(f.toFile());
    }
}
