package io.raidpulse.stream.aggregate;

import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.stream.load.SubjectLoad;
import io.raidpulse.stream.load.WriteAmplification;
import io.raidpulse.stream.state.StateReader;
import io.raidpulse.stream.state.StateWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Running sums of one device or array over one window; mergeable, so larger windows are built
 * from closed smaller ones. Counts come from diskstats deltas (devices: their own; arrays: the md
 * device's for what was asked, the leaf members' for util, await and write amplification).
 */
final class SubjectWindow {
    final String subject;
    final SubjectKind kind;
    int samples;
    /** seconds covered: the sum of the samples' intervals */
    double seconds;
    double utilSum;
    double utilMax;
    double memberUtilSum;
    double aquSzSum;
    long reads;
    long writes;
    long sectorsRead;
    long sectorsWritten;
    /** I/Os completed and ms spent on them, for the count-weighted await (arrays: over all leaf members) */
    long awaitIos;
    long awaitMs;
    final LogHistogram await;
    WriteAmplification amplification = WriteAmplification.NONE;
    /** arrays: sum over samples of each member's util */
    final Map<String, Double> memberUtil;
    String syncAction;

    SubjectWindow(String subject, SubjectKind kind) {
        this(subject, kind, new LogHistogram(), new LinkedHashMap<>());
    }

    private SubjectWindow(String subject, SubjectKind kind, LogHistogram await, Map<String, Double> memberUtil) {
        this.subject = subject;
        this.kind = kind;
        this.await = await;
        this.memberUtil = memberUtil;
    }

    void add(SubjectLoad load) {
        samples++;
        seconds += load.intervalS();
        utilSum += load.util();
        utilMax = Math.max(utilMax, load.util());
        aquSzSum += load.aquSz();
        if (load instanceof DeviceLoad d) {
            count(d);
            awaitIos += d.reads() + d.writes();
            awaitMs += d.ioMs();
            if (d.reads() + d.writes() > 0) {
                await.add(d.awaitMs());
            }
        } else if (load instanceof ArrayLoad a) {
            count(a.md());
            memberUtilSum += a.memberUtilMean();
            long ios = 0;
            for (DeviceLoad m : a.members()) {
                ios += m.reads() + m.writes();
                awaitMs += m.ioMs();
                memberUtil.merge(m.subject(), m.util(), Double::sum);
            }
            awaitIos += ios;
            if (ios > 0) {
                await.add(a.memberAwaitMs());
            }
            amplification = amplification.plus(a.amplification());
            if (a.syncAction() != null) {
                syncAction = a.syncAction();
            }
        }
    }

    private void count(DeviceLoad d) {
        reads += d.reads();
        writes += d.writes();
        sectorsRead += d.sectorsRead();
        sectorsWritten += d.sectorsWritten();
    }

    void merge(SubjectWindow o) {
        samples += o.samples;
        seconds += o.seconds;
        utilSum += o.utilSum;
        utilMax = Math.max(utilMax, o.utilMax);
        memberUtilSum += o.memberUtilSum;
        aquSzSum += o.aquSzSum;
        reads += o.reads;
        writes += o.writes;
        sectorsRead += o.sectorsRead;
        sectorsWritten += o.sectorsWritten;
        awaitIos += o.awaitIos;
        awaitMs += o.awaitMs;
        await.merge(o.await);
        amplification = amplification.plus(o.amplification);
        o.memberUtil.forEach((m, u) -> memberUtil.merge(m, u, Double::sum));
        if (o.syncAction != null) {
            syncAction = o.syncAction;
        }
    }

    Aggregate toAggregate(String host, long startMs, long sizeMs) {
        long ios = reads + writes;
        String busiest = null;
        double busiestSum = -1;
        for (Map.Entry<String, Double> e : memberUtil.entrySet()) {
            if (e.getValue() > busiestSum) {
                busiest = e.getKey();
                busiestSum = e.getValue();
            }
        }
        boolean array = kind == SubjectKind.ARRAY;
        return Aggregate.newBuilder()
                .setHost(host)
                .setSubject(subject)
                .setSubjectKind(kind)
                .setWindowS((int) (sizeMs / 1000))
                .setWindowStart(Instant.ofEpochMilli(startMs))
                .setWindowEnd(Instant.ofEpochMilli(startMs + sizeMs))
                .setSamples(samples)
                .setUtilMean(utilSum / samples)
                .setUtilMax(utilMax)
                .setMemberUtilMean(array ? memberUtilSum / samples : null)
                .setAwaitMeanMs(awaitIos == 0 ? 0.0 : (double) awaitMs / awaitIos)
                .setAwaitP95Ms(await.quantile(0.95))
                .setAquSzMean(aquSzSum / samples)
                .setRIops(reads / seconds)
                .setWIops(writes / seconds)
                .setRkBS(sectorsRead / 2.0 / seconds)
                .setWkBS(sectorsWritten / 2.0 / seconds)
                .setReadFraction(ios == 0 ? null : (double) reads / ios)
                .setMeanRequestKB(ios == 0 ? null : (sectorsRead + sectorsWritten) / 2.0 / ios)
                .setWriteAmpIo(array ? amplification.io() : null)
                .setWriteAmpSectors(array ? amplification.sectors() : null)
                .setBusiestMember(busiest)
                .setSyncAction(syncAction)
                .build();
    }

    void write(StateWriter w) {
        w.writeString(subject).writeByte(kind.ordinal()).writeInt(samples).writeDouble(seconds).writeDouble(utilSum)
                .writeDouble(utilMax).writeDouble(memberUtilSum).writeDouble(aquSzSum).writeLong(reads).writeLong(writes)
                .writeLong(sectorsRead).writeLong(sectorsWritten).writeLong(awaitIos).writeLong(awaitMs);
        await.write(w);
        WriteAmplification a = amplification;
        w.writeLong(a.mdReads()).writeLong(a.mdWrites()).writeLong(a.memberIos()).writeLong(a.mdSectorsRead())
                .writeLong(a.mdSectorsWritten()).writeLong(a.memberSectors());
        w.writeInt(memberUtil.size());
        memberUtil.forEach((m, u) -> w.writeString(m).writeDouble(u));
        w.writeString(syncAction);
    }

    static SubjectWindow read(StateReader r) {
        String subject = r.readString();
        SubjectKind kind = SubjectKind.values()[r.readByte()];
        int samples = r.readInt();
        double seconds = r.readDouble();
        double utilSum = r.readDouble();
        double utilMax = r.readDouble();
        double memberUtilSum = r.readDouble();
        double aquSzSum = r.readDouble();
        long reads = r.readLong();
        long writes = r.readLong();
        long sectorsRead = r.readLong();
        long sectorsWritten = r.readLong();
        long awaitIos = r.readLong();
        long awaitMs = r.readLong();
        LogHistogram await = LogHistogram.read(r);
        WriteAmplification amp = new WriteAmplification(r.readLong(), r.readLong(), r.readLong(), r.readLong(), r.readLong(),
                r.readLong());
        int n = r.readInt();
        Map<String, Double> memberUtil = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            memberUtil.put(r.readString(), r.readDouble());
        }
        SubjectWindow w = new SubjectWindow(subject, kind, await, memberUtil);
        w.samples = samples;
        w.seconds = seconds;
        w.utilSum = utilSum;
        w.utilMax = utilMax;
        w.memberUtilSum = memberUtilSum;
        w.aquSzSum = aquSzSum;
        w.reads = reads;
        w.writes = writes;
        w.sectorsRead = sectorsRead;
        w.sectorsWritten = sectorsWritten;
        w.awaitIos = awaitIos;
        w.awaitMs = awaitMs;
        w.amplification = amp;
        w.syncAction = r.readString();
        return w;
    }
}
