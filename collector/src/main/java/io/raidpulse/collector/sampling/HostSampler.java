package io.raidpulse.collector.sampling;

import io.raidpulse.collector.cgroup.AttributionSchedule;
import io.raidpulse.collector.cgroup.AttributionSettings;
import io.raidpulse.collector.cgroup.CgroupHierarchy;
import io.raidpulse.collector.cgroup.DeviceIo;
import io.raidpulse.collector.cgroup.IoAttributor;
import io.raidpulse.collector.filter.DeviceFilter;
import io.raidpulse.collector.hwraid.Declaration;
import io.raidpulse.collector.hwraid.HardwareVolumes;
import io.raidpulse.collector.hwraid.ObservedVolume;
import io.raidpulse.collector.hwraid.ScsiDeviceHealth;
import io.raidpulse.collector.inventory.BlockDevice;
import io.raidpulse.collector.inventory.BlockInventory;
import io.raidpulse.collector.inventory.HostInfo;
import io.raidpulse.collector.iostat.DeviceInterval;
import io.raidpulse.collector.md.ArrayMember;
import io.raidpulse.collector.md.ArrayState;
import io.raidpulse.collector.sample.AttributionStatus;
import io.raidpulse.collector.sample.CounterDeltas;
import io.raidpulse.collector.sample.DeviceKind;
import io.raidpulse.collector.sample.DeviceSample;
import io.raidpulse.collector.sample.HardwareVolume;
import io.raidpulse.collector.sample.HostIdentity;
import io.raidpulse.collector.sample.HostSample;
import io.raidpulse.collector.sample.IoAttribution;
import io.raidpulse.collector.sample.IoConsumer;
import io.raidpulse.collector.sample.IostatMetrics;
import io.raidpulse.collector.sample.MdArray;
import io.raidpulse.collector.sample.MdMember;
import io.raidpulse.collector.sample.MdSource;
import io.raidpulse.collector.sample.SampleEncoding;
import io.raidpulse.md.BlockDeviceKind;
import io.raidpulse.md.DiskStat;
import io.raidpulse.schema.check.SampleLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One sampling cycle: read the roots, compute each device's interval, and build the HostSample.
 * Input that is bad leaves that device or array out of this interval, counts under
 * read_errors by kind, and logs a rate-limited warning. Inventory (kind, size, model...) is
 * rescanned when a device appears that it does not know, and every {@link #INVENTORY_MAX_AGE}.
 */
public final class HostSampler {
    private static final Logger LOG = LoggerFactory.getLogger(HostSampler.class);
    /** How long inventory (sizes, models, holders) is reused before sysfs is scanned again. */
    static final Duration INVENTORY_MAX_AGE = Duration.ofMinutes(5);

    private final Supplier<Reading> reader;
    private final DeviceFilter filter;
    private final HostIdentity identity;
    private final Instant started;
    private final Supplier<Map<String, BlockDevice>> inventory;
    private final LongSupplier nanoTime;
    private final IntervalTracker tracker = new IntervalTracker();
    private final WarningLimiter warnings;
    private final Map<String, Long> readErrors = new TreeMap<>();
    /** The sysfs root hardware RAID volumes are found and their health read under; null: none (the fleet's hosts) */
    private final Path sys;
    private final Map<String, Declaration> declared;
    /** Attributes device I/O to cgroups; null: this sampler's host has no cgroup hierarchy to read (the fleet's) */
    private final IoAttributor attributor;
    /** Which cycles read io.stat; null when there is no attributor */
    private final AttributionSchedule schedule;
    private AttributionStatus attributionLogged;
    private Map<String, BlockDevice> devices = Map.of();
    private HardwareVolumes volumes = HardwareVolumes.NONE;
    private long inventoryAt;

    public HostSampler(RootReader reader, DeviceFilter filter, HostInfo.Identity host, String version, Instant started,
                       BlockInventory inventory, LongSupplier nanoTime) {
        this(reader, filter, host, version, started, inventory, nanoTime, Map.of());
    }

    /** {@code declared}: the hardware RAID volumes the configuration declares (collector.hwraid.*), by device. */
    public HostSampler(RootReader reader, DeviceFilter filter, HostInfo.Identity host, String version, Instant started,
                       BlockInventory inventory, LongSupplier nanoTime, Map<String, Declaration> declared) {
        this(reader, filter, host, version, started, inventory, nanoTime, declared, AttributionSettings.DEFAULTS);
    }

    /** {@code attribution}: how device I/O is attributed to cgroups (collector.attribution.*). */
    public HostSampler(RootReader reader, DeviceFilter filter, HostInfo.Identity host, String version, Instant started,
                       BlockInventory inventory, LongSupplier nanoTime, Map<String, Declaration> declared,
                       AttributionSettings attribution) {
        this(reader::read, filter, host, version, started, inventory::scan, nanoTime, reader.roots().sys(), declared,
                new IoAttributor(new CgroupHierarchy(reader.roots().sys()), attribution));
    }

    /**
     * A sampler over readings and an inventory that come from elsewhere than files: the fleet
     * generator builds them from a simulated host's model, so its samples go through this same code.
     * Its hosts have no hardware RAID volumes.
     */
    public HostSampler(Supplier<Reading> reader, DeviceFilter filter, HostInfo.Identity host, String version, Instant started,
                       Supplier<Map<String, BlockDevice>> inventory, LongSupplier nanoTime) {
        this(reader, filter, host, version, started, inventory, nanoTime, null, Map.of(), null);
    }

    /**
     * A sampler over readings that come from anywhere (raidpulse top --between: two snapshots in
     * turn), hardware RAID volumes found under {@code sys} (null: none), I/O attributed by
     * {@code attributor} (null: not attributed).
     */
    public HostSampler(Supplier<Reading> reader, DeviceFilter filter, HostInfo.Identity host, String version, Instant started,
                       Supplier<Map<String, BlockDevice>> inventory, LongSupplier nanoTime, Path sys, Map<String, Declaration> declared,
                       IoAttributor attributor) {
        this.reader = reader;
        this.attributor = attributor;
        this.schedule = attributor == null ? null : new AttributionSchedule(attributor.settings().interval());
        this.sys = sys;
        this.declared = Map.copyOf(declared);
        this.filter = filter;
        // the stream processor keys by host and refuses a name with '/' (a kernel hostname may hold any byte)
        String name = host.hostname() == null || host.hostname().isBlank() ? "unknown" : host.hostname().replace('/', '_');
        this.identity = new HostIdentity();
        identity.setHostname(name);
        identity.setKernel(host.kernel());
        identity.setOs(host.os());
        identity.setBootId(host.bootId());
        identity.setCollectorVersion(version);
        this.started = started;
        this.inventory = inventory;
        this.nanoTime = nanoTime;
        this.warnings = new WarningLimiter(LOG, Duration.ofMinutes(10), nanoTime);
        this.inventoryAt = nanoTime.getAsLong() - INVENTORY_MAX_AGE.toNanos() - 1;
    }

    public String hostname() {
        return identity.getHostname();
    }

    /** The hardware RAID volumes as of the last inventory scan. */
    public HardwareVolumes volumes() {
        return volumes;
    }

    /**
     * The next sample, numbered {@code sequence}, as Avro's HostSample: {@link #next}, encoded
     * and read back (for the tools, the fleet and the tests; the agent sends {@link #next}'s bytes).
     */
    public io.raidpulse.schema.HostSample sample(long sequence, long spoolDropped) {
        return SampleEncoding.toAvro(next(sequence, spoolDropped));
    }

    /** The next sample, numbered {@code sequence}; {@code spoolDropped} is the spool's count of samples it lost. */
    public HostSample next(long sequence, long spoolDropped) {
        Reading r = reader.get();
        for (Problem p : r.problems()) {
            readErrors.merge(p.kind().key(), 1L, Long::sum);
            warnings.warn(p.kind().key() + ":" + p.subject(), (p.leftOut() ? "skipped input: " : "odd input: ") + p.message());
        }
        IntervalTracker.Step step = tracker.next(r);
        Set<String> members = new HashSet<>();
        for (ArrayState a : r.arrays()) {
            a.members().forEach(m -> members.add(m.device()));
        }
        refreshInventory(r);
        // a hardware RAID volume is always sampled, as md members are: its metrics are its array's
        volumes.volumes().forEach(v -> members.add(v.device()));
        // an interval longer than the stream processor takes (a host paused for days) gives no rates
        Double intervalS = step.intervalCs() == null ? null : step.intervalCs() / 100.0;
        if (intervalS != null && intervalS > SampleLimits.MAX_INTERVAL_S) {
            intervalS = null;
        }
        List<DeviceSample> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (DiskStat d : r.devices()) {
            if (filter.accepts(d.name(), members) && names.add(d.name())) {
                DeviceSample sample = device(d, intervalS == null ? null : step.intervals().get(d.name()));
                String impossible = problem(sample, intervalS);
                if (impossible != null && sample.getMetrics() != null) {
                    // counters that moved beyond any device (garbage, or a kernel's accounting slip): no rates this interval
                    skipped(ErrorKind.DISKSTATS, d.name(), impossible + ": its metrics are left out of this interval");
                    sample = device(d, null);
                    impossible = problem(sample, intervalS);
                }
                if (impossible == null) {
                    out.add(sample);
                } else {
                    skipped(ErrorKind.DISKSTATS, d.name(), impossible + ": left out");
                }
            }
        }
        IoAttribution attribution = attribute(out, members, intervalS);
        List<MdArray> arrays = new ArrayList<>();
        Set<String> arrayNames = new HashSet<>();
        for (ArrayState a : r.arrays()) {
            MdArray array = array(a);
            String impossible = arrayNames.add(a.name()) ? problem(array) : "array " + a.name() + " listed twice";
            if (impossible == null) {
                arrays.add(array);
            } else {
                skipped(a.fromSysfs() ? ErrorKind.MD_SYSFS : ErrorKind.MDSTAT, a.name(), impossible + ": left out of this interval");
            }
        }
        HostSample sample = new HostSample();
        sample.setHost(identity);
        sample.setSequence(sequence);
        sample.setSampleTime(r.readAt());
        sample.setUptimeS(r.uptime() == null ? 0.0 : r.uptime().seconds());
        sample.setIntervalS(intervalS);
        sample.setCollectorStarted(started);
        sample.setDevices(out);
        sample.setArrays(arrays);
        sample.setReadErrors(new TreeMap<>(readErrors));
        sample.setSpoolDropped(spoolDropped);
        sample.setHardwareVolumes(hardwareVolumes());
        sample.setIoAttribution(attribution);
        return sample;
    }

    /** SampleRules' verdict on a device the stream processor would refuse, on the collector's own classes. */
    private static String problem(DeviceSample d, Double intervalS) {
        IostatMetrics m = d.getMetrics();
        CounterDeltas c = d.getDeltas();
        return SampleLimits.deviceProblem(d.getName(), m == null ? null : new double[] {m.getRS(), m.getWS(), m.getDS(), m.getFS(),
            m.getRkBS(), m.getWkBS(), m.getDkBS(), m.getRrqmS(), m.getWrqmS(), m.getDrqmS(), m.getRrqm(), m.getWrqm(), m.getDrqm(),
            m.getRAwait(), m.getWAwait(), m.getDAwait(), m.getFAwait(), m.getRareqSz(), m.getWareqSz(), m.getDareqSz(), m.getAquSz(),
            m.getUtil()}, c == null ? null : new long[] {c.getReads(), c.getReadsMerged(), c.getSectorsRead(), c.getReadMs(),
            c.getWrites(), c.getWritesMerged(), c.getSectorsWritten(), c.getWriteMs(), c.getIoTicksMs(), c.getWeightedMs()}, intervalS);
    }

    /** SampleRules' verdict on an array the stream processor would refuse, on the collector's own classes. */
    private static String problem(MdArray a) {
        return SampleLimits.arrayProblem(a.getName(), a.getDegraded(), a.getRaidDisks(), a.getSyncCompletedPct(), a.getMismatchCnt(),
                a.getSyncSpeedKibS());
    }

    /**
     * Fills the consumers of the devices whose I/O is attributed: md arrays, hardware RAID volumes
     * and standalone disks, not md members nor holding one (a member's I/O is its array's, told
     * by the array's consumers); partitions have none, as io.stat counts whole disks. io.stat is read in
     * the cycles {@link AttributionSchedule} says; a cycle between two readings says BETWEEN_READINGS,
     * and the next reading's consumers cover it. The status changes are logged once each, not every cycle.
     */
    private IoAttribution attribute(List<DeviceSample> out, Set<String> members, Double intervalS) {
        if (attributor == null) {
            return null;
        }
        Set<String> volumes = new HashSet<>();
        this.volumes.volumes().forEach(v -> volumes.add(v.device()));
        // a disk whose partitions are md members is not standalone: its I/O is its arrays'
        Set<String> holdsMembers = new HashSet<>();
        for (String m : members) {
            BlockDevice inv = devices.get(m);
            if (inv != null && inv.parent() != null) {
                holdsMembers.add(inv.parent());
            }
        }
        List<DeviceIo> attributed = new ArrayList<>();
        for (DeviceSample d : out) {
            if (d.getKind() == DeviceKind.MD || volumes.contains(d.getName()) || d.getKind() != DeviceKind.PARTITION
                    && !members.contains(d.getName()) && !holdsMembers.contains(d.getName())) {
                attributed.add(new DeviceIo(d.getName(), d.getMajor(), d.getMinor(), ownIos(d.getDeltas())));
            }
        }
        AttributionSchedule.Span span = schedule.cycle(attributed, intervalS);
        if (span == null) {
            IoAttribution between = new IoAttribution();
            between.setStatus(AttributionStatus.BETWEEN_READINGS);
            return between;
        }
        IoAttributor.Result result = attributor.attribute(span.devices());
        schedule.read(result.attribution().getStatus(), result.attribution().getCgroupsRead(), intervalS == null ? 0 : intervalS);
        for (String p : result.problems()) {
            readErrors.merge(ErrorKind.IO_STAT.key(), 1L, Long::sum);
            warnings.warn(ErrorKind.IO_STAT.key(), "odd input: " + p + " (its I/O is left to its parent cgroup)");
        }
        AttributionStatus status = result.attribution().getStatus();
        if (status != attributionLogged && status != AttributionStatus.FIRST_SAMPLE) {
            if (status == AttributionStatus.ATTRIBUTED) {
                double every = schedule.targetS();
                LOG.info("attributing device I/O to cgroups (cgroup v2 io.stat, {} cgroups read {})",
                        result.attribution().getCgroupsRead(),
                        every == 0 ? "every cycle" : String.format(java.util.Locale.ROOT, "every %.1f s", every));
            } else if (status != AttributionStatus.DISABLED) {
                LOG.warn("no per-service I/O attribution: {}; samples go on without it", result.state().reason());
            }
            attributionLogged = status;
        }
        if (status == AttributionStatus.ATTRIBUTED) {
            result.attribution().setSpanS(span.seconds());
            for (DeviceSample d : out) {
                List<IoConsumer> consumers = result.consumers().get(d.getName());
                String impossible = consumers == null ? null : impossible(consumers, span.seconds());
                if (impossible != null) {
                    // io.stat counters that moved beyond any device (garbage): this device's consumers left out
                    readErrors.merge(ErrorKind.IO_STAT.key(), 1L, Long::sum);
                    warnings.warn(ErrorKind.IO_STAT.key() + ":" + d.getName(), "skipped input: device " + d.getName() + ": "
                            + impossible + ": its consumers are left out of this reading");
                } else if (consumers != null) {
                    d.setConsumers(consumers);
                }
            }
        }
        return result.attribution();
    }

    /** What no device can have done in the span (SampleRules' bound on counter differences), or null. */
    private static String impossible(List<IoConsumer> consumers, Double spanS) {
        double max = SampleLimits.MAX_DELTA_PER_S * (spanS == null ? 1 : Math.max(1, spanS));
        for (IoConsumer c : consumers) {
            long most = Math.max(Math.max(c.getReadIos(), c.getWriteIos()), Math.max(c.getReadBytes(), c.getWriteBytes()));
            if (c.getDiscardBytes() != null) {
                most = Math.max(most, Math.max(c.getDiscardBytes(), c.getDiscardIos()));
            }
            if (most > max) {
                return "consumer " + c.getName() + " moved by " + most + ", beyond any device in the span";
            }
        }
        return null;
    }

    /** A device's own interval in io.stat's terms (ConsumerTable's order); null before it has one. */
    private static long[] ownIos(CounterDeltas x) {
        if (x == null) {
            return null;
        }
        boolean discards = x.getDiscards() != null;
        return new long[] {x.getReads() + x.getReadsMerged(), x.getWrites() + x.getWritesMerged(), x.getSectorsRead() * 512,
            x.getSectorsWritten() * 512, discards ? x.getDiscards() + x.getDiscardsMerged() : -1,
            discards ? x.getSectorsDiscarded() * 512 : -1};
    }

    private List<HardwareVolume> hardwareVolumes() {
        List<HardwareVolume> out = new ArrayList<>();
        for (ObservedVolume v : volumes.volumes()) {
            ScsiDeviceHealth health = ScsiDeviceHealth.read(sys, v.device());
            for (String problem : health.problems()) {
                readErrors.merge(ErrorKind.SCSI_SYSFS.key(), 1L, Long::sum);
                warnings.warn(ErrorKind.SCSI_SYSFS.key() + ":" + v.device(), "odd input: " + problem);
            }
            out.add(volume(v, health));
        }
        return out;
    }

    static HardwareVolume volume(ObservedVolume v, ScsiDeviceHealth health) {
        var d = v.declaration();
        HardwareVolume h = new HardwareVolume();
        h.setDevice(v.device());
        h.setDriver(v.scsi() == null ? null : v.scsi().driver());
        h.setScsiAddress(v.scsi() == null ? null : v.scsi().address());
        h.setVendor(v.scsi() == null ? null : v.scsi().vendor());
        h.setModel(v.scsi() == null ? null : v.scsi().model());
        h.setRecognisedBy(v.recognisedBy());
        h.setDeclared(d != null);
        h.setContradiction(v.contradiction());
        h.setLevel(d == null ? null : d.level());
        h.setDisks(d == null ? null : d.disks());
        h.setLayout(d == null ? null : d.layout());
        h.setDiskModel(d == null ? null : d.diskModel());
        h.setController(v.controller());
        h.setCache(d == null ? null : d.cache());
        h.setState(health.state());
        h.setIoerrCnt(health.ioerrCnt());
        h.setIotmoCnt(health.iotmoCnt());
        return h;
    }

    private void skipped(ErrorKind kind, String subject, String message) {
        readErrors.merge(kind.key(), 1L, Long::sum);
        warnings.warn(kind.key() + ":" + subject, "skipped input: " + message);
    }

    private void refreshInventory(Reading r) {
        boolean unknown = false;
        for (DiskStat d : r.devices()) {
            if (!devices.containsKey(d.name())) {
                unknown = true;
                break;
            }
        }
        long now = nanoTime.getAsLong();
        if (unknown && now - inventoryAt > Duration.ofSeconds(60).toNanos() || now - inventoryAt > INVENTORY_MAX_AGE.toNanos()) {
            devices = inventory.get();
            volumes = sys == null ? HardwareVolumes.NONE : HardwareVolumes.scan(sys, declared);
            for (String w : volumes.warnings()) {
                warnings.warn("hwraid:" + w, w);
            }
            inventoryAt = now;
        }
    }

    /** Every field is set here (the class, like Avro's, has no defaults of its own). */
    private DeviceSample device(DiskStat d, DeviceInterval i) {
        BlockDevice inv = devices.get(d.name());
        DeviceSample b = new DeviceSample();
        b.setName(d.name());
        b.setMajor(d.major());
        b.setMinor(d.minor());
        b.setKind(DeviceKind.valueOf((inv != null ? inv.kind() : BlockDeviceKind.guess(d.name())).name()));
        b.setRotational(inv == null ? null : inv.rotational());
        b.setSizeBytes(inv == null ? null : inv.sizeBytes());
        b.setModel(inv == null ? null : inv.model());
        b.setSerial(inv == null ? null : inv.serial());
        b.setParent(inv == null ? null : inv.parent());
        b.setHolders(inv == null ? List.of() : new ArrayList<>(inv.holders()));
        b.setInFlight(d.extended() ? d.inFlight() : null);
        b.setCountersReset(i != null && i.countersReset());
        if (i != null) {
            var m = i.metrics();
            IostatMetrics metrics = new IostatMetrics();
            metrics.setRS(m.rS());
            metrics.setWS(m.wS());
            metrics.setDS(m.dS());
            metrics.setFS(m.fS());
            metrics.setRkBS(m.rkBS());
            metrics.setWkBS(m.wkBS());
            metrics.setDkBS(m.dkBS());
            metrics.setRrqmS(m.rrqmS());
            metrics.setWrqmS(m.wrqmS());
            metrics.setDrqmS(m.drqmS());
            metrics.setRrqm(m.rrqm());
            metrics.setWrqm(m.wrqm());
            metrics.setDrqm(m.drqm());
            metrics.setRAwait(m.rAwait());
            metrics.setWAwait(m.wAwait());
            metrics.setDAwait(m.dAwait());
            metrics.setFAwait(m.fAwait());
            metrics.setRareqSz(m.rareqSz());
            metrics.setWareqSz(m.wareqSz());
            metrics.setDareqSz(m.dareqSz());
            metrics.setAquSz(m.aquSz());
            metrics.setUtil(m.util());
            b.setMetrics(metrics);
            var x = i.deltas();
            CounterDeltas deltas = new CounterDeltas();
            deltas.setReads(x.reads());
            deltas.setReadsMerged(x.readsMerged());
            deltas.setSectorsRead(x.sectorsRead());
            deltas.setReadMs(x.readMs());
            deltas.setWrites(x.writes());
            deltas.setWritesMerged(x.writesMerged());
            deltas.setSectorsWritten(x.sectorsWritten());
            deltas.setWriteMs(x.writeMs());
            deltas.setIoTicksMs(x.ioTicksMs());
            deltas.setWeightedMs(x.weightedMs());
            deltas.setDiscards(x.hasDiscards() ? x.discards() : null);
            deltas.setDiscardsMerged(x.hasDiscards() ? x.discardsMerged() : null);
            deltas.setSectorsDiscarded(x.hasDiscards() ? x.sectorsDiscarded() : null);
            deltas.setDiscardMs(x.hasDiscards() ? x.discardMs() : null);
            deltas.setFlushes(x.hasFlushes() ? x.flushes() : null);
            deltas.setFlushMs(x.hasFlushes() ? x.flushMs() : null);
            b.setDeltas(deltas);
        }
        return b;
    }

    static MdArray array(ArrayState a) {
        List<MdMember> members = new ArrayList<>();
        for (ArrayMember m : a.members()) {
            // spare: an idle one only; a member being rebuilt holds a slot and is reported as rebuilding
            MdMember member = new MdMember();
            member.setDevice(m.device());
            member.setRole(m.role());
            member.setState(new ArrayList<>(m.state()));
            member.setInSync(m.inSync());
            member.setFaulty(m.faulty());
            member.setSpare(m.status() == ArrayMember.Status.SPARE);
            member.setRebuilding(m.status() == ArrayMember.Status.REBUILDING);
            member.setWriteMostly(m.writeMostly());
            member.setReplacement(m.replacement());
            member.setErrors(m.errors());
            member.setNumber(m.number());
            members.add(member);
        }
        MdArray out = new MdArray();
        out.setName(a.name());
        out.setSource(a.fromSysfs() ? MdSource.SYSFS : MdSource.MDSTAT);
        out.setActive(a.active());
        out.setLevel(a.level());
        out.setLayout(a.layout());
        out.setLayoutCode(a.layoutCode());
        out.setChunkBytes(a.chunkBytes());
        out.setRaidDisks(a.raidDisks());
        out.setDegraded(a.degraded());
        out.setArrayState(a.arrayState());
        out.setSizeKib(a.sizeKib());
        out.setSyncAction(a.syncAction());
        out.setSyncState(a.syncState());
        out.setSyncDoneSectors(a.syncDoneSectors());
        out.setSyncTotalSectors(a.syncTotalSectors());
        out.setSyncCompletedPct(a.syncCompletedPct());
        out.setSyncSpeedKibS(a.syncSpeedKibS());
        out.setSyncEtaS(a.syncEtaS());
        out.setMismatchCnt(a.mismatchCnt());
        out.setMembers(members);
        out.setLeafDisks(new ArrayList<>(a.leafDisks()));
        return out;
    }
}
