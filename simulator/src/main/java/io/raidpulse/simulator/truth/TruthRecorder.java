package io.raidpulse.simulator.truth;

import io.raidpulse.md.SyncAction;
import io.raidpulse.simulator.model.CounterSnapshot;
import io.raidpulse.simulator.model.Disk;
import io.raidpulse.simulator.model.HostModel;
import io.raidpulse.simulator.model.Partition;
import io.raidpulse.simulator.model.SimulatedArray;
import io.raidpulse.simulator.model.SimulatedDevice;
import io.raidpulse.simulator.model.SimulatedMember;
import io.raidpulse.simulator.model.SyncJob;
import io.raidpulse.simulator.scenario.LoadPhase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns consecutive states of the model into {@link StepTruth}: iostat's formulas (docs/iostat.md)
 * applied to the model's exact counters, so the truth is what a perfect collector would report.
 */
public final class TruthRecorder {
    private final HostModel model;
    private final GroundTruth truth;
    private Map<SimulatedDevice, CounterSnapshot> previous = new IdentityHashMap<>();
    private Map<SimulatedArray, double[]> previousOffered = new IdentityHashMap<>();
    private Map<SimulatedArray, Double> previousDone = new IdentityHashMap<>();
    private Map<SimulatedArray, List<SimulatedDevice>> previousLeaves = new IdentityHashMap<>();
    private Map<SimulatedArray, Map<String, Double>> previousConsumerIos = new IdentityHashMap<>();
    private Map<String, Map<SimulatedDevice, double[]>> previousIoStat = Map.of();
    private Map<SimulatedArray, SyncAction> previousSync = new IdentityHashMap<>();
    private long previousSecond;

    public TruthRecorder(HostModel model) {
        this.model = model;
        this.truth = new GroundTruth(model.scenario());
        remember();
    }

    public GroundTruth truth() {
        return truth;
    }

    private void remember() {
        previous = new IdentityHashMap<>();
        for (SimulatedDevice d : model.devices()) {
            previous.put(d, d.counters().snapshot());
        }
        previousOffered = new IdentityHashMap<>();
        previousDone = new IdentityHashMap<>();
        previousLeaves = new IdentityHashMap<>();
        previousConsumerIos = new IdentityHashMap<>();
        previousIoStat = model.ioStat();
        previousSync = new IdentityHashMap<>();
        for (SimulatedArray a : model.arrays()) {
            previousConsumerIos.put(a, model.consumerMemberIos(a));
            a.sync().ifPresent(j -> previousSync.put(a, j.kind()));
            previousLeaves.put(a, model.leaves(a));
            previousOffered.put(a, model.offeredOps(a));
            a.sync().ifPresent(j -> previousDone.put(a, j.done()));
        }
        previousSecond = model.second();
    }

    /** Records the interval since the previous call (or the start) as sample {@code index}. */
    public StepTruth record(long index, Instant time) {
        double t = model.second() - previousSecond;
        Map<SimulatedDevice, DeviceTruth> devices = new LinkedHashMap<>();
        Map<SimulatedDevice, CounterSnapshot[]> pairs = new IdentityHashMap<>();
        for (SimulatedDevice d : model.devices()) {
            CounterSnapshot before = previous.get(d);
            if (before == null) {
                continue;
            }
            CounterSnapshot now = d.counters().snapshot();
            pairs.put(d, new CounterSnapshot[] {before, now});
            devices.put(d, device(d, before, now, t));
        }
        List<ArrayTruth> arrays = new ArrayList<>();
        for (SimulatedArray a : model.arrays()) {
            arrays.add(array(a, devices, pairs, t));
        }
        List<VolumeTruth> scsi = new ArrayList<>();
        for (Disk d : model.disks()) {
            if (d.controller() != null) {
                scsi.add(new VolumeTruth(d.name(), d.volume(), d.running(), d.ioerrCnt(), d.iotmoCnt()));
            }
        }
        StepTruth step = new StepTruth(index, model.second(), time, t, new ArrayList<>(devices.values()), arrays, scsi);
        truth.add(step);
        remember();
        return step;
    }

    /** sysstat rd_stats.c compute_ext_disk_stats on two snapshots. */
    static DeviceTruth device(SimulatedDevice d, CounterSnapshot a, CounterSnapshot b, double t) {
        double dr = b.readIos() - a.readIos();
        double dw = b.writeIos() - a.writeIos();
        double df = b.flushIos() - a.flushIos();
        double drt = (b.readNanos() - a.readNanos()) / 1e6;
        double dwt = (b.writeNanos() - a.writeNanos()) / 1e6;
        double dft = (b.flushNanos() - a.flushNanos()) / 1e6;
        double drs = b.readSectors() - a.readSectors();
        double dws = b.writeSectors() - a.writeSectors();
        String disk = d instanceof Partition p ? p.disk().name() : d instanceof SimulatedArray ? null : d.name();
        return new DeviceTruth(d.name(), d instanceof SimulatedArray, disk, dr / t, dw / t, df / t, drs / t / 2, dws / t / 2,
                (b.readMerges() - a.readMerges()) / t, (b.writeMerges() - a.writeMerges()) / t, dr > 0 ? drt / dr : 0,
                dw > 0 ? dwt / dw : 0, df > 0 ? dft / df : 0, dr > 0 ? drs / dr / 2 : 0, dw > 0 ? dws / dw / 2 : 0,
                (drt + dwt + dft) / t / 1000, Math.min(100, (b.ioTicksMs() - a.ioTicksMs()) / t / 10),
                dr + dw + df > 0 ? (drt + dwt + dft) / (dr + dw + df) : 0, d.parallel(),
                Math.min(100, (b.capacityMs() - a.capacityMs()) / t / 10));
    }

    private ArrayTruth array(SimulatedArray a, Map<SimulatedDevice, DeviceTruth> devices, Map<SimulatedDevice, CounterSnapshot[]> pairs,
            double t) {
        double[] off = model.offeredOps(a);
        double[] prevOff = previousOffered.getOrDefault(a, off);
        CounterSnapshot[] md = pairs.get(a);
        double mdReads = md == null ? 0 : md[1].readIos() - md[0].readIos();
        double mdWrites = md == null ? 0 : md[1].writeIos() - md[0].writeIos();
        double mdReadSectors = md == null ? 0 : md[1].readSectors() - md[0].readSectors();
        double mdWriteSectors = md == null ? 0 : md[1].writeSectors() - md[0].writeSectors();
        Map<String, Double> util = new LinkedHashMap<>();
        double memberIos = 0;
        double memberSectors = 0;
        double memberSyncIos = 0;
        String busiest = null;
        double max = 0;
        double level = 0;
        // members that worked at the start of the interval or at its end: a member failing in
        // between did I/O for part of it
        Set<SimulatedDevice> leaves = new LinkedHashSet<>(previousLeaves.getOrDefault(a, List.of()));
        leaves.addAll(model.leaves(a));
        for (SimulatedDevice leaf : leaves) {
            DeviceTruth dt = devices.get(leaf);
            CounterSnapshot[] p = pairs.get(leaf);
            if (dt == null || p == null) {
                continue;
            }
            util.put(leaf.name(), dt.util());
            if (busiest == null || dt.util() > max) {
                busiest = leaf.name();
                max = dt.util();
            }
            level = Math.max(level, dt.saturationLevel());
            memberIos += p[1].readIos() - p[0].readIos() + p[1].writeIos() - p[0].writeIos();
            memberSectors += p[1].readSectors() - p[0].readSectors() + p[1].writeSectors() - p[0].writeSectors();
            memberSyncIos += p[1].syncReadIos() - p[0].syncReadIos() + p[1].syncWriteIos() - p[0].syncWriteIos();
        }
        Double ampIo = mdWrites > 0 ? (memberIos - mdReads) / mdWrites : null;
        Double ampSectors = mdWriteSectors > 0 ? (memberSectors - mdReadSectors) / mdWriteSectors : null;
        Double appAmp = mdWrites > 0 ? (memberIos - memberSyncIos - mdReads) / mdWrites : null;
        SyncJob job = a.sync().orElse(null);
        Double progress = job == null ? null : job.done() / job.maxSectors();
        Double speed = null;
        if (job != null && !job.delayed()) {
            double before = previousDone.getOrDefault(a, 0d);
            speed = Math.max(0, job.done() - before) / 2 / t;
        }
        List<String> faulty = new ArrayList<>();
        boolean spare = false;
        for (SimulatedMember m : a.members()) {
            if (m.faulty()) {
                faulty.add(m.device().name());
            }
            spare |= m.spare() || m.recovering();
        }
        String completed = job == null ? "none" : job.delayed() ? "delayed" : job.completedSectors() + " / " + job.maxSectors();
        return new ArrayTruth(a.name(), a.level().kernelName(), (off[0] - prevOff[0]) / t, (off[1] - prevOff[1]) / t,
                mdReads / t, mdWrites / t, mdReadSectors / t / 2, mdWriteSectors / t / 2, util, busiest, max, level, ampIo,
                ampSectors, appAmp, a.degraded(), spare, faulty, job == null ? SyncAction.IDLE : job.kind(), progress,
                speed, completed, a.mismatchCnt(), a.arrayState(), consumers(a, job, memberSyncIos, t));
    }

    /*
     * Each consumer's member I/Os in the interval from the model's own tally (the member mapping of its
     * served requests), the sync's from the members' sync counters; shares of their sum.
     */
    private List<ConsumerTruth> consumers(SimulatedArray a, SyncJob job, double memberSyncIos, double t) {
        Map<String, Double> before = previousConsumerIos.getOrDefault(a, Map.of());
        Map<String, Double> ios = new LinkedHashMap<>();
        model.consumerMemberIos(a).forEach((consumer, now) -> {
            double d = now - before.getOrDefault(consumer, 0d);
            if (d > 0) {
                ios.merge(consumer == null ? ConsumerTruth.UNATTRIBUTED : consumer, d, Double::sum);
            }
        });
        String sync = null;
        if (memberSyncIos > 0) {
            // a pass that ended within the interval is named by what ran at its start
            SyncAction kind = job != null ? job.kind() : previousSync.get(a);
            sync = "md " + (kind == null ? "sync" : kind.word());
            ios.merge(sync, memberSyncIos, Double::sum);
        }
        double total = ios.values().stream().mapToDouble(Double::doubleValue).sum();
        Map<String, double[]> requests = new LinkedHashMap<>();
        Map<String, Map<SimulatedDevice, double[]>> ioStat = model.ioStat();
        for (LoadPhase p : model.scenario().loads()) {
            if (p.array().equals(a.name()) && p.cgroup() != null) {
                double[] now = ioStat.getOrDefault(p.cgroup(), Map.of()).get(a);
                double[] was = previousIoStat.getOrDefault(p.cgroup(), Map.of()).get(a);
                if (now != null) {
                    requests.put(p.consumer(), new double[] {now[0] - (was == null ? 0 : was[0]), now[1] - (was == null ? 0 : was[1])});
                }
            }
        }
        List<ConsumerTruth> out = new ArrayList<>();
        if (total <= 0) {
            return out;
        }
        String syncName = sync;
        ios.forEach((name, n) -> {
            double[] rw = requests.getOrDefault(name, new double[2]);
            out.add(new ConsumerTruth(name, name.equals(syncName), 100 * n / total, n / t, rw[0] / t, rw[1] / t));
        });
        out.sort(Comparator.comparingDouble(ConsumerTruth::memberIops).reversed().thenComparing(ConsumerTruth::name));
        return out;
    }
}
