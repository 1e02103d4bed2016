package io.raidpulse.stream.aggregate;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.attribution.MemberLoadShare;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.AggregateConsumer;
import io.raidpulse.schema.MdFiguresState;
import io.raidpulse.schema.MemberUtilState;
import io.raidpulse.schema.SubjectKind;
import io.raidpulse.schema.SubjectWindowState;
import io.raidpulse.schema.WindowConsumersState;
import io.raidpulse.schema.WriteAmplificationState;
import io.raidpulse.stream.load.ArrayLoad;
import io.raidpulse.stream.load.DeviceLoad;
import io.raidpulse.stream.load.SubjectLoad;
import io.raidpulse.stream.load.WriteAmplification;
import io.raidpulse.stream.state.ConsumerLoadStates;
import io.raidpulse.stream.state.Unions;
import io.raidpulse.topics.load.MdState;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.io.Encoder;

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
    final MemberUtilSums memberUtil;
    String syncAction;
    /** arrays: the most members missing, and faulty, in any sample; -1 before md said */
    int degradedMax = -1;
    int faultyMax = -1;
    /** arrays: md's figures at the latest sample of the window, and that sample's time */
    MdState mdState;
    long mdStateMs = Long.MIN_VALUE;
    /** who loaded it, summed over the samples that said (raid-model MemberLoad: plus keeps the shares of the sums); null before */
    MemberLoad consumers;
    /** the samples that said, and the seconds they cover: the consumers' rates are over these */
    int consumerSamples;
    double consumerSeconds;

    SubjectWindow(String subject, SubjectKind kind) {
        this(subject, kind, new LogHistogram(), new MemberUtilSums());
    }

    private SubjectWindow(String subject, SubjectKind kind, LogHistogram await, MemberUtilSums memberUtil) {
        this.subject = subject;
        this.kind = kind;
        this.await = await;
        this.memberUtil = memberUtil;
    }

    /** One sample's load, taken at {@code timeMs}. */
    void add(SubjectLoad load, long timeMs) {
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
            List<DeviceLoad> members = a.members();
            for (int i = 0; i < members.size(); i++) {
                DeviceLoad m = members.get(i);
                ios += m.reads() + m.writes();
                awaitMs += m.ioMs();
                memberUtil.add(i, m.subject(), m.util());
            }
            awaitIos += ios;
            if (ios > 0) {
                await.add(a.memberAwaitMs());
            }
            amplification = amplification.plus(a.amplification());
            if (a.syncAction() != null) {
                syncAction = a.syncAction();
            }
            addState(a.state(), timeMs);
        }
        MemberLoad c = load.consumers();
        if (c != null) {
            consumers = consumers == null ? c : consumers.plus(c);
            consumerSamples++;
            consumerSeconds += load.intervalS();
        }
    }

    private void addState(MdState state, long timeMs) {
        if (state.degraded() != null) {
            degradedMax = Math.max(degradedMax, state.degraded());
        }
        faultyMax = Math.max(faultyMax, state.faulty());
        // a late sample counted in the window does not replace a later one's figures
        if (timeMs >= mdStateMs) {
            mdState = state;
            mdStateMs = timeMs;
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
        memberUtil.addAll(o.memberUtil);
        if (o.syncAction != null) {
            syncAction = o.syncAction;
        }
        degradedMax = Math.max(degradedMax, o.degradedMax);
        faultyMax = Math.max(faultyMax, o.faultyMax);
        if (o.mdState != null && o.mdStateMs >= mdStateMs) {
            mdState = o.mdState;
            mdStateMs = o.mdStateMs;
        }
        if (o.consumers != null) {
            consumers = consumers == null ? o.consumers : consumers.plus(o.consumers);
            consumerSamples += o.consumerSamples;
            consumerSeconds += o.consumerSeconds;
        }
    }

    /** The closed window; {@code consumersTop}: the consumers it names, the rest summed as "other" (MemberLoad.top). */
    Aggregate toAggregate(String host, long startMs, long sizeMs, int consumersTop) {
        long ios = reads + writes;
        String busiest = memberUtil.busiest();
        boolean array = kind == SubjectKind.ARRAY;
        MdState md = array ? mdState : null;
        // the all-fields constructor, in the schema's field order: the builder deep-copied the default of each of the
        // thirty fields left unset here (nulls, an empty map) for every aggregate, a twentieth of the stream thread
        return new Aggregate(host, subject, kind, (int) (sizeMs / 1000), Instant.ofEpochMilli(startMs),
                Instant.ofEpochMilli(startMs + sizeMs), samples, utilSum / samples, utilMax,
                array ? memberUtilSum / samples : null,
                awaitIos == 0 ? 0.0 : (double) awaitMs / awaitIos,
                await.quantile(0.95),
                aquSzSum / samples,
                reads / seconds,
                writes / seconds,
                sectorsRead / 2.0 / seconds,
                sectorsWritten / 2.0 / seconds,
                ios == 0 ? null : (double) reads / ios,
                ios == 0 ? null : (sectorsRead + sectorsWritten) / 2.0 / ios,
                array ? amplification.io() : null,
                array ? amplification.sectors() : null,
                busiest,
                syncAction,
                // level, layout, raid_disks, chunk_bytes, disk_model, rotational, member_bytes: the capacity comparison's
                null, null, null, null, null, null, null,
                // capacity_source to capacity_member_MB_s: the capacity comparison's
                null, null, null, null, null, null, null, null, null, null, null, null,
                new HashMap<>(),
                md == null || degradedMax < 0 ? null : degradedMax,
                md == null ? null : faultyMax,
                md == null ? null : md.members(),
                md == null ? null : md.spares(),
                md == null ? null : md.syncPct(),
                md == null ? null : md.syncSpeed(),
                md == null ? null : md.syncEta(),
                md == null ? null : md.mismatches(),
                // controller, controller_cache: hardware volumes' (the capacity comparison's)
                null, null,
                consumers == null ? null : consumers(consumersTop),
                consumerSamples);
    }

    private List<AggregateConsumer> consumers(int top) {
        MemberLoad kept = consumers.top(top);
        double s = consumerSeconds > 0 ? consumerSeconds : 1;
        List<AggregateConsumer> out = new ArrayList<>(kept.shares().size());
        for (MemberLoadShare c : kept.shares()) {
            // a share is a quotient of sums: a lone consumer's can come out a rounding above 1
            out.add(new AggregateConsumer(c.name(), c.kind(), Math.min(100.0, c.share() * 100), c.memberIos() / s, c.readMemberIos() / s,
                    c.writeMemberIos() / s, c.reads() / s, c.writes() / s, c.readBytes() / 1024.0 / s, c.writeBytes() / 1024.0 / s));
        }
        return out;
    }

    /** The all-fields constructor, in the schema's field order: the builder's checks and defaults cost a tenth of each state write. */
    SubjectWindowState toRecord() {
        WriteAmplification a = amplification;
        List<MemberUtilState> members = new ArrayList<>(memberUtil.size());
        for (int i = 0; i < memberUtil.size(); i++) {
            members.add(new MemberUtilState(memberUtil.name(i), memberUtil.sum(i)));
        }
        MdState m = mdState;
        return new SubjectWindowState(subject, kind, samples, seconds, utilSum, utilMax, memberUtilSum, aquSzSum, reads, writes,
                sectorsRead, sectorsWritten, awaitIos, awaitMs, await.toRecord(),
                new WriteAmplificationState(a.mdReads(), a.mdWrites(), a.memberIos(), a.mdSectorsRead(), a.mdSectorsWritten(),
                        a.memberSectors()),
                members, syncAction, degradedMax, faultyMax, mdStateMs,
                m == null ? null : new MdFiguresState(m.members(), m.faulty(), m.spares(), m.degraded(), m.syncPct(), m.syncSpeed(),
                        m.syncEta(), m.mismatches()),
                consumers == null ? null : new WindowConsumersState(consumerSamples, consumerSeconds, consumers.memberIos(),
                        consumers.syncSeparated(), ConsumerLoadStates.toRecords(consumers)));
    }

    /** {@link #toRecord}'s record body, written from this window: SubjectWindowState's fields in its order. */
    void write(Encoder out) throws IOException {
        out.writeString(subject);
        out.writeEnum(kind.ordinal());
        out.writeInt(samples);
        out.writeDouble(seconds);
        out.writeDouble(utilSum);
        out.writeDouble(utilMax);
        out.writeDouble(memberUtilSum);
        out.writeDouble(aquSzSum);
        out.writeLong(reads);
        out.writeLong(writes);
        out.writeLong(sectorsRead);
        out.writeLong(sectorsWritten);
        out.writeLong(awaitIos);
        out.writeLong(awaitMs);
        await.write(out);
        WriteAmplification a = amplification;
        out.writeLong(a.mdReads());
        out.writeLong(a.mdWrites());
        out.writeLong(a.memberIos());
        out.writeLong(a.mdSectorsRead());
        out.writeLong(a.mdSectorsWritten());
        out.writeLong(a.memberSectors());
        out.writeArrayStart();
        out.setItemCount(memberUtil.size());
        for (int i = 0; i < memberUtil.size(); i++) {
            out.startItem();
            out.writeString(memberUtil.name(i));
            out.writeDouble(memberUtil.sum(i));
        }
        out.writeArrayEnd();
        Unions.writeNullable(out, syncAction);
        out.writeInt(degradedMax);
        out.writeInt(faultyMax);
        out.writeLong(mdStateMs);
        writeMdState(out, mdState);
        // one byte for a window nobody told the consumers of: most of them
        if (consumers == null) {
            out.writeIndex(0);
            out.writeNull();
            return;
        }
        out.writeIndex(1);
        out.writeInt(consumerSamples);
        out.writeDouble(consumerSeconds);
        out.writeDouble(consumers.memberIos());
        out.writeBoolean(consumers.syncSeparated());
        ConsumerLoadStates.writeArray(out, consumers);
    }

    private static void writeMdState(Encoder out, MdState m) throws IOException {
        if (m == null) {
            out.writeIndex(0);
            out.writeNull();
            return;
        }
        out.writeIndex(1);
        out.writeInt(m.members());
        out.writeInt(m.faulty());
        out.writeInt(m.spares());
        if (m.degraded() == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            out.writeInt(m.degraded());
        }
        if (m.syncPct() == null) {
            out.writeIndex(0);
            out.writeNull();
        } else {
            out.writeIndex(1);
            out.writeDouble(m.syncPct());
        }
        Unions.writeNullable(out, m.syncSpeed());
        Unions.writeNullable(out, m.syncEta());
        Unions.writeNullable(out, m.mismatches());
    }

    static SubjectWindow fromRecord(SubjectWindowState r) {
        MemberUtilSums memberUtil = new MemberUtilSums();
        List<MemberUtilState> members = r.getMemberUtil();
        for (int i = 0; i < members.size(); i++) {
            memberUtil.add(i, members.get(i).getMember(), members.get(i).getUtilSum());
        }
        SubjectWindow w = new SubjectWindow(r.getSubject(), r.getKind(), LogHistogram.fromRecord(r.getAwait()), memberUtil);
        w.samples = r.getSamples();
        w.seconds = r.getSeconds();
        w.utilSum = r.getUtilSum();
        w.utilMax = r.getUtilMax();
        w.memberUtilSum = r.getMemberUtilSum();
        w.aquSzSum = r.getAquSzSum();
        w.reads = r.getReads();
        w.writes = r.getWrites();
        w.sectorsRead = r.getSectorsRead();
        w.sectorsWritten = r.getSectorsWritten();
        w.awaitIos = r.getAwaitIos();
        w.awaitMs = r.getAwaitMs();
        WriteAmplificationState a = r.getAmplification();
        w.amplification = new WriteAmplification(a.getMdReads(), a.getMdWrites(), a.getMemberIos(), a.getMdSectorsRead(),
                a.getMdSectorsWritten(), a.getMemberSectors());
        w.syncAction = r.getSyncAction();
        w.degradedMax = r.getDegradedMax();
        w.faultyMax = r.getFaultyMax();
        w.mdStateMs = r.getMdStateMs();
        MdFiguresState m = r.getMdState();
        w.mdState = m == null ? null : new MdState(m.getMembers(), m.getFaulty(), m.getSpares(), m.getDegraded(), m.getSyncPct(),
                m.getSyncSpeed(), m.getSyncEta(), m.getMismatches());
        WindowConsumersState c = r.getConsumerSums();
        if (c != null) {
            w.consumers = ConsumerLoadStates.fromRecords(c.getLoads(), c.getMemberIos(), c.getSyncSeparated());
            w.consumerSamples = c.getSamples();
            w.consumerSeconds = c.getSeconds();
        }
        return w;
    }
}
