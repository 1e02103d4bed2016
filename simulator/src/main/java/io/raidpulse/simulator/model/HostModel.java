package io.raidpulse.simulator.model;

import io.raidpulse.md.MdLevel;
import io.raidpulse.md.SyncAction;
import io.raidpulse.simulator.scenario.ArraySpec;
import io.raidpulse.simulator.scenario.DiskSpec;
import io.raidpulse.simulator.scenario.EventSpec;
import io.raidpulse.simulator.scenario.LoadPhase;
import io.raidpulse.simulator.scenario.Scenario;
import io.raidpulse.simulator.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The simulated host: devices in the kernel's registration order, arrays, and the integration of
 * load, queueing and sync over time in steps of one second.
 *
 * <p>Each step: the application's offered load (scenario load phases) is mapped down the array
 * tree to leaf disks ({@link IoMapping}), or asked directly of a hardware RAID volume (one disk of
 * the host, served as one parallel device: {@link Disk}); every disk is one queue whose
 * utilisation is its demand in disk-seconds per second from its profile. Demand above 1 is not
 * served: the load of every array (or volume) touching an overloaded disk is throttled until no
 * disk exceeds 1, so md's counters show what was served. A running sync gets at least speed_limit_min and otherwise what the busiest of
 * its disks has left, up to speed_limit_max. {@link Queueing} gives each request's wait, capped at
 * the device's queue limit, and the busy time io_ticks counts: a rotational disk serves one request
 * at a time (M/M/1: await = service / (1 - rho), busy rho of the time); a parallel one (SSD, NVMe)
 * serves each in its latency while others are in flight and queues only near its capacity (busy
 * while any request is in flight: 1 - exp(-aqu-sz)). aqu-sz = IOPS x await (Little's law).
 */
public final class HostModel {
    /** Share of CPU time idle, for /proc/uptime's second field. */
    private static final double IDLE_SHARE = 0.92;

    private final Scenario scenario;
    private final List<SimulatedDevice> registered = new ArrayList<>();
    private final Map<String, Disk> disks = new LinkedHashMap<>();
    private final List<SimulatedArray> arrays = new ArrayList<>();
    /** what the application offered each loaded subject (md arrays, hardware RAID volumes) since the start */
    private final Map<String, double[]> offered = new LinkedHashMap<>();
    private final List<String> log = new ArrayList<>();
    /** member I/Os (reads + writes of leaf members) each consumer's requests to a subject caused, since the start */
    private final Map<String, Map<String, Double>> consumerMemberIos = new LinkedHashMap<>();
    /** io.stat of each consumer's cgroup since it was created: cgroup -> device -> {rios, wios, rbytes, wbytes} */
    private final Map<String, Map<SimulatedDevice, double[]>> ioStat = new LinkedHashMap<>();
    private int nvmeMinor;
    private long second;
    private double uptime;
    private double idle;
    private int eventIndex;

    public HostModel(Scenario scenario) {
        this.scenario = scenario;
        for (DiskSpec d : scenario.disks()) {
            if (d.attachedAtStart()) {
                attach(d);
            }
        }
        for (ArraySpec a : scenario.arrays()) {
            List<SimulatedDevice> slots = new ArrayList<>();
            for (String m : a.members()) {
                slots.add(device(m).orElseThrow(() -> new ScenarioException(scenario.source(), a.line(),
                        "array " + a.name() + ": member " + m + " is not attached at the start")));
            }
            List<SimulatedDevice> spares = new ArrayList<>();
            for (String m : a.spares()) {
                spares.add(device(m).orElseThrow(() -> new ScenarioException(scenario.source(), a.line(),
                        "array " + a.name() + ": spare " + m + " is not attached at the start")));
            }
            long smallest = slots.stream().mapToLong(SimulatedDevice::sizeSectors).min().orElseThrow();
            if (smallest < 4 * SimulatedArray.DATA_OFFSET_SECTORS) {
                throw new ScenarioException(scenario.source(), a.line(), "array " + a.name()
                        + ": members need at least 512MiB (a 1.2 superblock reserves 128MiB)");
            }
            SimulatedArray md = new SimulatedArray(a, slots, spares);
            arrays.add(md);
            registered.add(md);
            offered.put(md.name(), new double[2]);
        }
        for (DiskSpec d : scenario.disks()) {
            if (d.volume() != null) {
                offered.put(d.name(), new double[2]);
            }
        }
        uptime = scenario.uptimeSeconds();
        idle = uptime * scenario.cpus() * IDLE_SHARE;
        applyEvents(0);
        if (uptime > 0) {
            integrate(0, uptime, true);
        }
    }

    private void attach(DiskSpec spec) {
        Disk d = new Disk(spec, scenario.profile(spec.profile()).orElseThrow(),
                spec.controller() == null ? null : scenario.controller(spec.controller()).orElseThrow(), () -> nvmeMinor++);
        disks.put(spec.name(), d);
        registered.add(d);
    }

    public Scenario scenario() {
        return scenario;
    }

    /** Seconds since the scenario start. */
    public long second() {
        return second;
    }

    /** /proc/uptime first field, seconds. */
    public double uptime() {
        return uptime;
    }

    /** /proc/uptime second field: idle time summed over CPUs, seconds. */
    public double idle() {
        return idle;
    }

    /** Whole disks in registration order (the order /proc/diskstats lists them). */
    public List<Disk> disks() {
        List<Disk> out = new ArrayList<>();
        for (SimulatedDevice d : registered) {
            if (d instanceof Disk disk) {
                out.add(disk);
            }
        }
        return out;
    }

    /** Disks and arrays in registration order (partitions follow their disk). */
    public List<SimulatedDevice> registered() {
        return List.copyOf(registered);
    }

    public List<SimulatedArray> arrays() {
        return List.copyOf(arrays);
    }

    /** What happened in the model (events and sync state changes), with the second it happened. */
    public List<String> log() {
        return List.copyOf(log);
    }

    /** Every present device: disks, their partitions, arrays. */
    public List<SimulatedDevice> devices() {
        List<SimulatedDevice> out = new ArrayList<>();
        for (SimulatedDevice d : registered) {
            out.add(d);
            if (d instanceof Disk disk) {
                out.addAll(disk.partitions());
            }
        }
        return out;
    }

    public Optional<SimulatedDevice> device(String name) {
        return devices().stream().filter(d -> d.name().equals(name)).findFirst();
    }

    public Optional<SimulatedArray> array(String name) {
        return arrays.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** The arrays {@code device} is a member of (faulty and spare memberships included). */
    public List<SimulatedArray> holders(SimulatedDevice device) {
        List<SimulatedArray> out = new ArrayList<>();
        for (SimulatedArray a : arrays) {
            if (a.members().stream().anyMatch(m -> m.device() == device)) {
                out.add(a);
            }
        }
        return out;
    }

    /** Leaf devices (disks or partitions) under an array, through nested arrays; working members only. */
    public List<SimulatedDevice> leaves(SimulatedArray array) {
        Set<SimulatedDevice> out = new LinkedHashSet<>();
        for (SimulatedMember m : array.members()) {
            if (m.slot() < 0 || m.faulty()) {
                continue;
            }
            if (m.device() instanceof SimulatedArray inner) {
                out.addAll(leaves(inner));
            } else {
                out.add(m.device());
            }
        }
        return List.copyOf(out);
    }

    /**
     * Front-end reads and writes the application offered an array (or a hardware RAID volume) since
     * the start, before throttling.
     */
    public double[] offeredOps(SimulatedDevice array) {
        return offered.get(array.name()).clone();
    }

    /**
     * What each consumer's cgroup submitted to each device since the cgroup was created, as io.stat
     * counts it (blk-cgroup.c blk_cgroup_bio_start: one I/O per bio, an empty flush bio a write of no
     * bytes): cgroup path to device to {rios, wios, rbytes, wbytes}, devices in the order first used.
     * Only the devices a load is asked of (arrays, hardware RAID volumes): md's members are left to
     * the root cgroup (see the simulator's README).
     */
    public Map<String, Map<SimulatedDevice, double[]>> ioStat() {
        Map<String, Map<SimulatedDevice, double[]>> out = new LinkedHashMap<>();
        ioStat.forEach((cgroup, byDevice) -> {
            Map<SimulatedDevice, double[]> copy = new LinkedHashMap<>();
            byDevice.forEach((d, c) -> copy.put(d, c.clone()));
            out.put(cgroup, copy);
        });
        return out;
    }

    /**
     * The consumers' cgroups that exist now: a consumer's is created when its first load phase
     * starts (a unit started) and removed when its last one ends (the unit stopped), unless that is
     * the scenario's end.
     */
    public List<String> liveCgroups() {
        Map<String, long[]> span = new LinkedHashMap<>();
        for (LoadPhase p : scenario.loads()) {
            if (p.cgroup() != null) {
                span.merge(p.cgroup(), new long[] {p.fromSecond(), p.toSecond()},
                        (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
            }
        }
        List<String> out = new ArrayList<>();
        span.forEach((cgroup, fromTo) -> {
            if (fromTo[0] <= second && (second < fromTo[1] || fromTo[1] >= scenario.durationSeconds())) {
                out.add(cgroup);
            }
        });
        return out;
    }

    /**
     * Member I/Os (reads and writes the leaf members completed, sync I/O apart) each consumer's
     * requests to {@code subject} (an array or a hardware RAID volume) caused since the start, as
     * served; the key null for load without a consumer.
     */
    public Map<String, Double> consumerMemberIos(SimulatedDevice subject) {
        return new LinkedHashMap<>(consumerMemberIos.getOrDefault(subject.name(), Map.of()));
    }

    /** Integrates up to {@code targetSecond} since the start, applying events on the way. */
    public void advanceTo(long targetSecond) {
        while (second < targetSecond) {
            long dt = Math.min(scenario.modelStepSeconds(), targetSecond - second);
            integrate(second, dt, false);
            second += dt;
            finishSyncs();
            applyEvents(second);
        }
    }

    // ---------------------------------------------------------------- events

    private void applyEvents(long at) {
        List<EventSpec> events = scenario.events();
        while (eventIndex < events.size() && events.get(eventIndex).atSecond() <= at) {
            apply(events.get(eventIndex++));
        }
    }

    private void apply(EventSpec e) {
        switch (e.action()) {
            case FAIL -> fail(e);
            case REMOVE -> remove(e);
            case ADD -> add(e);
            case CHECK -> startSync(e, SyncAction.CHECK);
            case REPAIR -> startSync(e, SyncAction.REPAIR);
            case RESYNC -> startSync(e, SyncAction.RESYNC);
            case IDLE -> idleSync(e);
            case ATTACH -> {
                if (disks.containsKey(e.device())) {
                    throw eventError(e, e.device() + " is already attached");
                }
                attach(scenario.disk(e.device()).orElseThrow());
                note(e.device() + " attached");
            }
            case OFFLINE, RUNNING, IO_ERRORS -> {
                Disk d = disks.get(e.device());
                if (d == null) {
                    throw eventError(e, e.device() + " is not attached");
                }
                if (e.action() == EventSpec.Action.IO_ERRORS) {
                    d.commandErrors(e.failed(), e.timedOut());
                    note(e.device() + ": " + e.failed() + " commands failed, " + e.timedOut() + " timed out");
                } else {
                    d.running(e.action() == EventSpec.Action.RUNNING);
                    note(e.device() + " " + (d.running() ? "running" : "offline"));
                }
            }
            case DETACH -> {
                Disk d = disks.get(e.device());
                if (d == null) {
                    throw eventError(e, e.device() + " is not attached");
                }
                List<SimulatedDevice> parts = new ArrayList<>(d.partitions());
                parts.add(d);
                for (SimulatedDevice p : parts) {
                    if (!holders(p).isEmpty()) {
                        throw eventError(e, p.name() + " is still a member of " + holders(p).get(0).name()
                                + ": fail and remove it first");
                    }
                }
                disks.remove(e.device());
                registered.remove(d);
                note(e.device() + " detached");
            }
            default -> throw new IllegalStateException(e.action().name());
        }
    }

    private void fail(EventSpec e) {
        SimulatedArray a = array(e.array()).orElseThrow();
        SimulatedMember m = a.member(e.device()).orElseThrow(() -> eventError(e, e.device() + " is not a member of " + a.name()));
        if (m.faulty()) {
            throw eventError(e, e.device() + " is already faulty");
        }
        if (a.level() == MdLevel.RAID0) {
            throw eventError(e, a.name() + " is raid0: a failed member stops it, which the simulator does not model");
        }
        if (m.inSync() && !a.survivesLoss(m)) {
            throw eventError(e, "failing " + e.device() + " would leave " + a.name()
                    + " without a copy of some data; the simulator only models arrays that keep running");
        }
        a.sync().ifPresent(job -> note(job.kind().word() + " on " + a.name() + " interrupted"));
        a.sync(null);
        m.fail();
        a.stateChanged();
        note(e.device() + " faulty in " + a.name());
        tryStartRecovery(a);
    }

    private void remove(EventSpec e) {
        SimulatedArray a = array(e.array()).orElseThrow();
        SimulatedMember m = a.member(e.device()).orElseThrow(() -> eventError(e, e.device() + " is not a member of " + a.name()));
        if (!m.faulty() && !m.spare()) {
            throw eventError(e, e.device() + " is active in " + a.name() + " (mdadm: Device or resource busy): fail it first");
        }
        a.unbind(m);
        note(e.device() + " removed from " + a.name());
    }

    private void add(EventSpec e) {
        SimulatedArray a = array(e.array()).orElseThrow();
        SimulatedDevice d = device(e.device()).orElseThrow(() -> eventError(e, e.device() + " is not attached"));
        if (!holders(d).isEmpty()) {
            throw eventError(e, e.device() + " is already a member of " + holders(d).get(0).name());
        }
        if (d instanceof Disk disk && !disk.partitions().isEmpty()) {
            throw eventError(e, e.device() + " has partitions: add one of them");
        }
        if (d.sizeSectors() - SimulatedArray.DATA_OFFSET_SECTORS < a.devSectors()) {
            throw eventError(e, e.device() + " is smaller than the members of " + a.name());
        }
        a.bind(new SimulatedMember(d, a.nextDescNr(), -1, false));
        note(e.device() + " added to " + a.name() + " as a spare");
        tryStartRecovery(a);
    }

    private void startSync(EventSpec e, SyncAction kind) {
        SimulatedArray a = array(e.array()).orElseThrow();
        if (a.sync().isPresent()) {
            throw eventError(e, a.name() + " is busy: " + a.sync().get().kind().word() + " is running");
        }
        if (kind != SyncAction.RESYNC && a.degraded() > 0) {
            throw eventError(e, a.name() + " is degraded: md runs a recovery, not a " + kind.word());
        }
        SyncJob job = new SyncJob(kind, null, a.syncMaxSectors(kind), e.mismatches() / a.mismatchGranularity()
                * a.mismatchGranularity(), second, conflicts(a));
        a.sync(job);
        if (!job.delayed()) {
            a.mismatchCnt(0);
        }
        note(kind.word() + " started on " + a.name() + (job.delayed() ? " (delayed)" : ""));
    }

    private void idleSync(EventSpec e) {
        SimulatedArray a = array(e.array()).orElseThrow();
        SyncJob job = a.sync().orElseThrow(() -> eventError(e, "no sync action is running on " + a.name()));
        if (job.kind() == SyncAction.RECOVER || job.kind() == SyncAction.RESYNC) {
            throw eventError(e, "md restarts an interrupted " + job.kind().word() + " by itself; only check and repair can be stopped");
        }
        a.sync(null);
        note(job.kind().word() + " on " + a.name() + " stopped");
    }

    private void tryStartRecovery(SimulatedArray a) {
        if (a.sync().isPresent() || a.degraded() == 0) {
            return;
        }
        SimulatedMember spare = a.members().stream().filter(SimulatedMember::spare).findFirst().orElse(null);
        if (spare == null) {
            return;
        }
        for (int s = 0; s < a.raidDisks(); s++) {
            if (a.inSlot(s) == null) {
                spare.assign(s);
                break;
            }
        }
        SyncJob job = new SyncJob(SyncAction.RECOVER, spare, a.syncMaxSectors(SyncAction.RECOVER), 0, second,
                conflicts(a));
        a.sync(job);
        note("recover started on " + a.name() + " onto " + spare.device().name() + (job.delayed() ? " (delayed)" : ""));
    }

    /** md_do_sync: a sync waits while another array sharing a physical disk syncs. */
    private boolean conflicts(SimulatedArray a) {
        Set<Disk> mine = physical(a);
        for (SimulatedArray other : arrays) {
            if (other != a && other.sync().isPresent() && !other.sync().get().delayed()) {
                for (Disk d : physical(other)) {
                    if (mine.contains(d)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private Set<Disk> physical(SimulatedArray a) {
        Set<Disk> out = new HashSet<>();
        for (SimulatedMember m : a.members()) {
            if (m.device() instanceof SimulatedArray inner) {
                out.addAll(physical(inner));
            } else if (m.device() instanceof Partition p) {
                out.add(p.disk());
            } else if (m.device() instanceof Disk d) {
                out.add(d);
            }
        }
        return out;
    }

    private void finishSyncs() {
        for (SimulatedArray a : arrays) {
            SyncJob job = a.sync().orElse(null);
            if (job == null || job.delayed() || !job.finished()) {
                continue;
            }
            a.sync(null);
            if (job.kind() == SyncAction.RECOVER) {
                job.target().markInSync();
                a.stateChanged();
            } else {
                a.mismatchCnt(job.mismatchesAtEnd());
            }
            note(job.kind().word() + " finished on " + a.name());
            tryStartRecovery(a);
        }
        for (SimulatedArray a : arrays) {
            SyncJob job = a.sync().orElse(null);
            if (job != null && job.delayed()) {
                a.sync(null);
                boolean blocked = conflicts(a);
                a.sync(job);
                if (!blocked) {
                    job.start(second);
                    if (job.kind() != SyncAction.RECOVER) {
                        a.mismatchCnt(0);
                    }
                    note(job.kind().word() + " on " + a.name() + " no longer delayed");
                }
            }
        }
    }

    private ScenarioException eventError(EventSpec e, String problem) {
        return new ScenarioException(scenario.source(), e.line(), e.describe() + ": " + problem);
    }

    private void note(String what) {
        log.add(second + " " + what);
    }

    // ---------------------------------------------------------------- integration

    /**
     * The origin of application load: one consumer's requests to an array (or a hardware RAID volume);
     * consumer null for load no cgroup submits. Throttled per subject: the consumers of one array
     * share its fate.
     */
    private record Load(SimulatedDevice subject, String consumer, String cgroup) {
    }

    private static Object throttled(Object origin) {
        return origin instanceof Load l ? l.subject() : origin;
    }

    /** Flow rates per device and class, per origin: a consumer's load on an array, or a sync pass. */
    private static final class Flows {
        final Map<SimulatedDevice, Map<IoClass, Map<Object, Double>>> rates = new LinkedHashMap<>();

        void add(SimulatedDevice d, IoClass io, Object origin, double rate) {
            if (rate > 0) {
                rates.computeIfAbsent(d, k -> new LinkedHashMap<>()).computeIfAbsent(io, k -> new LinkedHashMap<>())
                        .merge(origin, rate, Double::sum);
            }
        }
    }

    private void propagate(Flows flows, SimulatedDevice d, IoClass io, double rate, Object origin) {
        flows.add(d, io, origin, rate);
        if (d instanceof SimulatedArray md) {
            md.plan(io).totals().forEach((member, byClass) -> byClass.forEach(
                    (memberIo, count) -> propagate(flows, member, memberIo, rate * count, origin)));
        }
    }

    /**
     * Front-end classes and rates each consumer offers {@code a} (an array or a volume) at {@code at}
     * seconds.
     */
    private Map<Load, Map<IoClass, Double>> offeredLoad(SimulatedDevice a, double at) {
        Map<Load, Map<IoClass, Double>> byConsumer = new LinkedHashMap<>();
        for (LoadPhase p : scenario.loads()) {
            if (!p.array().equals(a.name()) || !p.covers(at)) {
                continue;
            }
            Map<IoClass, Double> out = byConsumer.computeIfAbsent(new Load(a, p.consumer(), p.cgroup()), k -> new LinkedHashMap<>());
            double f = p.fraction(at);
            double r = p.reads().at(f);
            double w = p.writes().at(f);
            double s = p.sequential();
            out.merge(IoClass.random(IoKind.READ, p.requestBytes()), r * (1 - s), Double::sum);
            out.merge(new IoClass(IoKind.READ, p.requestBytes(), true, 0), r * s, Double::sum);
            out.merge(IoClass.random(IoKind.WRITE, p.requestBytes()), w * (1 - s), Double::sum);
            out.merge(new IoClass(IoKind.WRITE, p.requestBytes(), true, 0), w * s, Double::sum);
            out.merge(IoClass.FLUSH, p.flushes().at(f), Double::sum);
        }
        byConsumer.values().forEach(out -> out.values().removeIf(v -> v <= 0));
        byConsumer.values().removeIf(Map::isEmpty);
        return byConsumer;
    }

    private static Disk diskOf(SimulatedDevice leaf) {
        return leaf instanceof Partition p ? p.disk() : (Disk) leaf;
    }

    private void integrate(double t0, double dt, boolean history) {
        double at = history ? 0 : t0 + dt / 2;
        Flows flows = new Flows();
        List<SimulatedDevice> origins = new ArrayList<>();
        for (Map.Entry<String, double[]> subject : offered.entrySet()) {
            SimulatedDevice a = array(subject.getKey()).map(SimulatedDevice.class::cast).orElse(disks.get(subject.getKey()));
            Map<Load, Map<IoClass, Double>> load = a == null ? Map.of() : offeredLoad(a, at);
            // an offline disk is asked, but the kernel sends it nothing (scsi_lib.c: "rejecting I/O to offline device")
            boolean served = !(a instanceof Disk d && !d.running());
            if (!load.isEmpty()) {
                if (served) {
                    origins.add(a);
                }
                double[] off = subject.getValue();
                load.forEach((consumer, byClass) -> byClass.forEach((io, rate) -> {
                    if (served) {
                        propagate(flows, a, io, rate, consumer);
                    }
                    if (!history && io.kind() != IoKind.FLUSH) {
                        off[io.kind().ordinal()] += rate * dt;
                    }
                }));
            }
        }
        List<SyncJob> syncs = new ArrayList<>();
        Map<SyncJob, SimulatedArray> syncArray = new IdentityHashMap<>();
        if (!history) {
            for (SimulatedArray a : arrays) {
                SyncJob job = a.sync().orElse(null);
                if (job != null && !job.delayed()) {
                    syncs.add(job);
                    syncArray.put(job, a);
                    for (MemberIo io : a.syncPlan()) {
                        propagate(flows, io.member(), io.io(), io.count(), job);
                    }
                }
            }
        }

        // demand on each disk per origin, disk-seconds per second (per KiB/s for syncs)
        Map<Object, Map<Disk, Double>> demand = new LinkedHashMap<>();
        flows.rates.forEach((d, byClass) -> {
            if (d instanceof SimulatedArray) {
                return;
            }
            Disk disk = diskOf(d);
            byClass.forEach((io, byOrigin) -> byOrigin.forEach((origin, rate) -> demand.computeIfAbsent(throttled(origin),
                    k -> new LinkedHashMap<>()).merge(disk, rate * disk.serviceSeconds(io), Double::sum)));
        });
        Map<Object, Double> factor = throttle(origins, syncs, demand, dt);

        // served load, queueing per disk: requests/s, share of capacity used (rho), requests in
        // service (rate x latency; for a rotational disk the same as rho)
        Map<Disk, double[]> diskLoad = new HashMap<>();
        flows.rates.forEach((d, byClass) -> {
            if (d instanceof SimulatedArray) {
                return;
            }
            Disk disk = diskOf(d);
            double[] xr = diskLoad.computeIfAbsent(disk, k -> new double[3]);
            byClass.forEach((io, byOrigin) -> byOrigin.forEach((origin, rate) -> {
                double served = rate * factor.getOrDefault(throttled(origin), 0d);
                xr[0] += served;
                xr[1] += served * disk.serviceSeconds(io);
                xr[2] += served * disk.latencySeconds(io);
            }));
        });
        Map<Disk, Double> wait = new HashMap<>();
        diskLoad.forEach((disk, xr) -> wait.put(disk, disk.parallel()
                ? Queueing.parallelWaitSeconds(xr[0], Math.min(1, xr[1]), xr[2], disk.profile().maxQueue())
                : Queueing.waitSeconds(xr[0], Math.min(1, xr[1]), disk.profile().maxQueue())));
        Map<SimulatedArray, Map<IoClass, Double>> mdLatency = new IdentityHashMap<>();

        for (SimulatedDevice d : devices()) {
            Map<IoClass, Map<Object, Double>> byClass = flows.rates.getOrDefault(d, Map.of());
            DeviceCounters c = d.counters();
            double inFlight = 0;
            double busyShare = 0;
            double writes = 0;
            for (Map.Entry<IoClass, Map<Object, Double>> e : byClass.entrySet()) {
                IoClass io = e.getKey();
                account(d, io, e.getValue(), factor, dt);
                if (d instanceof SimulatedArray && io.kind() == IoKind.FLUSH) {
                    // md_flush_request takes flushes before md_account_bio: md counts none
                    continue;
                }
                double app = 0;
                double sync = 0;
                for (Map.Entry<Object, Double> o : e.getValue().entrySet()) {
                    double served = o.getValue() * factor.getOrDefault(throttled(o.getKey()), 0d);
                    if (o.getKey() instanceof SyncJob) {
                        sync += served;
                    } else {
                        app += served;
                    }
                }
                double response = response(d, io, wait, mdLatency);
                c.add(io, app * dt, response, false);
                c.add(io, sync * dt, response, true);
                inFlight += (app + sync) * response;
                if (d instanceof Partition p) {
                    p.disk().counters().add(io, app * dt, response, false);
                    p.disk().counters().add(io, sync * dt, response, true);
                    busyShare += (app + sync) * p.disk().serviceSeconds(io);
                }
                if (io.kind() == IoKind.WRITE) {
                    writes += app + sync;
                }
            }
            if (d instanceof Disk disk) {
                double[] xr = diskLoad.getOrDefault(disk, new double[3]);
                double rho = Math.min(1, xr[1]);
                double queued = xr[0] * wait.getOrDefault(disk, 0d) + xr[2];
                // io_ticks: a rotational disk is busy while it serves (rho); a parallel one while
                // any request is in flight (Queueing)
                c.addBusy((disk.parallel() ? Queueing.parallelBusyShare(queued) : rho) * dt * 1000);
                c.addCapacityUsed(rho * dt * 1000);
                c.inFlight(queued);
            } else if (d instanceof Partition p) {
                double[] xr = diskLoad.getOrDefault(p.disk(), new double[3]);
                double rho = Math.min(1, xr[1]);
                // rotational: M/M/1 with the partition's requests a random share of the queue,
                // P(one of them in the system); parallel: P(one of them in flight), as for the disk
                double util = p.disk().parallel() ? Queueing.parallelBusyShare(inFlight)
                        : busyShare <= 0 ? 0 : busyShare / (1 - rho + busyShare);
                c.addBusy(Math.min(1, util) * dt * 1000);
                c.addCapacityUsed(rho * dt * 1000);
                c.inFlight(inFlight);
            } else if (d instanceof SimulatedArray md) {
                // bio-based accounting (5.14+): busy while any front-end request is in flight; with
                // Poisson arrivals the number in flight is Poisson with mean aqu-sz
                c.addBusy(Queueing.parallelBusyShare(inFlight) * dt * 1000);
                c.inFlight(inFlight);
                if (!history) {
                    md.writeRate(writes);
                }
            }
        }

        if (!history) {
            for (SyncJob job : syncs) {
                double kib = factor.getOrDefault(job, 0d);
                job.progress(kib * 2 * dt, kib, t0 + dt);
                if (job.kind() != SyncAction.RECOVER) {
                    // mismatches turn up evenly over the pass
                    SimulatedArray a = syncArray.get(job);
                    long unit = a.mismatchGranularity();
                    a.mismatchCnt((long) Math.floor(job.mismatchesAtEnd() * job.done() / job.maxSectors() / unit) * unit);
                }
            }
            uptime += dt;
            idle += dt * scenario.cpus() * IDLE_SHARE;
        }
    }

    /*
     * Per consumer, what it submitted to the device its load is asked of (io.stat), and the member I/Os
     * its load costs on a leaf member (through nested arrays).
     */
    private void account(SimulatedDevice d, IoClass io, Map<Object, Double> byOrigin, Map<Object, Double> factor, double dt) {
        for (Map.Entry<Object, Double> o : byOrigin.entrySet()) {
            if (!(o.getKey() instanceof Load load)) {
                continue;
            }
            double served = o.getValue() * factor.getOrDefault(load.subject(), 0d) * dt;
            if (load.subject() == d && load.cgroup() != null) {
                double[] c = ioStat.computeIfAbsent(load.cgroup(), k -> new LinkedHashMap<>()).computeIfAbsent(d, k -> new double[4]);
                if (io.kind() == IoKind.READ) {
                    c[0] += served;
                    c[2] += served * io.bytes();
                } else {
                    c[1] += served;
                    c[3] += served * io.bytes();
                }
            }
            if (!(d instanceof SimulatedArray) && io.kind() != IoKind.FLUSH) {
                consumerMemberIos.computeIfAbsent(load.subject().name(), k -> new LinkedHashMap<>())
                        .merge(load.consumer(), served, Double::sum);
            }
        }
    }

    /** Response time of one request of {@code io} on {@code d}, seconds. */
    private double response(SimulatedDevice d, IoClass io, Map<Disk, Double> wait, Map<SimulatedArray, Map<IoClass, Double>> cache) {
        if (d instanceof SimulatedArray md) {
            Map<IoClass, Double> byClass = cache.computeIfAbsent(md, k -> new HashMap<>());
            Double known = byClass.get(io);
            if (known != null) {
                return known;
            }
            double l = md.plan(io).latency((member, memberIo) -> response(member, memberIo, wait, cache));
            byClass.put(io, l);
            return l;
        }
        Disk disk = diskOf(d);
        return wait.getOrDefault(disk, 0d) + disk.latencySeconds(io);
    }

    /**
     * Throttle factors: for an application origin the share of its offered load that is served;
     * for a sync its speed in KiB/s. Syncs first get speed_limit_min; the application gets what is
     * left, scaled down wherever a disk would pass 100%; each sync then takes what its busiest
     * disk has left, up to speed_limit_max and what remains of the pass.
     */
    private Map<Object, Double> throttle(List<SimulatedDevice> origins, List<SyncJob> syncs, Map<Object, Map<Disk, Double>> demand,
            double dt) {
        Map<Object, Double> factor = new IdentityHashMap<>();
        double vmin = scenario.speedLimitMinKib();
        double vmax = scenario.speedLimitMaxKib();
        Map<Disk, Double> floor = new HashMap<>();
        for (SyncJob s : syncs) {
            demand.getOrDefault(s, Map.of()).forEach((disk, c) -> floor.merge(disk, vmin * c, Double::sum));
        }
        for (SimulatedDevice o : origins) {
            factor.put(o, 1d);
        }
        for (int iteration = 0; iteration < 100; iteration++) {
            Map<Disk, Double> load = new HashMap<>();
            for (SimulatedDevice o : origins) {
                demand.getOrDefault(o, Map.of()).forEach((disk, v) -> load.merge(disk, v * factor.get(o), Double::sum));
            }
            boolean changed = false;
            for (SimulatedDevice o : origins) {
                double f = 1;
                for (Map.Entry<Disk, Double> e : demand.getOrDefault(o, Map.of()).entrySet()) {
                    double cap = Math.max(0, 1 - floor.getOrDefault(e.getKey(), 0d));
                    double l = load.get(e.getKey());
                    if (l > cap + 1e-12) {
                        f = Math.min(f, cap / l);
                    }
                }
                if (f < 1) {
                    factor.put(o, factor.get(o) * f);
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
        Map<Disk, Double> used = new HashMap<>();
        for (SimulatedDevice o : origins) {
            demand.getOrDefault(o, Map.of()).forEach((disk, v) -> used.merge(disk, v * factor.get(o), Double::sum));
        }
        for (int i = 0; i < syncs.size(); i++) {
            SyncJob s = syncs.get(i);
            double v = Double.MAX_VALUE;
            for (Map.Entry<Disk, Double> e : demand.getOrDefault(s, Map.of()).entrySet()) {
                double reserved = 0;
                for (int j = i + 1; j < syncs.size(); j++) {
                    reserved += vmin * demand.getOrDefault(syncs.get(j), Map.of()).getOrDefault(e.getKey(), 0d);
                }
                double left = 1 - used.getOrDefault(e.getKey(), 0d) - reserved;
                v = Math.min(v, left / e.getValue());
            }
            v = Math.max(vmin, Math.min(vmax, v));
            v = Math.min(v, s.remaining() / 2 / dt);
            factor.put(s, v);
            final double speed = v;
            demand.getOrDefault(s, Map.of()).forEach((disk, c) -> used.merge(disk, speed * c, Double::sum));
        }
        return factor;
    }
}
