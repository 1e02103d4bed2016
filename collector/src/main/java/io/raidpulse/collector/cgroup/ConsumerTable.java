package io.raidpulse.collector.cgroup;

import io.raidpulse.collector.sample.ConsumerKind;
import io.raidpulse.collector.sample.IoConsumer;
import io.raidpulse.md.Counts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One device's consumers for one interval: the I/O each consumer's cgroups submitted (summed by
 * name: a container's scope and its conmon, a pod's containers when folded), then the top N by
 * I/Os, "other" for the rest summed, and "unattributed": the device's own counters minus every
 * consumer's, never below 0 and never above what the device did. Reused cycle to cycle for the
 * same device (IoAttributor keeps one per device): io.stat counts a request when it is submitted,
 * diskstats when it completes, so in one interval the consumers can be ahead of the device by the
 * requests in flight and behind it in the next; what they were ahead is carried and taken off the
 * next intervals' difference, not counted again as unattributed (the lab measured that a clamp
 * alone, on 200 random reads a second of two fio jobs, made 8-10% of an array's load
 * "unattributed" that no one but the two jobs had done).
 */
public final class ConsumerTable {
    /** The fields of io.stat a consumer carries, in this order: rios wios rbytes wbytes dios dbytes. */
    static final int FIELDS = 6;
    public static final String OTHER = "other";
    public static final String UNATTRIBUTED = "unattributed";

    private static final class Row {
        String name;
        ConsumerKind kind;
        String cgroup;
        int cgroups;
        final long[] v = new long[FIELDS];
        boolean noDiscards;

        long ios() {
            return v[0] + v[1] + v[4];
        }

        long bytes() {
            return v[2] + v[3] + v[5];
        }
    }

    private final Map<String, Row> byName = new HashMap<>();
    private final List<Row> rows = new ArrayList<>();
    private final List<Row> spare = new ArrayList<>();
    /** What the consumers were ahead of the device so far and the device has not yet caught up with, per field. */
    private final long[] ahead = new long[FIELDS];

    /** Forgets the carried balance: the table now serves another device, or the baseline was lost. */
    public void reset() {
        clear();
        java.util.Arrays.fill(ahead, 0);
    }

    public void clear() {
        spare.addAll(rows);
        rows.clear();
        byName.clear();
    }

    /**
     * Adds one cgroup's counts for the interval: {@code v[off..off+6)} as {@link #FIELDS}, the
     * discards -1 when its io.stat has none.
     */
    public void add(String name, ConsumerKind kind, String cgroup, long[] v, int off) {
        Row r = byName.get(name);
        if (r == null) {
            r = spare.isEmpty() ? new Row() : spare.remove(spare.size() - 1);
            r.name = name;
            r.kind = kind;
            r.cgroup = cgroup;
            r.cgroups = 0;
            r.noDiscards = false;
            java.util.Arrays.fill(r.v, 0);
            byName.put(name, r);
            rows.add(r);
        } else if (r.cgroup != null && !r.cgroup.equals(cgroup)) {
            r.cgroup = null;
        }
        r.cgroups++;
        for (int i = 0; i < FIELDS; i++) {
            long x = v[off + i];
            if (x < 0) {
                r.noDiscards = true;
            } else {
                r.v[i] = Counts.plus(r.v[i], x);
            }
        }
    }

    /**
     * The consumers list of DeviceSample: the {@code top} largest by I/Os (then bytes) that did
     * any I/O, then "other" and "unattributed" when not zero. {@code device}: the device's own
     * counts ({@link DeviceIo#ios()}).
     */
    public List<IoConsumer> consumers(int top, long[] device) {
        rows.removeIf(r -> {
            if (r.ios() == 0 && r.bytes() == 0) {
                spare.add(r);
                return true;
            }
            return false;
        });
        rows.sort((a, b) -> a.ios() != b.ios() ? Long.compare(b.ios(), a.ios())
                : a.bytes() != b.bytes() ? Long.compare(b.bytes(), a.bytes()) : a.name.compareTo(b.name));
        boolean discards = device[4] >= 0;
        for (Row r : rows) {
            discards &= !r.noDiscards;
        }
        List<IoConsumer> out = new ArrayList<>(Math.min(rows.size(), top) + 2);
        long[] sum = new long[FIELDS];
        long[] other = new long[FIELDS];
        int otherCgroups = 0;
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            for (int f = 0; f < FIELDS; f++) {
                sum[f] = Counts.plus(sum[f], r.v[f]);
            }
            if (i < top) {
                out.add(consumer(r.name, r.kind, r.cgroup, r.cgroups, r.v, discards));
            } else {
                for (int f = 0; f < FIELDS; f++) {
                    other[f] = Counts.plus(other[f], r.v[f]);
                }
                otherCgroups += r.cgroups;
            }
        }
        if (otherCgroups > 0) {
            out.add(consumer(OTHER, ConsumerKind.OTHER, null, otherCgroups, other, discards));
        }
        long[] rest = unattributed(device, sum, ahead);
        if (rest[0] + rest[1] + rest[2] + rest[3] + rest[4] + rest[5] > 0) {
            out.add(consumer(UNATTRIBUTED, ConsumerKind.UNATTRIBUTED, null, 0, rest, discards));
        }
        return out;
    }

    /**
     * The device's own counts minus the consumers' and minus what the consumers were {@code ahead} before,
     * each clamped to [0, the device's]; {@code ahead} becomes what they are ahead now, at most this
     * interval's consumer counts (requests submitted and not yet completed are at most what was just
     * submitted, so a lasting excess, if a kernel ever counted one, is not carried on forever).
     */
    static long[] unattributed(long[] device, long[] consumers, long[] ahead) {
        long[] out = new long[FIELDS];
        for (int f = 0; f < FIELDS; f++) {
            long d = Math.max(0, device[f]);
            long c = Math.max(0, consumers[f]);
            long balance = Counts.plus(d, -Counts.plus(c, ahead[f]));
            out[f] = Math.min(d, Math.max(0, balance));
            ahead[f] = Math.min(c, Math.max(0, -balance));
        }
        return out;
    }

    private static IoConsumer consumer(String name, ConsumerKind kind, String cgroup, int cgroups, long[] v, boolean discards) {
        IoConsumer c = new IoConsumer();
        c.setName(name);
        c.setKind(kind);
        c.setCgroup(cgroup);
        c.setCgroups(cgroups);
        c.setReadIos(v[0]);
        c.setWriteIos(v[1]);
        c.setReadBytes(v[2]);
        c.setWriteBytes(v[3]);
        c.setDiscardIos(discards ? v[4] : null);
        c.setDiscardBytes(discards ? v[5] : null);
        return c;
    }
}
