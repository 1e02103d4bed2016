package io.raidpulse.model.attribution;

import io.raidpulse.md.Counts;
import io.raidpulse.model.capacity.MemberCost;
import io.raidpulse.model.capacity.RaidLayout;
import io.raidpulse.model.matching.WindowRequests;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who loads an array's member disks: each consumer's requests to the array turned into the member
 * I/Os they cost, and its share of what the members did. The one arithmetic the stream processor
 * (per window), {@code raidpulse top} (per interval) and {@code plan} (per peak hour) share.
 *
 * <p>Why member I/Os and not the array's own requests: 100 writes a second on a 4-disk RAID5 cost
 * about 400 member I/Os (read old data and parity, write both), 100 reads about 100. A consumer's
 * weight is what the RAID model says its requests cost on this layout, at its own mean request
 * sizes ({@link RaidLayout#readCost}, {@link RaidLayout#writeCost}: large requests touch several
 * chunks, a raid5 write reads before it writes). The weights only divide; the total is measured:
 * the members' completed I/Os in the same interval, so the shares are of what really happened and
 * md's own extra work (metadata, a stripe cache gathering writes) is spread over the consumers in
 * proportion.
 *
 * <p>A sync (check, resync, recovery, reshape) is one consumer among them: md's own threads do its
 * member I/O, which no cgroup submits. While one runs, the sync's member I/Os are what the members
 * did beyond what the consumers' requests cost by the model, never negative; the consumers share the
 * rest. With a layout the model does not cover, the weights fall back to the measured write
 * amplification (one member I/O per read, the rest of the member I/Os spread over the writes), and a
 * sync cannot be told apart from the writes: {@link #syncSeparated()} is false then.
 *
 * <p>Member I/O the members did while nobody asked anything and no sync ran (md's superblock and
 * bitmap updates) is {@link #UNATTRIBUTED}'s.
 *
 * @param shares        every consumer with a share, the sync among them, largest first
 * @param memberIos     the member I/Os the shares divide (the measured total, or the modelled one when
 *                      the members' own counters are not known)
 * @param syncSeparated false when a sync ran but its member I/O could not be told from the consumers'
 */
public record MemberLoad(List<MemberLoadShare> shares, double memberIos, boolean syncSeparated) {

    /** The kind of the sync's entry. */
    public static final String SYNC_KIND = "sync";
    /** The name and kind of what nothing explains (the collector's "unattributed" consumer too). */
    public static final String UNATTRIBUTED = "unattributed";
    /** The name and kind of the consumers folded by {@link #top}. */
    public static final String OTHER = "other";

    public static final MemberLoad NONE = new MemberLoad(List.of(), 0, true);

    /**
     * @param layout    the array's geometry, {@code RaidLayout.of(SINGLE, 1)} for a standalone disk, or null
     *                  when the model does not cover it
     * @param memberIos reads plus writes the leaf member disks completed in the interval (a standalone
     *                  disk's own); null when they cannot be seen (a hardware RAID volume's members): the
     *                  modelled cost is the total then
     * @param sync      the name of the sync md ran on the array in the interval ("md check"), or null
     * @param consumers what each consumer asked of the array, "other" and "unattributed" included
     */
    public static MemberLoad of(RaidLayout layout, Long memberIos, String sync, List<ConsumerRequests> consumers) {
        if (memberIos != null && memberIos < 0) {
            throw new IllegalArgumentException("member I/Os cannot be negative, got " + memberIos);
        }
        Map<String, ConsumerRequests> byName = merged(consumers);
        double[][] cost = new double[byName.size()][];
        double modelled = 0;
        int i = 0;
        double writeAmp = layout == null ? measuredWriteAmplification(byName.values(), memberIos) : Double.NaN;
        for (ConsumerRequests c : byName.values()) {
            cost[i] = layout == null ? new double[] {c.reads(), c.writes() * writeAmp} : modelledCost(layout, c);
            modelled += cost[i][0] + cost[i][1];
            i++;
        }
        double total = memberIos == null ? modelled : memberIos;
        boolean separated = sync == null || (layout != null && memberIos != null);
        double syncIos = sync != null && separated ? Math.max(0, total - modelled) : 0;
        double forConsumers = total - syncIos;
        double scale = modelled > 0 ? forConsumers / modelled : 0;
        List<MemberLoadShare> shares = new ArrayList<>(byName.size() + 2);
        i = 0;
        double unexplained = modelled > 0 ? 0 : forConsumers;
        for (ConsumerRequests c : byName.values()) {
            double r = cost[i][0] * scale;
            double w = cost[i][1] * scale;
            i++;
            if (UNATTRIBUTED.equals(c.name()) && unexplained > 0) {
                w += unexplained;
                unexplained = 0;
            }
            if (r + w > 0 || !c.idle()) {
                shares.add(share(c.name(), c.kind(), r, w, total, c));
            }
        }
        if (unexplained > 0) {
            shares.add(share(UNATTRIBUTED, UNATTRIBUTED, 0, unexplained, total, null));
        }
        if (syncIos > 0) {
            shares.add(share(sync, SYNC_KIND, syncIos, 0, total, null));
        }
        shares.sort(LARGEST_FIRST);
        return new MemberLoad(List.copyOf(shares), total, separated);
    }

    /**
     * The shares of two intervals (or windows) together: member I/Os and requests added by consumer,
     * shares taken again over the sum.
     */
    public MemberLoad plus(MemberLoad other) {
        if (other.memberIos == 0 && other.shares.isEmpty()) {
            return this;
        }
        if (memberIos == 0 && shares.isEmpty()) {
            return other;
        }
        Map<String, MemberLoadShare> sum = new LinkedHashMap<>();
        for (MemberLoadShare s : shares) {
            sum.put(s.name(), s);
        }
        for (MemberLoadShare s : other.shares) {
            sum.merge(s.name(), s, MemberLoad::add);
        }
        return rescaled(sum.values(), memberIos + other.memberIos, syncSeparated && other.syncSeparated);
    }

    /**
     * The {@code n} largest consumers, the rest folded into one {@link #OTHER} (with an "other" the
     * consumers already had); the sync and {@link #UNATTRIBUTED} are always kept, outside the n. What a
     * bounded report or a bounded series keeps.
     */
    public MemberLoad top(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("top needs a count of at least 0, got " + n);
        }
        List<MemberLoadShare> kept = new ArrayList<>();
        MemberLoadShare other = null;
        int named = 0;
        for (MemberLoadShare s : shares) {
            boolean always = SYNC_KIND.equals(s.kind()) || UNATTRIBUTED.equals(s.name());
            if (always || (named < n && !OTHER.equals(s.name()))) {
                kept.add(s);
                named += always ? 0 : 1;
            } else {
                MemberLoadShare folded = new MemberLoadShare(OTHER, OTHER, s.readMemberIos(), s.writeMemberIos(), 0,
                        s.reads(), s.writes(), s.readBytes(), s.writeBytes());
                other = other == null ? folded : add(other, folded);
            }
        }
        if (other != null) {
            kept.add(other);
        }
        return rescaled(kept, memberIos, syncSeparated);
    }

    /** The named consumer's entry, or null. */
    public MemberLoadShare get(String name) {
        for (MemberLoadShare s : shares) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** The sync's entry, or null when none ran or its part could not be told. */
    public MemberLoadShare sync() {
        for (MemberLoadShare s : shares) {
            if (SYNC_KIND.equals(s.kind())) {
                return s;
            }
        }
        return null;
    }

    private static final Comparator<MemberLoadShare> LARGEST_FIRST =
            Comparator.comparingDouble(MemberLoadShare::memberIos).reversed().thenComparing(MemberLoadShare::name);

    private static MemberLoad rescaled(Iterable<MemberLoadShare> entries, double total, boolean separated) {
        List<MemberLoadShare> out = new ArrayList<>();
        for (MemberLoadShare s : entries) {
            out.add(new MemberLoadShare(s.name(), s.kind(), s.readMemberIos(), s.writeMemberIos(),
                    total > 0 ? s.memberIos() / total : 0, s.reads(), s.writes(), s.readBytes(), s.writeBytes()));
        }
        out.sort(LARGEST_FIRST);
        return new MemberLoad(List.copyOf(out), total, separated);
    }

    private static MemberLoadShare add(MemberLoadShare a, MemberLoadShare b) {
        return new MemberLoadShare(a.name(), a.kind(), a.readMemberIos() + b.readMemberIos(),
                a.writeMemberIos() + b.writeMemberIos(), 0, a.reads() + b.reads(), a.writes() + b.writes(),
                a.readBytes() + b.readBytes(), a.writeBytes() + b.writeBytes());
    }

    private static MemberLoadShare share(String name, String kind, double r, double w, double total, ConsumerRequests c) {
        return new MemberLoadShare(name, kind, r, w, total > 0 ? (r + w) / total : 0,
                c == null ? 0 : c.reads(), c == null ? 0 : c.writes(), c == null ? 0 : c.readBytes(), c == null ? 0 : c.writeBytes());
    }

    /* One entry per name: a consumer listed twice (two cgroups folded under one name) is summed. */
    private static Map<String, ConsumerRequests> merged(List<ConsumerRequests> consumers) {
        Map<String, ConsumerRequests> byName = new LinkedHashMap<>();
        for (ConsumerRequests c : consumers) {
            byName.merge(c.name(), c, (a, b) -> new ConsumerRequests(a.name(), a.kind(), Counts.plus(a.reads(), b.reads()),
                    Counts.plus(a.writes(), b.writes()), Counts.plus(a.readBytes(), b.readBytes()),
                    Counts.plus(a.writeBytes(), b.writeBytes())));
        }
        return byName;
    }

    /* Member reads and member I/Os for writes the model says a consumer's requests cost, at its mean sizes. */
    private static double[] modelledCost(RaidLayout layout, ConsumerRequests c) {
        double r = 0;
        double w = 0;
        if (c.reads() > 0) {
            MemberCost cost = layout.readCost(meanSize(c.readBytes(), c.reads()));
            r = c.reads() * (cost.reads() + cost.writes());
        }
        if (c.writes() > 0) {
            MemberCost cost = layout.writeCost(meanSize(c.writeBytes(), c.writes()));
            w = c.writes() * (cost.reads() + cost.writes());
        }
        return new double[] {r, w};
    }

    private static long meanSize(long bytes, long requests) {
        return Math.max(WindowRequests.MIN_REQUEST_BYTES, Math.round((double) bytes / requests));
    }

    /*
     * Without a model: member I/Os per write beyond one member read per read, as the stream's write
     * amplification measures it; 1 when it cannot be measured.
     */
    private static double measuredWriteAmplification(Iterable<ConsumerRequests> consumers, Long memberIos) {
        long reads = 0;
        long writes = 0;
        for (ConsumerRequests c : consumers) {
            reads = Counts.plus(reads, c.reads());
            writes = Counts.plus(writes, c.writes());
        }
        if (memberIos == null || writes == 0 || memberIos <= reads) {
            return 1;
        }
        return (double) (memberIos - reads) / writes;
    }
}
