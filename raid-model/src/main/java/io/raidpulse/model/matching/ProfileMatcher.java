package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.LayoutSpec;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.capacity.RaidLevel;
import io.raidpulse.model.capacity.RaidModel;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.profile.BenchmarkResult;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.model.profile.SingleDiskProfiles;
import io.raidpulse.model.profile.Verdict;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Picks the capacity source for a live array (docs/raid-model.md#choosing-a-capacity-source):
 * a trusted benchmark of the same array and workload; else the model over a profile of the
 * member disk; else the model over a disk-class default. Suspect profiles are never a
 * capacity source.
 */
public final class ProfileMatcher {

    /** Read fractions this far apart still describe the same mix. */
    public static final double READ_FRACTION_TOLERANCE = 0.1;
    /** A benchmark's per-member queue within this factor of the members' aqu-sz counts as near. */
    public static final double QUEUE_DEPTH_FACTOR = 2;
    /** Characters of the SCSI INQUIRY product identification, all sysfs shows of a SATA or SAS disk's model. */
    static final int SCSI_PRODUCT_ID = 16;
    /** Outstanding requests at which capacity is taken for {@link #use}: enough to keep every member busy. */
    private static final double SATURATED = Double.POSITIVE_INFINITY;
    /** Disk models whose member disk derivations a matcher keeps. */
    private static final int MAX_DERIVED_MODELS = 1024;

    /** benchmarks an array's capacity may come from */
    private final List<BenchmarkResult> profiles;
    private final List<DiskProfile> disks;
    /** benchmarks a member disk profile may be derived from: every profile, whichever array they may match */
    private final List<BenchmarkResult> diskBenchmarks;
    /** {@link #derivedDisks} by disk model as the live array reports it */
    private final Map<String, DerivedDisks> derivedByModel = new ConcurrentHashMap<>();

    /**
     * @param profiles benchmark profiles to match (user imports and the built-in catalog)
     * @param disks    member-disk profiles known by disk model
     */
    public ProfileMatcher(Collection<BenchmarkResult> profiles, Collection<DiskProfile> disks) {
        this(List.copyOf(profiles), List.copyOf(disks), List.copyOf(profiles));
    }

    private ProfileMatcher(List<BenchmarkResult> profiles, List<DiskProfile> disks, List<BenchmarkResult> diskBenchmarks) {
        this.profiles = profiles;
        this.disks = disks;
        this.diskBenchmarks = diskBenchmarks;
    }

    /**
     * This matcher for a hardware RAID volume behind {@code controller}: a benchmark of an array is its
     * capacity only when it was taken on the same controller ({@link #sameController}; one that names no
     * controller does not count), since what a controller's cache and firmware make of the level's
     * member I/Os is the controller's own, and neither an md array's figures nor another controller's
     * say it. For the same reason a benchmark of the controller that the model finds suspect (measured /
     * model outside 0.5-1.5: controller policy, a write-back cache) is its capacity all the same: that
     * departure is what it measured; one suspect of measuring a cache or the CPU stays out (plan weighs
     * a volume's layouts the same way). Single-disk benchmarks of the member disk model still give the
     * member disk for the model. With {@code controller} null no benchmark of an array matches.
     */
    public ProfileMatcher forController(String controller) {
        List<BenchmarkResult> same = controller == null ? List.of()
                : profiles.stream().filter(p -> p.controller() != null && sameController(p.controller(), controller))
                .map(p -> p.verdict() == Verdict.MODEL_SUSPECT ? p.toBuilder().verdict(Verdict.TRUSTED).build() : p).toList();
        return new ProfileMatcher(same, disks, diskBenchmarks);
    }

    /** The capacity of the live array for its load shape, from the best source there is. */
    public CapacityChoice choose(LiveLoad load) {
        Optional<BenchmarkResult> measured = matchingProfile(load);
        if (measured.isPresent()) {
            BenchmarkResult p = measured.get();
            String label = measuredLabel(p);
            if (load.pattern() == IoPattern.SEQUENTIAL) {
                return new CapacityChoice(CapacitySource.MEASURED_PROFILE, label, load.pattern(), null, null,
                        orZero(p.readBytesPerSec()), orZero(p.writeBytesPerSec()), p, null);
            }
            return new CapacityChoice(CapacitySource.MEASURED_PROFILE, label, load.pattern(),
                    orZero(p.readIops()), orZero(p.writeIops()), null, null, p, null);
        }
        MemberDisk member = memberDisk(load);
        RaidModel model = new RaidModel(load.layout(), member.disk());
        String label = modelLabel(load.layout(), member);
        double f = load.readFraction();
        if (load.pattern() == IoPattern.SEQUENTIAL) {
            double total = 1 / (f / (model.sequentialReadMBps() * 1e6) + (1 - f) / (model.sequentialWriteMBps() * 1e6));
            return new CapacityChoice(member.source(), label, load.pattern(), null, null, f * total, (1 - f) * total, null, member.disk());
        }
        double total = model.randomIops(f, load.requestBytes(), Math.max(1, load.arrayQueueDepth()));
        return new CapacityChoice(member.source(), label, load.pattern(), f * total, (1 - f) * total, null, null, null, member.disk());
    }

    /**
     * How much of the array's saturated capacity a live load of {@code readsPerSec} reads of
     * {@code readBytes} and {@code writesPerSec} writes of {@code writeBytes} uses, per direction.
     * From the model over the member disk, U = (R tr + W tw) / n (docs/raid-model.md#capacity-under-a-mix); when a trusted
     * benchmark of the same array and workload matches, the model's capacities are scaled by
     * measured / model at the benchmark's own read fraction, request size and outstanding
     * requests, so the total is the share of the benchmarked capacity and the split between
     * reads and writes follows the model's member costs.
     */
    public CapacityUse use(LiveLoad load, double readsPerSec, double writesPerSec, long readBytes, long writeBytes) {
        return use(load, readsPerSec, writesPerSec, readBytes, writeBytes, null);
    }

    /**
     * {@link #use(LiveLoad, double, double, long, long)}, with {@code measuredMember} (a member disk
     * measured on the array's own members; null when none) taking the place of the disk-class
     * default: below a trusted benchmark and a profile of the disk model, above the default.
     */
    public CapacityUse use(LiveLoad load, double readsPerSec, double writesPerSec, long readBytes, long writeBytes,
                           DiskProfile measuredMember) {
        if (readsPerSec < 0 || writesPerSec < 0 || readBytes <= 0 || writeBytes <= 0) {
            throw new IllegalArgumentException("rates must not be negative and request sizes must be positive");
        }
        MemberDisk member = memberDisk(load);
        if (member.source() == CapacitySource.DISK_CLASS_DEFAULT && measuredMember != null) {
            member = new MemberDisk(measuredMember, CapacitySource.MEASURED_MEMBERS);
        }
        RaidModel model = new RaidModel(load.layout(), member.disk());
        boolean sequential = load.pattern() == IoPattern.SEQUENTIAL;
        // saturated: every member busy (C = n/t); reads and writes of the load's own sizes
        double readCapacity = sequential ? model.sequentialReadMBps() * 1e6 : model.randomReadIops(readBytes, SATURATED);
        double writeCapacity = sequential ? model.sequentialWriteMBps() * 1e6 : model.randomWriteIops(writeBytes, SATURATED);
        double reads = sequential ? readsPerSec * readBytes : readsPerSec;
        double writes = sequential ? writesPerSec * writeBytes : writesPerSec;
        Optional<BenchmarkResult> measured = matchingProfile(load);
        if (measured.isEmpty()) {
            return new CapacityUse(member.source(), member.disk().id(), modelLabel(load.layout(), member), load.pattern(),
                    readCapacity, writeCapacity, reads / readCapacity, writes / writeCapacity, 1, member.disk());
        }
        BenchmarkResult p = measured.get();
        double calibration = measuredOverModel(p, model);
        return new CapacityUse(CapacitySource.MEASURED_PROFILE, p.id(), measuredLabel(p), load.pattern(),
                readCapacity * calibration, writeCapacity * calibration,
                reads / (readCapacity * calibration), writes / (writeCapacity * calibration), calibration, member.disk());
    }

    /**
     * The benchmark's headline against the model of the same array at the benchmark's own conditions: the factor
     * {@link #use} scales the model's capacities by.
     */
    public static double measuredOverModel(BenchmarkResult p, RaidModel model) {
        double f = p.readFraction();
        if (p.pattern() == IoPattern.SEQUENTIAL) {
            int streams = p.jobs() == null ? 1 : p.jobs();
            double expected = 1 / (f / (model.sequentialReadMBps(streams) * 1e6) + (1 - f) / (model.sequentialWriteMBps() * 1e6));
            return (orZero(p.readBytesPerSec()) + orZero(p.writeBytesPerSec())) / expected;
        }
        Integer outstanding = p.outstanding();
        double expected = model.randomIops(f, p.blockSizeBytes(), outstanding == null ? SATURATED : outstanding);
        return p.totalIops() / expected;
    }

    private static String measuredLabel(BenchmarkResult p) {
        return String.format(Locale.ROOT, "measured: %s (%s%s, %s)", p.id(), p.tool().name().toLowerCase(Locale.ROOT),
                p.toolVersion() == null ? "" : " " + p.toolVersion(), p.source() == null ? "imported" : p.source());
    }

    private static String modelLabel(RaidLayout layout, MemberDisk member) {
        return (member.source() == CapacitySource.DISK_CLASS_DEFAULT
                ? "model: " + layout.describe() + " over the disk-class default " + member.disk().id() + " (no benchmark of these disks; "
                : member.source() == CapacitySource.MEASURED_MEMBERS
                ? "model: " + layout.describe() + " over member disk " + member.disk().id() + " measured on the array's own members ("
                : "model: " + layout.describe() + " over member disk " + member.disk().id() + " (")
                + member.disk().source() + ")";
    }

    /**
     * The trusted profile of the same level, layout, disk count, disk model and kind (spinning
     * or solid state; each when both sides are known) and access pattern, read fraction within {@link #READ_FRACTION_TOLERANCE}, request
     * size in the same power-of-two bucket, and per-member queue within
     * {@link #QUEUE_DEPTH_FACTOR} of the members' aqu-sz; the nearest queue depth wins.
     */
    public Optional<BenchmarkResult> matchingProfile(LiveLoad load) {
        return profiles.stream()
                .filter(p -> p.verdict() == Verdict.TRUSTED)
                .filter(p -> sameArray(p, load.layout()))
                .filter(p -> sameModel(p.diskModel(), load.diskModel()))
                .filter(p -> p.rotational() == null || load.rotational() == null || p.rotational().equals(load.rotational()))
                .filter(p -> p.pattern() == load.pattern())
                .filter(p -> p.readFraction() != null && Math.abs(p.readFraction() - load.readFraction()) <= READ_FRACTION_TOLERANCE)
                .filter(p -> p.blockSizeBytes() != null && bucket(p.blockSizeBytes()) == bucket(load.requestBytes()))
                .filter(p -> hasCapacity(p, load.pattern()))
                .filter(p -> queueDistance(p, load) <= Math.log(QUEUE_DEPTH_FACTOR))
                .min(Comparator.comparingDouble((BenchmarkResult p) -> queueDistance(p, load))
                        .thenComparingDouble(p -> Math.abs(p.readFraction() - load.readFraction())));
    }

    /**
     * The member disk for the model: a known profile of the live disk model, else one derived
     * from trusted single-disk benchmarks of it, else the disk-class default.
     */
    public MemberDisk memberDisk(LiveLoad load) {
        String model = load.diskModel();
        if (model != null) {
            for (DiskProfile d : disks) {
                if (sameModel(d.model(), model) && d.model() != null) {
                    return new MemberDisk(d, CapacitySource.SINGLE_DISK_MODEL);
                }
            }
            Optional<DiskProfile> derived = derivedDisks(model).derive(load.requestBytes());
            if (derived.isPresent()) {
                return new MemberDisk(derived.get(), CapacitySource.SINGLE_DISK_MODEL);
            }
        }
        return new MemberDisk(DiskClass.guess(load.rotational(), load.deviceName()).defaults(), CapacitySource.DISK_CLASS_DEFAULT);
    }

    /** Single-disk benchmarks of one disk model and what {@link SingleDiskProfiles#derive} made of them, by request size. */
    private record DerivedDisks(String model, List<BenchmarkResult> ofModel, Set<Long> blockSizes, Map<Long, Optional<DiskProfile>> byBlock) {
        /** Beyond an exact block size of one of the benchmarks, the request size does not change what is derived. */
        private static final long OTHER_SIZE = -1;

        Optional<DiskProfile> derive(long requestBytes) {
            if (ofModel.isEmpty()) {
                return Optional.empty();
            }
            long block = blockSizes.contains(requestBytes) ? requestBytes : OTHER_SIZE;
            return byBlock.computeIfAbsent(block, b -> SingleDiskProfiles.derive("derived-" + model.trim().replaceAll("\\s+", "-"),
                    model.trim() + " from single-disk benchmarks", ofModel, b));
        }
    }

    /**
     * The member disk derivations of {@code model}, found once per model for the life of this matcher (the capacity comparison asks
     * for every array's window; deriving each time was a hundredth of the stream thread). A fleet with more disk models than
     * {@link #MAX_DERIVED_MODELS} derives the rest on every call.
     */
    private DerivedDisks derivedDisks(String model) {
        DerivedDisks known = derivedByModel.get(model);
        if (known != null) {
            return known;
        }
        List<BenchmarkResult> ofModel = diskBenchmarks.stream().filter(p -> p.diskModel() != null && sameModel(p.diskModel(), model)).toList();
        Set<Long> blockSizes = new HashSet<>();
        ofModel.forEach(p -> {
            if (p.blockSizeBytes() != null) {
                blockSizes.add(p.blockSizeBytes());
            }
        });
        DerivedDisks made = new DerivedDisks(model, ofModel, Set.copyOf(blockSizes), new ConcurrentHashMap<>());
        if (derivedByModel.size() < MAX_DERIVED_MODELS) {
            derivedByModel.putIfAbsent(model, made);
        }
        return made;
    }

    private static boolean sameArray(BenchmarkResult p, RaidLayout live) {
        if (p.level() != live.level() || p.disks() == null || p.disks() != live.disks()) {
            return false;
        }
        if (live.level() != RaidLevel.RAID10) {
            // raid5/6 parity placement does not change capacity in the model
            return true;
        }
        try {
            LayoutSpec spec = LayoutSpec.parse(RaidLevel.RAID10, p.layout());
            return spec.raid10() == live.layout() && spec.copies() == live.copies();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean sameModel(String a, String b) {
        return a == null || b == null || sameDiskModel(a, b);
    }

    /**
     * Whether two disk model strings name the same model: equal but for case and surrounding
     * space, or one is the other cut to {@link #SCSI_PRODUCT_ID} characters, as sysfs
     * {@code device/model} shows SATA and SAS disks (the SCSI INQUIRY product identification,
     * scsi_sysfs.c "%.16s": "ST16000NM001G-2K" for an ST16000NM001G-2KK103) while lsblk, smartctl
     * and data sheets give the whole name.
     */
    public static boolean sameDiskModel(String a, String b) {
        String x = a.trim().toLowerCase(Locale.ROOT);
        String y = b.trim().toLowerCase(Locale.ROOT);
        if (x.equals(y)) {
            return true;
        }
        String shorter = x.length() < y.length() ? x : y;
        String longer = shorter == x ? y : x;
        return shorter.length() == SCSI_PRODUCT_ID && longer.startsWith(shorter);
    }

    /**
     * Whether two controller names name the same controller: equal but for case, spacing and remarks in
     * parentheses, or one is the other after one more word, its vendor's name ("DELL PERC H700", the SCSI
     * INQUIRY vendor and product a volume reports when its controller is not declared, against "PERC H700"
     * a benchmark was imported with; "Dell PERC 5/i (hardware RAID, 256 MB write-back cache)" against
     * "PERC 5/i").
     */
    public static boolean sameController(String a, String b) {
        String x = controllerName(a);
        String y = controllerName(b);
        if (x.isEmpty() || y.isEmpty()) {
            return false;
        }
        if (x.equals(y)) {
            return true;
        }
        String shorter = x.length() < y.length() ? x : y;
        String longer = shorter == x ? y : x;
        return longer.endsWith(" " + shorter) && longer.indexOf(' ') == longer.length() - shorter.length() - 1;
    }

    /* Lower case, without remarks in parentheses, single spaces. */
    private static String controllerName(String name) {
        return name.replaceAll("\\([^)]*\\)", " ").trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static boolean hasCapacity(BenchmarkResult p, IoPattern pattern) {
        if (pattern == IoPattern.SEQUENTIAL) {
            return orZero(p.readBytesPerSec()) + orZero(p.writeBytesPerSec()) > 0;
        }
        Double total = p.totalIops();
        return total != null && total > 0;
    }

    /* |ln(benchmark's outstanding per member / members' aqu-sz)|; when either is unknown, the farthest still accepted. */
    private static double queueDistance(BenchmarkResult p, LiveLoad load) {
        Integer outstanding = p.outstanding();
        Double live = load.memberQueueDepth();
        if (outstanding == null || live == null || live <= 0) {
            return Math.log(QUEUE_DEPTH_FACTOR);
        }
        return Math.abs(Math.log((double) outstanding / p.disks() / live));
    }

    private static int bucket(long bytes) {
        return 63 - Long.numberOfLeadingZeros(bytes);
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }
}
