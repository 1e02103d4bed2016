package io.raidpulse.model.profile;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.LayoutSpec;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides how far a profile can be trusted as a capacity source (docs/raid-model.md, "When a
 * benchmark is not trusted"): cache-resident or CPU-bound results measure memory, not
 * disks; results far from the model are flagged, never fitted.
 */
public final class TrustVerdicts {

    /** CPU use at or above which block I/O is taken to be CPU-bound (bonnie++ block reads at 99%, published-results C). */
    public static final double CPU_BOUND_PERCENT = 95;
    /** Below this measured/model ratio a result is model-suspect (a PERC RAID10 writing at a fifth of its expectation). */
    public static final double MODEL_RATIO_LOW = 0.5;
    /** Above this measured/model ratio a result is model-suspect (caches, wrong target details). */
    public static final double MODEL_RATIO_HIGH = 1.5;

    static final String CACHE = "cache: ";
    static final String CPU = "cpu: ";
    static final String TOO_FAST = "too fast: ";
    static final String MODEL = "model: ";

    private TrustVerdicts() {
    }

    /**
     * Sets verdict, reasons and model ratio from the profile's own fields, what the raw
     * output showed, and the member disk to hold it against (null: no model check).
     */
    public static BenchmarkResult assess(BenchmarkResult p, OutputSignals signals, DiskProfile memberDisk) {
        List<String> reasons = new ArrayList<>();
        if (signals.cpuPercent() != null && signals.cpuPercent() >= CPU_BOUND_PERCENT) {
            reasons.add(CPU + String.format(Locale.ROOT, "%.0f%% CPU during the measured phase: bound by the CPU and page cache, not the disks",
                    signals.cpuPercent()));
        }
        for (String metric : signals.tooFast()) {
            reasons.add(TOO_FAST + p.tool().name().toLowerCase(Locale.ROOT) + " could not time " + metric
                    + " (printed +++++): it finished too quickly to have reached the disks");
        }
        cacheResident(p, signals.writesFlushed()).ifPresent(reasons::add);
        return withModel(p, reasons, memberDisk);
    }

    /**
     * Holds a stored profile against another member disk: keeps every reason that came from
     * the output and the profile's own fields, and redoes only the model comparison.
     */
    public static BenchmarkResult recheck(BenchmarkResult p, DiskProfile memberDisk) {
        List<String> kept = new ArrayList<>();
        for (String r : p.verdictReasons()) {
            if (!r.startsWith(MODEL)) {
                kept.add(r);
            }
        }
        return withModel(p, kept, memberDisk);
    }

    private static BenchmarkResult withModel(BenchmarkResult p, List<String> reasons, DiskProfile disk) {
        ModelComparison mc = compareWithModel(p, disk);
        Double ratio = mc.ratio();
        if (ratio != null && (ratio < MODEL_RATIO_LOW || ratio > MODEL_RATIO_HIGH)) {
            reasons.add(MODEL + mc.describe());
        }
        Verdict v = Verdict.TRUSTED;
        for (String r : reasons) {
            if (r.startsWith(MODEL)) {
                v = v == Verdict.TRUSTED ? Verdict.MODEL_SUSPECT : v;
            } else {
                v = Verdict.CACHE_SUSPECT;
            }
        }
        return p.toBuilder().verdict(v).verdictReasons(reasons).modelRatio(ratio).build();
    }

    private static Optional<String> cacheResident(BenchmarkResult p, boolean writesFlushed) {
        if (p.fileSizeBytes() == null || p.ramBytes() == null || p.fileSizeBytes() > p.ramBytes() || Boolean.TRUE.equals(p.direct())) {
            return Optional.empty();
        }
        boolean writeOnly = p.readFraction() != null ? p.readFraction() == 0 : isZero(p.readIops()) && isZero(p.readBytesPerSec());
        if (writeOnly && writesFlushed) {
            return Optional.empty();
        }
        return Optional.of(CACHE + "the " + bytes(p.fileSizeBytes()) + " data set fits in " + bytes(p.ramBytes())
                + " of RAM and the I/O was " + (p.direct() == null ? "not known to bypass the page cache" : "buffered"));
    }

    private static boolean isZero(Double d) {
        return d == null || d == 0;
    }

    /**
     * The profile's headline figure against the model of the same array on {@code disk}:
     * random IOPS at its read fraction, request size and outstanding requests, or the
     * sequential rate of its one direction.
     */
    public static ModelComparison compareWithModel(BenchmarkResult p, DiskProfile disk) {
        if (disk == null) {
            return ModelComparison.skipped("no member-disk profile to compare with");
        }
        if (p.pattern() == null) {
            return ModelComparison.skipped("the output does not say whether the access was random or sequential");
        }
        if (p.pattern() == IoPattern.APPLICATION) {
            return ModelComparison.skipped("an application benchmark depends on latency, not only capacity (docs/raid-model.md)");
        }
        if (p.pattern() == IoPattern.MIXED) {
            return ModelComparison.skipped("mixed random and sequential access is not in the capacity model");
        }
        if (p.level() == null || p.disks() == null) {
            return ModelComparison.skipped("the array level and disk count are not known");
        }
        RaidLayout layout;
        try {
            layout = layoutOf(p);
        } catch (IllegalArgumentException e) {
            return ModelComparison.skipped("the target is not a valid array: " + e.getMessage());
        }
        RaidModel model = new RaidModel(layout, disk);
        String basis = layout.describe() + ", member disk " + disk.id();
        if (p.pattern() == IoPattern.SEQUENTIAL) {
            boolean reads = positive(p.readBytesPerSec());
            boolean writes = positive(p.writeBytesPerSec());
            if (reads && writes) {
                return ModelComparison.skipped("sequential reads and writes together (bonnie++ rewrite) are not in the capacity model");
            }
            if (reads) {
                int streams = p.jobs() == null ? 1 : p.jobs();
                return new ModelComparison(p.readBytesPerSec(), model.sequentialReadMBps(streams) * 1e6, "sequential read", true, basis, null);
            }
            if (writes) {
                return new ModelComparison(p.writeBytesPerSec(), model.sequentialWriteMBps() * 1e6, "sequential write", true, basis, null);
            }
            return ModelComparison.skipped("no sequential rate was measured");
        }
        Double total = p.totalIops();
        if (total == null || total == 0) {
            return ModelComparison.skipped("no IOPS were measured");
        }
        if (p.readFraction() == null || p.blockSizeBytes() == null) {
            return ModelComparison.skipped("the read fraction or request size is not known");
        }
        Integer outstanding = p.outstanding();
        if (outstanding == null) {
            return ModelComparison.skipped("the queue depth or job count is not known");
        }
        double expected = model.randomIops(p.readFraction(), p.blockSizeBytes(), outstanding);
        String metric = String.format(Locale.ROOT, "random IOPS at %.0f%% reads, %s requests, %d outstanding",
                p.readFraction() * 100, bytes(p.blockSizeBytes()), outstanding);
        return new ModelComparison(total, expected, metric, false, basis, null);
    }

    private static RaidLayout layoutOf(BenchmarkResult p) {
        if (p.level() == RaidLevel.RAID10) {
            LayoutSpec spec = LayoutSpec.parse(RaidLevel.RAID10, p.layout());
            return RaidLayout.raid10(spec.raid10(), spec.copies(), p.disks());
        }
        return RaidLayout.of(p.level(), p.disks());
    }

    private static boolean positive(Double d) {
        return d != null && d > 0;
    }

    /** "256 MiB", "24 GiB", "4 KiB": binary units, as messages and notes print sizes. */
    public static String bytes(long b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = b;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v)) + " " + units[u];
    }
}
