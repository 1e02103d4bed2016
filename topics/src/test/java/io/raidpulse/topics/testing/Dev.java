package io.raidpulse.topics.testing;

import io.raidpulse.schema.ConsumerKind;
import io.raidpulse.schema.CounterDeltas;
import io.raidpulse.schema.DeviceKind;
import io.raidpulse.schema.DeviceSample;
import io.raidpulse.schema.IoConsumer;
import io.raidpulse.schema.IostatMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * A device in a test sample, described by its iostat figures; the counter deltas are derived
 * from them and the interval as the collector derives the figures from the deltas.
 */
public final class Dev {
    final String name;
    DeviceKind kind = DeviceKind.DISK;
    Boolean rotational = true;
    String parent;
    String model;
    Long sizeBytes;
    final List<String> holders = new ArrayList<>();
    double util;
    double rS = 100;
    double wS = 50;
    double rkBS = 400;
    double wkBS = 800;
    double rAwait = 4;
    double wAwait = 6;
    double aquSz = 0.8;
    boolean noMetrics;
    /** what each consumer asked per second (DeviceSample.consumers, HostSample v5); null: the sample does not say */
    List<Consumer> consumers;

    /** One consumer's requests per second and kB per second, made counts over the sample's interval as io.stat's differences are. */
    record Consumer(String name, ConsumerKind kind, double rS, double wS, double rkBS, double wkBS) {
    }

    private Dev(String name) {
        this.name = name;
    }

    public static Dev disk(String name, double util) {
        Dev d = new Dev(name);
        d.util = util;
        return d;
    }

    public static Dev ssd(String name, double util) {
        return disk(name, util).rotational(false);
    }

    public static Dev md(String name) {
        Dev d = new Dev(name);
        d.kind = DeviceKind.MD;
        d.rotational = false;
        d.util = 0;
        d.aquSz = 0;
        d.rAwait = 0;
        d.wAwait = 0;
        return d;
    }

    public Dev kind(DeviceKind k) {
        kind = k;
        return this;
    }

    public Dev rotational(Boolean r) {
        rotational = r;
        return this;
    }

    public Dev parent(String p) {
        parent = p;
        return this;
    }

    public Dev model(String m) {
        model = m;
        return this;
    }

    public Dev size(long bytes) {
        sizeBytes = bytes;
        return this;
    }

    public Dev holder(String h) {
        holders.add(h);
        return this;
    }

    public Dev util(double u) {
        util = u;
        return this;
    }

    public Dev iops(double reads, double writes) {
        rS = reads;
        wS = writes;
        return this;
    }

    public Dev kBs(double read, double write) {
        rkBS = read;
        wkBS = write;
        return this;
    }

    public Dev await(double read, double write) {
        rAwait = read;
        wAwait = write;
        return this;
    }

    public Dev aqu(double a) {
        aquSz = a;
        return this;
    }

    /** A consumer of this device (kB/s of 1024 bytes); the first call makes the sample carry consumers. */
    public Dev consumer(String name, ConsumerKind kind, double readIops, double writeIops, double readKBs, double writeKBs) {
        if (consumers == null) {
            consumers = new ArrayList<>();
        }
        consumers.add(new Consumer(name, kind, readIops, writeIops, readKBs, writeKBs));
        return this;
    }

    /** A sample that carries consumers, none of them busy (attribution on, nothing to tell). */
    public Dev noConsumers() {
        consumers = new ArrayList<>();
        return this;
    }

    public Dev noMetrics() {
        noMetrics = true;
        return this;
    }

    DeviceSample build(Double interval) {
        DeviceSample.Builder b = DeviceSample.newBuilder().setName(name).setMajor(8).setMinor(0).setKind(kind)
                .setRotational(rotational).setParent(parent).setModel(model).setSizeBytes(sizeBytes).setHolders(holders).setCountersReset(false);
        if (noMetrics || interval == null) {
            return b.setMetrics(null).setDeltas(null).build();
        }
        double t = interval;
        long reads = Math.round(rS * t);
        long writes = Math.round(wS * t);
        IostatMetrics m = IostatMetrics.newBuilder()
                .setRS(rS).setWS(wS).setDS(0).setFS(0).setRkBS(rkBS).setWkBS(wkBS).setDkBS(0)
                .setRrqmS(0).setWrqmS(0).setDrqmS(0).setRrqm(0).setWrqm(0).setDrqm(0)
                .setRAwait(rAwait).setWAwait(wAwait).setDAwait(0).setFAwait(0)
                .setRareqSz(rS == 0 ? 0 : rkBS / rS).setWareqSz(wS == 0 ? 0 : wkBS / wS).setDareqSz(0)
                .setAquSz(aquSz).setUtil(util).build();
        CounterDeltas c = CounterDeltas.newBuilder()
                .setReads(reads).setReadsMerged(0).setSectorsRead(Math.round(rkBS * t * 2)).setReadMs(Math.round(rAwait * reads))
                .setWrites(writes).setWritesMerged(0).setSectorsWritten(Math.round(wkBS * t * 2)).setWriteMs(Math.round(wAwait * writes))
                .setIoTicksMs(Math.round(util * t * 10)).setWeightedMs(Math.round(aquSz * t * 1000)).build();
        if (consumers != null) {
            List<IoConsumer> io = new ArrayList<>(consumers.size());
            for (Consumer k : consumers) {
                boolean folded = k.kind() == ConsumerKind.OTHER || k.kind() == ConsumerKind.UNATTRIBUTED || k.kind() == ConsumerKind.SESSIONS;
                io.add(IoConsumer.newBuilder().setName(k.name()).setKind(k.kind())
                        .setCgroup(folded ? null : (k.kind() == ConsumerKind.SERVICE ? "/system.slice/" : "/") + k.name())
                        .setCgroups(k.kind() == ConsumerKind.UNATTRIBUTED ? 0 : 1)
                        .setReadIos(Math.round(k.rS() * t)).setWriteIos(Math.round(k.wS() * t))
                        .setReadBytes(Math.round(k.rkBS() * 1024 * t)).setWriteBytes(Math.round(k.wkBS() * 1024 * t))
                        .setDiscardIos(0L).setDiscardBytes(0L).build());
            }
            b.setConsumers(io);
        }
        return b.setMetrics(m).setDeltas(c).build();
    }
}
