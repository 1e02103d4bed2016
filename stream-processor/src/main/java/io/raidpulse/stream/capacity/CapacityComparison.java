package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.ArrayShape;
import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.catalog.DiskClass;
import io.raidpulse.model.matching.AlternativeLayouts;
import io.raidpulse.model.matching.CapacitySource;
import io.raidpulse.model.matching.CapacityUse;
import io.raidpulse.model.matching.Layouts;
import io.raidpulse.model.matching.LiveLoad;
import io.raidpulse.model.matching.ProfileMatcher;
import io.raidpulse.model.matching.Projection;
import io.raidpulse.model.matching.WindowRequests;
import io.raidpulse.model.profile.IoPattern;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.TwoInputs;
import io.raidpulse.stream.intake.Observation;
import io.raidpulse.stream.state.DecodedStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live comparison with benchmarked capacity, per array and closed window: fills the array
 * aggregates' shape ({@code level}, {@code layout}, {@code raid_disks}, ...) and capacity fields
 * ({@code capacity_source}, {@code capacity_util} per direction and in total, {@code headroom},
 * {@code projections}) from the window's own load (mean r/s, w/s and request sizes) and the
 * array's best capacity source ({@link io.raidpulse.model.matching.ProfileMatcher#use}), the
 * member capacity measured on this host's members of the array's disk model taking the place of a
 * disk-class default ({@link MemberCapacity}); a source the window's own measurement contradicts is
 * named in {@code capacity_contradicted} and not used. A hardware RAID volume's windows get what was
 * declared of it and its capacity from a benchmark of its controller, what it served when saturated,
 * or the model ({@link #compareVolume}). Then passes every aggregate on.
 *
 * <p>Two inputs: the observations (each host's array shapes, the leaf disks' model and kind, and
 * its hardware volumes, kept in this processor's store, one entry per host, written only when a
 * shape changes) and the aggregates. Benchmark profiles come from the global store of the
 * benchmarks topic.
 */
public final class CapacityComparison implements Processor<String, TwoInputs<Observation, Aggregate>, String, Aggregate> {
    public static final String STORE = "capacity-shapes";
    /**
     * Busiest member util (%, the window's mean) below which an array is not over capacity whatever a
     * profile says: a capacity_util above 1 under it is the profile's error, not the array's state.
     */
    static final double OVER_CAPACITY_UTIL = 90;
    /**
     * Points (of 100) a disk-class default or the learned member capacity may differ from the members'
     * measured mean util in a window before that window's own measurement is taken instead: the
     * default is a queue-depth-1 spec figure, a guess until measured; the learned figure stands for
     * windows that cannot be measured themselves.
     */
    static final double AGREEMENT_POINTS = 10;
    /**
     * A hardware RAID volume's mean aqu-sz (requests in flight on the volume, the window's mean) below
     * which it is not over capacity whatever a source says: a volume past its capacity has requests
     * arriving faster than it completes them, so they wait and at least one is in flight all the time
     * (its disks busy at once hold one each); with fewer than one on average it stood idle part of the
     * window. The bound holds whatever the controller's cache does: a write-back cache completes writes
     * at once and keeps the volume's queue short while its disks are busy, so a bound of one request per
     * disk would contradict sources that are right; below one request nothing is waiting at all.
     */
    static final double OVER_CAPACITY_QUEUE = 1;
    /**
     * Mean util (%) from which a hardware RAID volume's window may be saturated ({@link #saturatedVolume}): the
     * volume had a request outstanding all but a few seconds of the minute, so what it completed is a minute of
     * serving, not of waiting for work. Alone it says little (one request at a time keeps a volume 100% busy).
     */
    static final double SATURATED_VOLUME_UTIL = 95;

    /**
     * Requests in flight per declared disk from which a hardware RAID volume's window may be saturated
     * ({@link #saturatedVolume}). Each disk behind the controller must have a request to serve all the minute, and the
     * controller places requests where the layout puts their blocks, at random for random I/O: with k requests on n
     * disks a disk has none with probability (1 - 1/n)^k, a third of the time (0.32 for 4 disks) at one request per
     * disk, a tenth (0.10) at two, so two per disk keep the figure learned from such a minute within the spread the
     * learned figure shows anyway (and a minute not quite saturated can only make it lower, never promise more).
     */
    static final double SATURATED_VOLUME_QUEUE_PER_DISK = 2;

    /**
     * Whether a hardware RAID volume's window shows it serving all it can: util at least {@link #SATURATED_VOLUME_UTIL}
     * and a mean queue (aqu-sz) at least {@link #SATURATED_VOLUME_QUEUE_PER_DISK} per declared disk, so that every disk
     * behind the controller has a request to serve nearly all the minute: more requests waiting would not be served
     * faster, and the window's throughput is the volume's capacity for its pattern and size. Both are needed: the lab's
     * saturated minutes (PERC H700 599 r/s, PERC 5/i 572 r/s) show util 99.6 with 60 in flight for 4 disks, while its
     * minutes below the volume's rate show a queue of 6 to 73 with util 38 to 84 (a burst waited, then the volume idled;
     * the 5/i's write-back cache taking writes) or util 53 with 1.2 in flight; and util alone says little (one request at
     * a time keeps a volume 100% busy).
     */
    static boolean saturatedVolume(Aggregate a, int disks) {
        return a.getUtilMean() >= SATURATED_VOLUME_UTIL && a.getAquSzMean() >= SATURATED_VOLUME_QUEUE_PER_DISK * disks;
    }

    private static final Logger log = LoggerFactory.getLogger(CapacityComparison.class);

    private final CapacitySettings settings;
    private final long learnWindowMs;
    private ProcessorContext<String, Aggregate> context;
    private KeyValueStore<String, HostShapes> store;
    private ProfileCatalog catalog;

    /** @param learnWindowMs the smallest aggregate window: the one member capacity is learned from */
    public CapacityComparison(CapacitySettings settings, long learnWindowMs) {
        this.settings = settings;
        this.learnWindowMs = learnWindowMs;
    }

    public static StoreBuilder<KeyValueStore<String, HostShapes>> storeBuilder() {
        return DecodedStore.builder(STORE, Serdes.String(), HostShapes.SERDE);
    }

    @Override
    public void init(ProcessorContext<String, Aggregate> context) {
        this.context = context;
        this.store = context.getStateStore(STORE);
        this.catalog = new ProfileCatalog(context.getStateStore(ProfileStore.STORE));
    }

    @Override
    public void process(Record<String, TwoInputs<Observation, Aggregate>> record) {
        record.value().to(this::learn, a -> context.forward(record.withValue(compare(a))));
    }

    private void learn(Observation o) {
        if (o.late()) {
            return;
        }
        HostShapes now = HostShapes.of(o.sample());
        HostShapes before = store.get(o.host());
        if (before == null ? !now.noSubjects() : !before.sameSubjects(now)) {
            store.put(o.host(), before == null ? now : before.withShapesOf(now, o.time()));
        }
    }

    private Aggregate compare(Aggregate window) {
        if (window.getSubjectKind() == SubjectKind.HARDWARE) {
            return compareVolume(window);
        }
        if (window.getSubjectKind() != SubjectKind.ARRAY) {
            return window;
        }
        Aggregate a = filledCopy(window);
        HostShapes shapes = store.get(a.getHost());
        // the shape of the window's time: it closes up to a window and the grace after its samples
        ArrayShape shape = shapes == null ? null
                : shapes.shapeAt(a.getSubject(), a.getWindowStart().toEpochMilli(), a.getWindowEnd().toEpochMilli());
        if (shape == null) {
            return a;
        }
        setShape(a, shape);
        Optional<RaidLayout> layout = shape.raidLayout();
        double reads = a.getRIops();
        double writes = a.getWIops();
        if (!settings.enabled() || layout.isEmpty() || !(reads + writes > 0)) {
            return a;
        }
        // sizes and pattern as plan reads a window of the history (WindowRequests: at least one sector each)
        WindowRequests requests = WindowRequests.of(reads, writes, a.getRkBS(), a.getWkBS());
        long readBytes = requests.readBytes();
        long writeBytes = requests.writeBytes();
        long meanBytes = requests.meanBytes();
        IoPattern pattern = requests.pattern();
        RaidLayout current = layout.get();
        boolean sequential = requests.sequential();
        DiskProfile classDefault = DiskClass.guess(shape.rotational(), shape.device()).defaults();
        String measuredId = a.getHost() + "/" + HostShapes.modelKey(shape.diskModel());
        try {
            LiveLoad load = new LiveLoad(current, shape.diskModel(), shape.rotational(), shape.device(), pattern,
                    reads / (reads + writes), meanBytes, a.getAquSzMean() * current.disks(), a.getAquSzMean());
            Optional<MemberCapacity> evidence = MemberCapacity.of(a, sequential).map(raw -> inModelTerms(raw, a, load, reads, writes,
                    readBytes, writeBytes, m -> m.disk(measuredId, shape.diskModel(), shape.rotational(), classDefault)));
            MemberCapacity learned = learnFrom(a, shapes, shape, evidence);
            DiskProfile measured = learned == null ? null : learned.disk(measuredId, shape.diskModel(), shape.rotational(), classDefault);
            CapacityUse use = catalog.matcher().use(load, reads, writes, readBytes, writeBytes, measured);
            // the member capacity behind a measured source: the learned figures or this window's own
            MemberCapacity basis = learned;
            if (use.source() == CapacitySource.MEASURED_MEMBERS && evidence.isPresent() && apartFromMembers(use, a)) {
                // a load the learned figure does not describe (another size or mix; solid state at saturation, whose
                // completions per busy second keep growing): this window's own measurement of the same members
                use = measuredUse(load, reads, writes, readBytes, writeBytes,
                        evidence.get().disk(measuredId, shape.diskModel(), shape.rotational(), classDefault));
                basis = evidence.get();
            }
            String contradicted = null;
            if (contradicts(use, a, evidence)) {
                contradicted = use.sourceTag();
                // the measurement in front of us instead: the learned figures, else this window's own
                DiskProfile instead = measured != null && use.source() != CapacitySource.MEASURED_MEMBERS ? measured
                        : evidence.map(e -> e.disk(measuredId, shape.diskModel(), shape.rotational(), classDefault)).orElse(null);
                basis = instead == measured ? learned : evidence.orElse(null);
                CapacityUse other = instead == null ? null : measuredUse(load, reads, writes, readBytes, writeBytes, instead);
                if (other != null && instead == measured && evidence.isPresent() && apartFromMembers(other, a)) {
                    other = measuredUse(load, reads, writes, readBytes, writeBytes,
                            evidence.get().disk(measuredId, shape.diskModel(), shape.rotational(), classDefault));
                    basis = evidence.get();
                }
                if (other == null || overCapacityWhileMembersAreNot(other, a)) {
                    log.debug("capacity of {}/{}: {} contradicted by the members' util and nothing measured instead", a.getHost(),
                            a.getSubject(), contradicted);
                    a.setCapacitySource(contradicted);
                    a.setCapacityContradicted(contradicted);
                    return a;
                }
                use = other;
            }
            Map<String, Double> projections = new LinkedHashMap<>();
            for (Projection p : AlternativeLayouts.project(Layouts.currentAndAlternatives(current, settings.moreDisks()), use.memberDisk(),
                    pattern, reads, writes, readBytes, writeBytes, null)) {
                projections.put(Layouts.key(p.layout()), p.memberUtilisation());
            }
            double imbalance = imbalance(use, a);
            a.setCapacitySource(use.sourceTag());
            a.setCapacityContradicted(contradicted);
            a.setCapacityUtil(use.util() * imbalance);
            a.setCapacityReadUtil(use.readUtil() * imbalance);
            a.setCapacityWriteUtil(use.writeUtil() * imbalance);
            a.setHeadroom(1 - use.util() * imbalance);
            a.setProjections(projections);
            howSure(a, use, use.source() == CapacitySource.MEASURED_MEMBERS ? basis : null, basis == learned, sequential);
            return a;
        } catch (IllegalArgumentException e) {
            log.debug("no capacity for {}/{} ({}): {}", a.getHost(), a.getSubject(), current.describe(), e.getMessage());
            return a;
        }
    }

    /** The array's shape in its window: level, layout, disks, chunk, member disk model and kind, member size. */
    private static void setShape(Aggregate a, ArrayShape shape) {
        a.setLevel(shape.level());
        a.setLayout(shape.layout());
        a.setRaidDisks(shape.disks());
        a.setChunkBytes(shape.chunkBytes());
        a.setDiskModel(shape.diskModel());
        a.setRotational(shape.rotational());
        a.setMemberBytes(shape.memberBytes());
    }

    /**
     * A hardware RAID volume's window: what was declared of it (level, layout, disks, disk model,
     * controller and its cache) and its rotational flag, whatever comes next; then, with its level and
     * disks declared, its capacity from the best source there is: a benchmark of its controller, what
     * the volume served in its saturated minutes ({@link #saturatedVolume}, learned per volume in the
     * model's terms), else the model ({@link #volumeUse}). Its members are hidden behind the
     * controller: nothing is measured of them, and the evidence a source is held to is the volume's
     * queue ({@link #OVER_CAPACITY_QUEUE}).
     */
    private Aggregate compareVolume(Aggregate window) {
        Aggregate a = filledCopy(window);
        HostShapes shapes = store.get(a.getHost());
        VolumeShape volume = shapes == null ? null
                : shapes.volumeAt(a.getSubject(), a.getWindowStart().toEpochMilli(), a.getWindowEnd().toEpochMilli());
        if (volume == null) {
            return a;
        }
        ArrayShape shape = volume.arrayShape();
        setShape(a, shape);
        a.setController(volume.controller());
        a.setControllerCache(volume.cache());
        Optional<RaidLayout> layout = shape.raidLayout();
        double reads = a.getRIops();
        double writes = a.getWIops();
        if (!settings.enabled() || !(reads + writes > 0)) {
            return a;
        }
        if (layout.isEmpty()) {
            log.debug("no capacity for {}/{}: level {} of {} disks is not one the model covers (declare collector.hwraid.{}.level and"
                    + " collector.hwraid.{}.disks)", a.getHost(), a.getSubject(), volume.level(), volume.disks(), a.getSubject(), a.getSubject());
            return a;
        }
        RaidLayout current = layout.get();
        WindowRequests requests = WindowRequests.of(reads, writes, a.getRkBS(), a.getWkBS());
        try {
            // the volume's queue is the requests in flight on all its disks together
            LiveLoad load = new LiveLoad(current, volume.diskModel(), volume.rotational(), volume.device(), requests.pattern(),
                    reads / (reads + writes), requests.meanBytes(), a.getAquSzMean(), a.getAquSzMean() / current.disks());
            ProfileMatcher matcher = catalog.matcher(volume.controller());
            CapacityUse use = matcher.use(load, reads, writes, requests.readBytes(), requests.writeBytes());
            boolean sequential = requests.sequential();
            String measuredId = a.getHost() + "/" + a.getSubject();
            DiskProfile fallback = use.memberDisk();
            Optional<MemberCapacity> own = saturatedVolume(a, current.disks())
                    ? volumeEvidence(load, reads, writes, requests, sequential, measuredId, volume, fallback) : Optional.empty();
            MemberCapacity learned = learnVolumeFrom(a, shapes, own);
            // the learned figure for this pattern, ahead of the model; a benchmark of the controller still first
            MemberCapacity basis = own.isPresent() ? own.get() : learned;
            CapacityUse measured = use.source() == CapacitySource.MEASURED_PROFILE || basis == null || basis.figure(sequential) == null ? null
                    : measuredUse(load, reads, writes, requests.readBytes(), requests.writeBytes(),
                    basis.disk(measuredId, volume.diskModel(), volume.rotational(), fallback));
            if (measured != null && !overCapacityWithoutQueue(measured, a)) {
                use = measured;
            } else {
                if (measured != null) {
                    a.setCapacityContradicted(measured.sourceTag());
                }
                use = volumeUse(matcher, load, requests, reads, writes, a);
                if (use == null) {
                    return a;
                }
            }
            Map<String, Double> projections = new LinkedHashMap<>();
            for (Projection p : AlternativeLayouts.project(Layouts.currentAndAlternatives(current, settings.moreDisks()), use.memberDisk(),
                    requests.pattern(), reads, writes, requests.readBytes(), requests.writeBytes(), null)) {
                projections.put(Layouts.key(p.layout()), p.memberUtilisation());
            }
            a.setCapacitySource(use.sourceTag());
            a.setCapacityUtil(use.util());
            a.setCapacityReadUtil(use.readUtil());
            a.setCapacityWriteUtil(use.writeUtil());
            a.setHeadroom(1 - use.util());
            a.setProjections(projections);
            if (use.source() == CapacitySource.MEASURED_MEMBERS) {
                volumeHowSure(a, learned, sequential, volume);
            } else {
                a.setCapacityConfidence(volumeConfidence(use.source(), volume).tag());
            }
            return a;
        } catch (IllegalArgumentException e) {
            log.debug("no capacity for {}/{} ({}): {}", a.getHost(), a.getSubject(), current.describe(), e.getMessage());
            return a;
        }
    }

    /**
     * A volume's capacity, best first: a trusted benchmark of the same controller, level, disks and workload
     * ({@code profile:ID}); else the RAID model for the declared level and disks over a profile of the declared
     * disk model ({@code model:ID}), else over the disk-class default ({@code default:CLASS}). A source that puts
     * the volume over capacity while its queue says it is not ({@link #overCapacityWithoutQueue}) is named in
     * {@code capacity_contradicted} and the next one taken; null (the window with the source and no figures)
     * when the model is contradicted too.
     */
    private static CapacityUse volumeUse(ProfileMatcher matcher, LiveLoad load, WindowRequests requests, double reads, double writes,
                                         Aggregate a) {
        CapacityUse use = matcher.use(load, reads, writes, requests.readBytes(), requests.writeBytes());
        if (!overCapacityWithoutQueue(use, a)) {
            return use;
        }
        String contradicted = use.sourceTag();
        a.setCapacityContradicted(contradicted);
        if (use.source() == CapacitySource.MEASURED_PROFILE) {
            CapacityUse model = matcher.forController(null).use(load, reads, writes, requests.readBytes(), requests.writeBytes());
            if (!overCapacityWithoutQueue(model, a)) {
                return model;
            }
        }
        log.debug("capacity of {}/{}: {} contradicted by the volume's queue (aqu-sz {}) and no other source", a.getHost(), a.getSubject(),
                contradicted, a.getAquSzMean());
        a.setCapacitySource(contradicted);
        return null;
    }

    /**
     * A saturated volume window's figure in the model's terms: the member disk figure ({@code fallback}'s random IOPS at
     * the window's mean request size, or its MB/s for a sequential window) scaled until the model over it puts this
     * window at exactly its capacity (util 1), since a saturated volume served all it can. The factor is the window's
     * throughput over the model's capacity for its pattern and size; scaled a few times because the model's service time
     * is not quite inverse to the figure at request sizes other than the figure's own. Empty when the model cannot say.
     */
    private static Optional<MemberCapacity> volumeEvidence(LiveLoad load, double reads, double writes, WindowRequests requests,
                                                           boolean sequential, String id, VolumeShape volume, DiskProfile fallback) {
        MemberCapacity m = sequential ? new MemberCapacity(null, 0, MemberCapacity.Learned.first(fallback.sequentialMBps()))
                : new MemberCapacity(MemberCapacity.Learned.first(fallback.randomReadIops()), requests.meanBytes(), null);
        for (int i = 0; i < 6; i++) {
            double k = measuredUse(load, reads, writes, requests.readBytes(), requests.writeBytes(),
                    m.disk(id, volume.diskModel(), volume.rotational(), fallback)).util();
            if (!(k > 0) || Double.isInfinite(k)) {
                return Optional.empty();
            }
            if (Math.abs(k - 1) < 1e-4) {
                break;
            }
            m = m.scaledBy(k);
        }
        return Optional.of(m);
    }

    /**
     * The capacity learned of the volume with this window's when it was saturated ({@link #saturatedVolume}), as md's members'
     * ({@link #learnFrom}): smallest windows only, each once; null until a window was saturated.
     */
    private MemberCapacity learnVolumeFrom(Aggregate a, HostShapes shapes, Optional<MemberCapacity> own) {
        MemberCapacity before = shapes.volumeMeasured().get(a.getSubject());
        long end = a.getWindowEnd().toEpochMilli();
        if (own.isEmpty() || a.getWindowS() * 1000L != learnWindowMs || before != null && before.lastWindowEnd() >= end) {
            return before;
        }
        MemberCapacity now = (before == null ? own.get() : before.with(own.get())).learnedAt(end);
        store.put(a.getHost(), shapes.withVolumeMeasured(a.getSubject(), now));
        return now;
    }

    /**
     * A measured volume source's confidence and figure, as {@link #howSure} gives md's: from the learned figure's windows and
     * spread. A write-back cache still caps it at low ({@link #volumeConfidence}): the figure is one equation per window
     * (reads and writes are not told apart, and the lab's saturated windows are reads), so a write's cost is still the
     * level's full penalty over it, which the cache lowers by what only a benchmark of the controller tells.
     */
    private static void volumeHowSure(Aggregate a, MemberCapacity learned, boolean sequential, VolumeShape volume) {
        MemberCapacity.Learned figure = learned == null ? null : learned.figure(sequential);
        int windows = figure == null ? 0 : figure.windows();
        Double uncertainty = figure == null ? null : figure.relativeStandardError();
        CapacityConfidence c = CapacityConfidence.of(CapacitySource.MEASURED_MEMBERS, windows, uncertainty);
        a.setCapacityConfidence((volume.writeBack() ? c.atMost(CapacityConfidence.LOW) : c).tag());
        a.setCapacityLearnedWindows(windows);
        a.setCapacityUncertainty(uncertainty);
        if (figure != null && sequential) {
            a.setCapacityMemberMBS(figure.value());
        } else if (figure != null) {
            a.setCapacityMemberIops(figure.value());
            a.setCapacityMemberRequestKB(learned.requestBytes() / 1024.0);
        }
    }

    /** Whether {@code use} puts the volume over capacity while it held fewer than {@link #OVER_CAPACITY_QUEUE} requests on average. */
    static boolean overCapacityWithoutQueue(CapacityUse use, Aggregate a) {
        return use.util() > 1 && a.getAquSzMean() < OVER_CAPACITY_QUEUE;
    }

    /**
     * How sure a volume's figures are: as its source says ({@link CapacityConfidence#of}), but at most low when the
     * controller caches writes (write-back) and no benchmark of it is the source: the model counts the level's full
     * write penalty, which a write-back cache lowers by what only a benchmark of that controller tells, so its write
     * figures are an upper bound on the write cost.
     */
    static CapacityConfidence volumeConfidence(CapacitySource source, VolumeShape volume) {
        CapacityConfidence c = CapacityConfidence.of(source, 0, null);
        return volume.writeBack() && source != CapacitySource.MEASURED_PROFILE ? c.atMost(CapacityConfidence.LOW) : c;
    }

    /**
     * The member capacity learned on this host for the array's disk model, with this window's when it
     * was busy enough ({@link MemberCapacity#busyEnoughToLearn}); null until some window was. Only
     * windows of the smallest size are learned from (a larger one is its minutes again), and each
     * minute once per disk model: the inner RAID1s of a RAID0 over RAID1 pairs show the same disks'
     * minute as the outer array, and counting it thrice would claim three windows with no spread.
     */
    private MemberCapacity learnFrom(Aggregate a, HostShapes shapes, ArrayShape shape, Optional<MemberCapacity> evidence) {
        String key = HostShapes.modelKey(shape.diskModel());
        MemberCapacity before = shapes.measured().get(key);
        long end = a.getWindowEnd().toEpochMilli();
        if (evidence.isEmpty() || !MemberCapacity.busyEnoughToLearn(a) || a.getWindowS() * 1000L != learnWindowMs
                || before != null && before.lastWindowEnd() >= end) {
            return before;
        }
        MemberCapacity now = (before == null ? evidence.get() : before.with(evidence.get())).learnedAt(end);
        store.put(a.getHost(), shapes.withMeasured(shape.diskModel(), now));
        return now;
    }

    /**
     * How sure the figures are ({@link CapacityConfidence}), and for a measured source the member figure
     * they rest on: its windows, its relative standard error and the figure itself. A figure that is not
     * learned (the window's own measurement standing in, or the disk-class default's figure for the kind
     * the window's pattern never measured) counts as learned from no window.
     */
    static void howSure(Aggregate a, CapacityUse use, MemberCapacity basis, boolean isLearned, boolean sequential) {
        MemberCapacity.Learned figure = basis == null ? null : basis.figure(sequential);
        int windows = figure == null || !isLearned ? 0 : figure.windows();
        Double uncertainty = figure == null ? null : figure.relativeStandardError();
        a.setCapacityConfidence(CapacityConfidence.of(use.source(), windows, uncertainty).tag());
        if (basis == null) {
            return;
        }
        a.setCapacityLearnedWindows(windows);
        a.setCapacityUncertainty(uncertainty);
        if (figure != null && sequential) {
            a.setCapacityMemberMBS(figure.value());
        } else if (figure != null) {
            a.setCapacityMemberIops(figure.value());
            a.setCapacityMemberRequestKB(basis.requestBytes() / 1024.0);
        }
    }

    /**
     * Whether the window's measurement contradicts the capacity {@code use} came from: it says the
     * array is over capacity while the busiest member is below {@link #OVER_CAPACITY_UTIL}; or, for a
     * disk-class default (a spec-sheet guess, not a measurement of these disks), it is more than
     * {@link #AGREEMENT_POINTS} from the members' measured util.
     */
    static boolean contradicts(CapacityUse use, Aggregate a, Optional<MemberCapacity> evidence) {
        if (overCapacityWhileMembersAreNot(use, a)) {
            return true;
        }
        return use.source() == CapacitySource.DISK_CLASS_DEFAULT && evidence.isPresent() && apartFromMembers(use, a);
    }

    /* The model over a measured member disk alone. */
    private static CapacityUse measuredUse(LiveLoad load, double reads, double writes, long readBytes, long writeBytes, DiskProfile disk) {
        return new ProfileMatcher(List.of(), List.of()).use(load, reads, writes, readBytes, writeBytes, disk);
    }

    /*
     * The capacity_util the window would get from use more than AGREEMENT_POINTS from the busiest member's util: the
     * model's even spread more than AGREEMENT_POINTS / imbalance from the members' mean util.
     */
    private static boolean apartFromMembers(CapacityUse use, Aggregate a) {
        return a.getMemberUtilMean() != null && Math.abs(use.util() * imbalance(use, a) * 100 - a.getUtilMean()) > AGREEMENT_POINTS;
    }

    private static boolean overCapacityWhileMembersAreNot(CapacityUse use, Aggregate a) {
        return use.util() * imbalance(use, a) > 1 && a.getUtilMean() < OVER_CAPACITY_UTIL;
    }

    /**
     * How much busier the busiest member was than the members' mean in the window ({@code util_mean /
     * member_util_mean}, at least 1), by which the model's U is multiplied for capacity_util: the model
     * spreads the load evenly, md does not always (a write-mostly RAID1 member that takes no reads, a
     * RAID5's parity of a short stream on one member, a few threads whose requests happen to meet on one
     * disk), and the array is full when its busiest member is. 1 for a trusted benchmark of the array (its
     * figure is md's own spread already), and below {@link MemberCapacity#EVIDENCE_FROM_UTIL} mean util,
     * where a ratio of a few busy seconds is noise.
     */
    static double imbalance(CapacityUse use, Aggregate a) {
        Double mean = a.getMemberUtilMean();
        if (use.source() == CapacitySource.MEASURED_PROFILE || mean == null || mean < MemberCapacity.EVIDENCE_FROM_UTIL) {
            return 1;
        }
        return Math.max(1, a.getUtilMean() / mean);
    }

    /**
     * A window's own measurement in the model's terms: the member figure from the counters scaled so that the
     * model over it predicts the members' measured mean util for this window's load. Member I/Os and bytes per
     * busy second are what the members did; the model counts a layout's member work its own way (a RAID5 member
     * streaming past the parity it skips serves a third more of the media rate than the bytes it reads), and a
     * figure it does not count the same way would put this very window off its own measurement. Scaled a few
     * times: the model's service time is not quite inverse to the figure at request sizes other than the
     * figure's own.
     */
    private static MemberCapacity inModelTerms(MemberCapacity raw, Aggregate a, LiveLoad load, double reads, double writes,
                                               long readBytes, long writeBytes,
                                               Function<MemberCapacity, DiskProfile> disk) {
        double target = a.getMemberUtilMean() / 100;
        MemberCapacity m = raw;
        for (int i = 0; i < 4; i++) {
            double k = measuredUse(load, reads, writes, readBytes, writeBytes, disk.apply(m)).util() / target;
            if (!(k > 0) || Double.isInfinite(k)) {
                return raw;
            }
            if (Math.abs(k - 1) < 1e-4) {
                break;
            }
            m = m.scaledBy(k);
        }
        return m;
    }

    /**
     * The window as this processor passes it on, to be filled with the shape and capacity: a copy, so
     * that what the aggregates processor forwarded is never changed after it. Field by field rather
     * than through a builder, whose deep copy would load generated classes by name (Avro's
     * class-security check); the fields filled here are all replaced, never changed inside.
     */
    private static Aggregate filledCopy(Aggregate window) {
        Aggregate a = new Aggregate();
        for (int i = 0; i < Aggregate.getClassSchema().getFields().size(); i++) {
            a.put(i, window.get(i));
        }
        return a;
    }
}
