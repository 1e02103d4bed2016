package io.raidpulse.stream.aggregate;

import io.raidpulse.schema.LogHistogramState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.io.Encoder;

/**
 * Counts of positive values in logarithmic buckets, each {@link #GAMMA} times wider than the one
 * before, so a percentile comes out within 1% of the true value in bounded space, and windows
 * merge by adding counts (1-hour windows are built from 1-minute ones). Exact minimum and maximum
 * are kept, and a percentile is clamped between them: with few samples p95 is the exact maximum.
 */
final class LogHistogram {
    /** Bucket width ratio: a bucket's geometric midpoint is within 1% of every value in it. */
    static final double GAMMA = 1.02;
    /** Values at or below this (ms) count as zero: far below any device's await. */
    static final double SMALLEST = 1e-3;
    private static final double LOG_GAMMA = Math.log(GAMMA);

    private int zeros;
    private int[] index = new int[0];
    private int[] count = new int[0];
    private long total;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;

    void add(double v) {
        total++;
        min = Math.min(min, v);
        max = Math.max(max, v);
        if (v <= SMALLEST) {
            zeros++;
            return;
        }
        increment((int) Math.floor(Math.log(v / SMALLEST) / LOG_GAMMA), 1);
    }

    void merge(LogHistogram o) {
        total += o.total;
        zeros += o.zeros;
        min = Math.min(min, o.min);
        max = Math.max(max, o.max);
        for (int i = 0; i < o.index.length; i++) {
            increment(o.index[i], o.count[i]);
        }
    }

    private void increment(int bucket, int n) {
        int at = Arrays.binarySearch(index, bucket);
        if (at >= 0) {
            count[at] += n;
            return;
        }
        int insert = -at - 1;
        int[] i2 = new int[index.length + 1];
        int[] c2 = new int[count.length + 1];
        System.arraycopy(index, 0, i2, 0, insert);
        System.arraycopy(count, 0, c2, 0, insert);
        i2[insert] = bucket;
        c2[insert] = n;
        System.arraycopy(index, insert, i2, insert + 1, index.length - insert);
        System.arraycopy(count, insert, c2, insert + 1, count.length - insert);
        index = i2;
        count = c2;
    }

    long count() {
        return total;
    }

    /** The q-quantile (0-1) by nearest rank, or 0 when empty. */
    double quantile(double q) {
        if (total == 0) {
            return 0.0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * total));
        if (rank >= total) {
            return max;
        }
        if (rank <= zeros) {
            return clamp(0.0);
        }
        long seen = zeros;
        for (int i = 0; i < index.length; i++) {
            seen += count[i];
            if (seen >= rank) {
                return clamp(SMALLEST * Math.pow(GAMMA, index[i] + 0.5));
            }
        }
        return max;
    }

    private double clamp(double v) {
        return Math.max(min, Math.min(max, v));
    }

    LogHistogramState toRecord() {
        return new LogHistogramState(total, zeros, min, max, boxed(index), boxed(count));
    }

    /** {@link #toRecord}'s record body, written from this histogram (LogHistogramState's fields in order). */
    void write(Encoder out) throws IOException {
        out.writeLong(total);
        out.writeInt(zeros);
        out.writeDouble(min);
        out.writeDouble(max);
        writeInts(out, index);
        writeInts(out, count);
    }

    private static void writeInts(Encoder out, int[] values) throws IOException {
        out.writeArrayStart();
        out.setItemCount(values.length);
        for (int v : values) {
            out.startItem();
            out.writeInt(v);
        }
        out.writeArrayEnd();
    }

    private static List<Integer> boxed(int[] values) {
        List<Integer> list = new ArrayList<>(values.length);
        for (int v : values) {
            list.add(v);
        }
        return list;
    }

    static LogHistogram fromRecord(LogHistogramState r) {
        LogHistogram h = new LogHistogram();
        h.total = r.getTotal();
        h.zeros = r.getZeros();
        h.min = r.getMin();
        h.max = r.getMax();
        h.index = r.getIndex().stream().mapToInt(Integer::intValue).toArray();
        h.count = r.getCount().stream().mapToInt(Integer::intValue).toArray();
        return h;
    }
}
