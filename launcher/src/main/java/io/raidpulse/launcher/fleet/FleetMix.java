package io.raidpulse.launcher.fleet;

import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ScenarioParser;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The fleet's hosts, drawn from one seed: each host's disks (HDD, SATA SSD or NVMe), md arrays
 * (RAID1, RAID10, RAID5, RAID6, RAID0), load, and what happens to it (a saturating load phase; a
 * member failed, removed, added back and rebuilt; a scheduled check), its sample interval, the
 * phase of its samples within the interval and its clock's offset. Every host is a scenario in the
 * simulator's format ({@link HostPlan#scenarioText()}), so the simulator's model and ground truth
 * apply unchanged. The same seed and arguments give the same fleet.
 */
final class FleetMix {
    /** Shares of hosts with a saturating load phase, a failed and rebuilt member, a scheduled check. */
    static final double SATURATING = 0.30;
    static final double DEGRADING = 0.15;
    static final double CHECKING = 0.20;
    /** Load outside the saturating phase: this range of the array's random-I/O capacity (no alert). */
    static final double BASE_LOW = 0.25;
    static final double BASE_HIGH = 0.55;
    /** Load in the saturating phase: this range of the capacity (served at 100%: the alert fires). */
    static final double OVER_LOW = 1.25;
    static final double OVER_HIGH = 1.5;
    /** Clock offsets of the hosts: up to this many milliseconds either way (NTP-disciplined hosts are within it). */
    static final long MAX_SKEW_MS = 2000;
    /** The shortest fleet run: room for a saturation to fire and resolve and a rebuild to end. */
    static final long MIN_DURATION_S = 300;
    /** Intervals drawn when none is given (seconds), the collector's default 10 s most often. */
    private static final long[] INTERVALS = {10, 10, 10, 10, 10, 10, 5, 5, 15, 30};

    private FleetMix() {
    }

    /** One thing the mix asked to happen to a host's array, in seconds after the host's start. */
    record Asked(String what, String array, long fromS, long toS) {
    }

    /**
     * One host of the fleet.
     *
     * @param phaseMs  when within its interval the host samples, after the fleet's start (true time)
     * @param skewMs   its clock's offset from true time: its samples are stamped with true time plus this
     */
    record HostPlan(int index, String host, String scenarioText, Scenario scenario, long intervalS, long phaseMs,
                    long skewMs, String kind, List<Asked> asked) {
    }

    /**
     * Draws {@code hosts} hosts for a run of {@code durationS} seconds starting at {@code start}
     * (true time); {@code intervalS} 0 draws each host's interval.
     */
    static List<HostPlan> draw(long seed, int hosts, long durationS, long intervalS, Instant start) {
        List<HostPlan> out = new ArrayList<>(hosts);
        for (int i = 0; i < hosts; i++) {
            // one stream per host: host i is the same whatever the fleet's size
            out.add(host(new SplittableRandom(seed * 1_000_003L + i), i, durationS, intervalS, start));
        }
        return out;
    }

    private static HostPlan host(SplittableRandom r, int index, long durationS, long fixedInterval, Instant start) {
        String host = String.format(Locale.ROOT, "fleet-%05d", index);
        long interval = fixedInterval > 0 ? fixedInterval : INTERVALS[r.nextInt(INTERVALS.length)];
        long duration = durationS / interval * interval;
        long phaseMs = r.nextLong(interval * 1000);
        long skewMs = r.nextLong(-MAX_SKEW_MS, MAX_SKEW_MS + 1);
        Kind kind = Kind.values()[r.nextInt(Kind.values().length)];
        StringBuilder s = new StringBuilder();
        s.append("scenario ").append(host).append('\n');
        s.append("host ").append(host).append('\n');
        s.append("duration ").append(duration).append("s\ninterval ").append(interval).append("s\n");
        s.append("uptime ").append(1 + r.nextInt(90)).append("d\ncpus ").append(new int[] {8, 16, 32}[r.nextInt(3)]).append('\n');
        s.append(kind.profile).append('\n');

        // one data array, and on a third of the hosts a RAID1 pair besides (the system disks)
        List<ArrayPlan> arrays = new ArrayList<>();
        Layout layout = Layout.values()[r.nextInt(Layout.values().length)];
        int n = layout.disks(r);
        int disk = 0;
        arrays.add(new ArrayPlan("md0", layout, n, disk));
        disk += n;
        if (r.nextInt(3) == 0) {
            arrays.add(new ArrayPlan("md1", Layout.RAID1, 2, disk));
            disk += 2;
        }
        for (int d = 0; d < disk; d++) {
            s.append("disk ").append(kind.diskName(d)).append(" profile=").append(kind.name().toLowerCase(Locale.ROOT))
                    .append(" size=").append(kind.size).append(" partitions=").append(kind.partition).append('\n');
        }
        List<Asked> asked = new ArrayList<>();
        for (ArrayPlan a : arrays) {
            s.append("array ").append(a.name).append(" level=").append(a.layout.level).append(" members=");
            for (int m = 0; m < a.disks; m++) {
                s.append(m == 0 ? "" : ",").append(kind.partitionName(a.firstDisk + m));
            }
            s.append(a.layout.options).append(a.layout.redundant ? " bitmap=internal\n" : "\n");
            double reads = 0.6 + 0.3 * r.nextDouble();
            double capacity = capacity(kind, a.layout, a.disks, reads);
            double base = capacity * (BASE_LOW + (BASE_HIGH - BASE_LOW) * r.nextDouble());
            boolean saturating = a.name.equals("md0") && r.nextDouble() < SATURATING;
            if (saturating) {
                long from = round(duration * (0.1 + 0.2 * r.nextDouble()), interval);
                long to = Math.min(duration, from + round(Math.max(150, duration * 0.15), interval));
                double over = capacity * (OVER_LOW + (OVER_HIGH - OVER_LOW) * r.nextDouble());
                load(s, a.name, 0, from, base, reads);
                load(s, a.name, from, to, over, reads);
                load(s, a.name, to, duration, base, reads);
                asked.add(new Asked("saturation", a.name, from, to));
            } else {
                load(s, a.name, 0, duration, base, reads);
            }
        }
        ArrayPlan data = arrays.get(0);
        double event = r.nextDouble();
        if (data.layout.redundant && event < DEGRADING) {
            long fail = round(duration * (0.35 + 0.1 * r.nextDouble()), 1);
            String member = kind.partitionName(data.firstDisk + r.nextInt(data.disks));
            s.append("at ").append(fail).append("s fail md0 ").append(member).append('\n');
            s.append("at ").append(fail + 30).append("s remove md0 ").append(member).append('\n');
            s.append("at ").append(fail + 60).append("s add md0 ").append(member).append('\n');
            asked.add(new Asked("degraded", "md0", fail, fail + 60));
            asked.add(new Asked("rebuild", "md0", fail + 60, fail + 60));
        } else if (data.layout.redundant && event < DEGRADING + CHECKING) {
            long at = round(duration * (0.5 + 0.1 * r.nextDouble()), 1);
            boolean parity = data.layout == Layout.RAID5 || data.layout == Layout.RAID6;
            s.append("at ").append(at).append("s check md0").append(parity && r.nextInt(3) == 0 ? " mismatches=16" : "").append('\n');
            asked.add(new Asked("check", "md0", at, at));
        }
        if (asked.stream().noneMatch(a -> !a.what().equals("saturation")) && interval > 1) {
            // no md events: the model integrates each interval in one step, ten times less work at 10 s than
            // stepping each second as events need; the mix's loads are constant within phases that start and
            // end on whole intervals, so a step of one interval integrates the same load as its seconds
            s.append("model-step ").append(interval).append("s\n");
        }
        String text = s.toString();
        long skewed = start.toEpochMilli() + phaseMs + skewMs;
        Scenario scenario = ScenarioParser.parse(text, host, host).withStart(Instant.ofEpochMilli(skewed));
        return new HostPlan(index, host, text, scenario, interval, phaseMs, skewMs, kind.name().toLowerCase(Locale.ROOT) + " "
                + arrays.stream().map(a -> a.name + "=" + a.layout.level + "x" + a.disks).reduce((x, y) -> x + "," + y).orElse(""),
                List.copyOf(asked));
    }

    private static long round(double seconds, long step) {
        return Math.max(step, Math.round(seconds / step) * step);
    }

    private static void load(StringBuilder s, String array, long from, long to, double ops, double reads) {
        if (to > from) {
            s.append(String.format(Locale.ROOT, "load %s from=%ds to=%ds read=%.0f write=%.0f size=8k%n", array, from, to,
                    ops * reads, ops * (1 - reads)));
        }
    }

    /**
     * Random 8 KiB requests per second the array's members serve at 100% of their capacity (the
     * simulator's capacity model: 1/IOPS per request plus the transfer beyond 4 KiB), with the
     * level's member I/Os per write (raid5 of 3: 1 read + 2 writes, of 4 or more 2 + 2; raid6 of 4:
     * 1 + 3, of more 3 + 3).
     */
    static double capacity(Kind kind, Layout layout, int n, double reads) {
        double perWrite = switch (layout) {
            case RAID0 -> 1;
            case RAID1 -> n;
            case RAID10 -> 2;
            case RAID5 -> n == 3 ? 3 : 4;
            case RAID6 -> n == 4 ? 4 : 6;
        };
        double transfer = 4096.0 / kind.seqBytes;
        double seconds = reads * (1 / kind.readIops + transfer) + (1 - reads) * perWrite * (1 / kind.writeIops + transfer);
        return n / seconds;
    }

    private record ArrayPlan(String name, Layout layout, int disks, int firstDisk) {
    }

    /** Disk kinds, with the simulator profile of each (published figures of common drives). */
    enum Kind {
        HDD("hdd", 550, 480, 268e6, "rotational=yes model=\"ST16000NM001G-2KK103\" queue=64 flush=1ms", "16TB", "12GB"),
        SSD("ssd", 90000, 30000, 530e6, "rotational=no read-latency=100us write-latency=40us model=\"Samsung SSD 870 EVO 4TB\""
                + " queue=64 flush=50us", "4TB", "12GB"),
        NVME("nvme", 400000, 200000, 3000e6, "rotational=no read-latency=80us write-latency=20us"
                + " model=\"NVMe DC 3.84TB (simulated)\" queue=1023 flush=50us", "3840GB", "24GB");

        final String profile;
        final double readIops;
        final double writeIops;
        final double seqBytes;
        final String size;
        final String partition;

        /** {@code rest}: the profile line's settings after the figures the fleet's loads are computed from */
        Kind(String name, double readIops, double writeIops, double seqBytes, String rest, String size, String partition) {
            this.profile = String.format(Locale.ROOT, "profile %s read-iops=%.0f write-iops=%.0f seq=%.0fMB/s %s", name, readIops,
                    writeIops, seqBytes / 1e6, rest);
            this.readIops = readIops;
            this.writeIops = writeIops;
            this.seqBytes = seqBytes;
            this.size = size;
            this.partition = partition;
        }

        String diskName(int i) {
            return this == NVME ? "nvme" + i + "n1" : "sd" + (char) ('a' + i);
        }

        String partitionName(int i) {
            return this == NVME ? diskName(i) + "p1" : diskName(i) + "1";
        }
    }

    /** md layouts and their member counts. */
    enum Layout {
        RAID1("raid1", "", 2, 2, true),
        RAID10("raid10", " chunk=512k layout=n2", 4, 8, true),
        RAID5("raid5", " chunk=512k", 3, 8, true),
        RAID6("raid6", " chunk=512k", 4, 8, true),
        RAID0("raid0", " chunk=512k", 2, 4, false);

        final String level;
        final String options;
        final int min;
        final int max;
        final boolean redundant;

        Layout(String level, String options, int min, int max, boolean redundant) {
            this.level = level;
            this.options = options;
            this.min = min;
            this.max = max;
            this.redundant = redundant;
        }

        int disks(SplittableRandom r) {
            int n = min + r.nextInt(max - min + 1);
            return this == RAID10 ? n / 2 * 2 : n;
        }
    }
}
