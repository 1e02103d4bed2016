package io.raidpulse.stream.saturation;

import io.raidpulse.model.attribution.MemberLoad;
import io.raidpulse.model.attribution.MemberLoadShare;
import io.raidpulse.schema.ConsumerHistoryState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.io.Encoder;

/**
 * Which consumers of one device or array have been busy, since when, and how busy the subject was
 * before each of them began: what tells a consumer that was absent before a saturation episode and
 * drives it ("backup.service started 02:00 UTC and brought md0 from 45% to 100%") from one that
 * was there all along.
 */
final class ConsumerHistory {
    /** A consumer is busy in a sample from this share of the subject's member load on. */
    static final double BUSY_SHARE = 0.02;
    /** Not busy for longer than this and busy again: it started anew (a nightly job, a restarted service). */
    static final long PAUSE_MS = 60_000;
    /** Consumers not busy for this long are forgotten. */
    static final long FORGET_MS = 15 * 60_000;
    /** Consumers remembered at most, the longest idle forgotten first: bounds the state per subject. */
    static final int MAX_CONSUMERS = 32;
    /** The calm util is a mean over about this many seconds of samples that were not hot. */
    static final double CALM_WINDOW_S = 60;

    /** One consumer's busy stretch. */
    static final class Entry {
        final String name;
        final String kind;
        long sinceMs;
        long lastMs;
        /** the subject's calm util when it became busy, 0-100; -1 when not known */
        double utilBefore;

        Entry(String name, String kind, long sinceMs, long lastMs, double utilBefore) {
            this.name = name;
            this.kind = kind;
            this.sinceMs = sinceMs;
            this.lastMs = lastMs;
            this.utilBefore = utilBefore;
        }
    }

    /** sample time since which every reading of io.stat told the subject's consumers, ms; -1 when the last one did not */
    long startMs = -1;
    /** util over the samples since {@link #startMs} that were not hot, weighted toward the latest ({@link #CALM_WINDOW_S}); -1 before the first */
    double calmUtil = -1;
    /** null while {@link #startMs} is -1: most subjects of most hosts never have consumers */
    Map<String, Entry> entries;

    /**
     * One sample's consumers at {@code timeMs}; null (the sample did not say) starts the history over.
     * A sample between two readings of io.stat is not observed at all (SubjectSaturation): the next
     * reading's consumers cover it, and a consumer is seen busy from that reading on.
     */
    void observe(MemberLoad consumers, long timeMs) {
        if (consumers == null) {
            startMs = -1;
            calmUtil = -1;
            entries = null;
            return;
        }
        if (entries == null || startMs < 0) {
            entries = new LinkedHashMap<>();
            startMs = timeMs;
        }
        for (MemberLoadShare s : consumers.shares()) {
            if (s.share() < BUSY_SHARE || MemberLoad.OTHER.equals(s.name())) {
                continue;
            }
            Entry e = entries.get(s.name());
            if (e == null) {
                entries.put(s.name(), new Entry(s.name(), s.kind(), timeMs, timeMs, calmUtil));
            } else {
                if (timeMs - e.lastMs > PAUSE_MS) {
                    e.sinceMs = timeMs;
                    e.utilBefore = calmUtil;
                }
                e.lastMs = Math.max(e.lastMs, timeMs);
            }
        }
        forget(timeMs);
    }

    /** A sample that was not hot: its util joins the calm mean. */
    void calm(double util, double intervalS) {
        if (startMs < 0) {
            return;
        }
        double alpha = Math.min(1.0, intervalS / CALM_WINDOW_S);
        calmUtil = calmUtil < 0 ? util : calmUtil + alpha * (util - calmUtil);
    }

    /**
     * The consumer's busy stretch when it began within {@code leadMs} before {@code episodeStart} (or after) and
     * the subject had been seen without it for at least {@code quietMs} before; else null.
     */
    Entry startedFor(String name, long episodeStart, long leadMs, long quietMs) {
        Entry e = entries == null ? null : entries.get(name);
        if (e == null || e.sinceMs < episodeStart - leadMs || e.sinceMs - startMs < quietMs) {
            return null;
        }
        return e;
    }

    private void forget(long timeMs) {
        Iterator<Entry> it = entries.values().iterator();
        while (it.hasNext()) {
            if (timeMs - it.next().lastMs > FORGET_MS) {
                it.remove();
            }
        }
        while (entries.size() > MAX_CONSUMERS) {
            Entry oldest = null;
            for (Entry e : entries.values()) {
                if (oldest == null || e.lastMs < oldest.lastMs) {
                    oldest = e;
                }
            }
            entries.remove(oldest.name);
        }
    }

    List<ConsumerHistoryState> toRecords() {
        if (entries == null) {
            return List.of();
        }
        List<ConsumerHistoryState> out = new ArrayList<>(entries.size());
        for (Entry e : entries.values()) {
            out.add(new ConsumerHistoryState(e.name, e.kind, e.sinceMs, e.lastMs, e.utilBefore));
        }
        return out;
    }

    /** {@link #toRecords} as the array Avro writes. */
    void write(Encoder out) throws IOException {
        out.writeArrayStart();
        if (entries == null) {
            out.setItemCount(0);
            out.writeArrayEnd();
            return;
        }
        out.setItemCount(entries.size());
        for (Entry e : entries.values()) {
            out.startItem();
            out.writeString(e.name);
            out.writeString(e.kind);
            out.writeLong(e.sinceMs);
            out.writeLong(e.lastMs);
            out.writeDouble(e.utilBefore);
        }
        out.writeArrayEnd();
    }

    void restore(long start, double calm, List<ConsumerHistoryState> records) {
        startMs = start;
        calmUtil = calm;
        if (start < 0) {
            entries = null;
            return;
        }
        entries = new LinkedHashMap<>();
        for (ConsumerHistoryState r : records) {
            entries.put(r.getName(), new Entry(r.getName(), r.getKind(), r.getSinceMs(), r.getLastMs(), r.getUtilBefore()));
        }
    }
}
