package io.raidpulse.collector.bench;

import io.raidpulse.collector.procfs.KeptFiles;
import io.raidpulse.collector.procfs.ProcFiles;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What reading a cgroupfs file costs the collector against reading a regular file of the same
 * text: the footprint benchmark's synthetic host stands for a real host's cgroupfs with regular
 * files, and this says how far it may. It makes {@code cgroups=N} empty cgroups under a writable
 * cgroup v2 hierarchy (root: the machine must let it), copies each one's {@code cpu.stat} (a
 * kernfs attribute made by one show after an rstat flush, as io.stat is; io.stat itself needs the
 * io controller, which a machine with blkio on cgroup v1 does not give v2) into a temporary
 * directory, and reads both sets in turn, by open, read and close ({@link ProcFiles#read}) and
 * kept open ({@link KeptFiles#readAttribute}), CPU time of this thread, rounds alternating.
 *
 * <p>{@code ./mvnw -q -B -pl collector -am verify -Pread-cost -DskipTests}; arguments
 * (read-cost.args) {@code cgroups=N rounds=N hierarchy=DIR}.
 */
public final class KernelFileReadCost {
    private KernelFileReadCost() {
    }

    public static void main(String[] args) throws Exception {
        int cgroups = 500;
        int rounds = 200;
        Path hierarchy = null;
        for (String a : String.join(" ", args).trim().split("\\s+")) {
            if (a.isEmpty()) {
                continue;
            }
            String[] kv = a.split("=", 2);
            switch (kv[0]) {
                case "cgroups" -> cgroups = Integer.parseInt(kv[1]);
                case "rounds" -> rounds = Integer.parseInt(kv[1]);
                case "hierarchy" -> hierarchy = Path.of(kv[1]);
                default -> throw new IllegalArgumentException("unknown argument " + a + "; known: cgroups, rounds, hierarchy");
            }
        }
        Path root = hierarchy != null ? hierarchy : cgroup2Mount();
        Path parent = root.resolve("raidpulse-read-cost-" + ProcessHandle.current().pid());
        Path copies = Files.createTempDirectory("raidpulse-read-cost");
        List<String> kernfs = new ArrayList<>();
        List<String> regular = new ArrayList<>();
        try {
            Files.createDirectory(parent);
            for (int i = 0; i < cgroups; i++) {
                Path cg = Files.createDirectory(parent.resolve("c" + i));
                kernfs.add(cg.resolve("cpu.stat").toString());
                Path copy = Files.createDirectory(copies.resolve("c" + i)).resolve("cpu.stat");
                Files.writeString(copy, ProcFiles.read(cg.resolve("cpu.stat").toString()));
                regular.add(copy.toString());
            }
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            KeptFiles keptKernfs = new KeptFiles();
            KeptFiles keptRegular = new KeptFiles();
            long[][] ns = new long[4][rounds];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < 4; k++) {
                    int which = (k + r) % 4; // a different order each round: no case always runs after another
                    long t0 = threads.getCurrentThreadCpuTime();
                    switch (which) {
                        case 0 -> readAll(kernfs, null);
                        case 1 -> readAll(regular, null);
                        case 2 -> readAll(kernfs, keptKernfs);
                        default -> readAll(regular, keptRegular);
                    }
                    ns[which][r] = threads.getCurrentThreadCpuTime() - t0;
                }
                keptKernfs.endCycle();
                keptRegular.endCycle();
            }
            keptKernfs.closeAll();
            keptRegular.closeAll();
            String[] names = {"cgroupfs, opened, read and closed", "ext4/tmpfs copy, opened, read and closed",
                "cgroupfs, kept open", "ext4/tmpfs copy, kept open"};
            System.out.printf("%d cgroups' cpu.stat under %s against copies in %s (%s), %d rounds after %d warm-up, CPU of the reading thread%n",
                    cgroups, parent, copies, Files.getFileStore(copies).type(), rounds - rounds / 4, rounds / 4);
            double[] median = new double[4];
            for (int k = 0; k < 4; k++) {
                long[] measured = Arrays.copyOfRange(ns[k], rounds / 4, rounds);
                Arrays.sort(measured);
                median[k] = measured[measured.length / 2] / 1000.0 / cgroups;
                System.out.printf("  %-42s median %.2f us a file%n", names[k], median[k]);
            }
            System.out.printf("cgroupfs against the copy: x%.2f opened and closed, x%.2f kept open%n", median[0] / median[1], median[2] / median[3]);
        } finally {
            for (int i = cgroups - 1; i >= 0; i--) {
                Files.deleteIfExists(parent.resolve("c" + i)); // rmdir of an empty cgroup
            }
            Files.deleteIfExists(parent);
            try (var walk = Files.walk(copies)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void readAll(List<String> files, KeptFiles kept) throws IOException {
        for (String f : files) {
            if (kept == null) {
                ProcFiles.read(f);
            } else {
                kept.readAttribute(f);
            }
        }
    }

    /** The first cgroup2 mount in /proc/self/mountinfo (a unified hierarchy, or a hybrid host's /sys/fs/cgroup/unified). */
    private static Path cgroup2Mount() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = line.split(" ");
            int dash = Arrays.asList(f).indexOf("-");
            if (dash > 0 && dash + 1 < f.length && f[dash + 1].equals("cgroup2")) {
                return Path.of(f[4]);
            }
        }
        throw new IllegalStateException("no cgroup2 hierarchy is mounted: give hierarchy=DIR");
    }
}
