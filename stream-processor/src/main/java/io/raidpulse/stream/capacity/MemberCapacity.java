package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.model.matching.WindowRequests;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.schema.LearnedFigureState;
import io.raidpulse.schema.MemberCapacityState;
import java.util.Optional;

/**
 * What the members of an array measurably serve per second of busy time, from the members' own
 * counters in a closed window: member I/Os per busy second (random requests) or member bytes per
 * busy second (sequential streams). Kept per host and member disk model as the learned profile of
 * those disks ({@link HostShapes#measured()}), and turned into the member disk of the capacity model
 * when no benchmark of these disks is known.
 *
 * <p>The array aggregate carries the members' counters in the form needed: member I/Os are md reads
 * plus {@code write_amp_io} md writes (that field is (member reads + member writes - md reads) / md
 * writes), member bytes the same on sectors, and {@code member_util_mean} is the members' busy share.
 * One figure for reads and writes: a window gives one equation (busy time = reads x tr + writes x tw),
 * not two, so the directions are not told apart; the model's member costs still split them.
 *
 * <p>Each figure is {@link Learned}: the weighted figure the model uses, the busy windows it is
 * from, and the spread of those windows' own figures, so that a window can say how sure its
 * capacity is ({@link CapacityConfidence}).
 *
 * @param random       member I/Os one member completes per busy second at {@code requestBytes}; null when
 *                     only sequential windows were measured
 * @param requestBytes mean request size asked of the array in the windows measured for random I/O, bytes
 * @param sequential    member MB (10^6 bytes) one member transfers per busy second in sequential windows; null
 *                      when none was measured
 * @param lastWindowEnd end (ms) of the last window learned from; {@link Long#MIN_VALUE} when not known (a
 *                      window's own measurement, or a state format before 3)
 */
record MemberCapacity(Learned random, long requestBytes, Learned sequential, long lastWindowEnd) {
    MemberCapacity(Learned random, long requestBytes, Learned sequential) {
        this(random, requestBytes, sequential, Long.MIN_VALUE);
    }

    /** These figures, learned up to the window ending at {@code end} (ms). */
    MemberCapacity learnedAt(long end) {
        return new MemberCapacity(random, requestBytes, sequential, end);
    }

    /**
     * Busiest member util (%) from which a window is busy enough to keep as the learned profile: a
     * disk half busy is queueing enough that its completions per busy second are its capacity, not
     * its idle response to a trickle.
     */
    static final double LEARN_FROM_UTIL = 50;
    /**
     * Mean member util (%) from which a window is evidence at all (to contradict a profile): below it
     * the busy time is a few seconds of the minute and the ratio is noise.
     */
    static final double EVIDENCE_FROM_UTIL = 5;
    /** Weight of a new busy window in the learned figures: a few windows move them, one odd window does not. */
    static final double NEW_WINDOW_WEIGHT = 0.25;

    /**
     * What one closed window of an array shows: empty when it cannot say (idle or nearly so, a sync
     * running or members missing, whose I/O md does not count, or member counters missing).
     */
    static Optional<MemberCapacity> of(Aggregate a, boolean sequential) {
        Integer disks = a.getRaidDisks();
        Double busy = a.getMemberUtilMean();
        if (disks == null || disks < 1 || busy == null || busy < EVIDENCE_FROM_UTIL || a.getSyncAction() != null
                || a.getDegradedMax() != null && a.getDegradedMax() > 0) {
            return Optional.empty();
        }
        double reads = a.getRIops();
        double writes = a.getWIops();
        double perBusySecond = disks * busy / 100;
        if (sequential) {
            Double amp = writes > 0 ? a.getWriteAmpSectors() : Double.valueOf(0);
            double bytes = amp == null ? -1 : (a.getRkBS() + amp * a.getWkBS()) * 1024;
            return bytes > 0 ? Optional.of(new MemberCapacity(null, 0, Learned.first(bytes / perBusySecond / 1e6))) : Optional.empty();
        }
        Double amp = writes > 0 ? a.getWriteAmpIo() : Double.valueOf(0);
        double ios = amp == null ? -1 : reads + amp * writes;
        if (!(ios > 0) || !(reads + writes > 0)) {
            return Optional.empty();
        }
        long bytes = WindowRequests.of(reads, writes, a.getRkBS(), a.getWkBS()).meanBytes();
        return Optional.of(new MemberCapacity(Learned.first(ios / perBusySecond), bytes, null));
    }

    /** Whether a window showing this is busy enough to be kept as the learned profile. */
    static boolean busyEnoughToLearn(Aggregate a) {
        return a.getUtilMean() >= LEARN_FROM_UTIL;
    }

    /** These learned figures with one more busy window's, each kind weighted {@link #NEW_WINDOW_WEIGHT} against the earlier ones. */
    MemberCapacity with(MemberCapacity window) {
        long bytes = window.random == null ? requestBytes
                : random == null ? window.requestBytes
                : Math.round(requestBytes + NEW_WINDOW_WEIGHT * (window.requestBytes - requestBytes));
        return new MemberCapacity(Learned.with(random, window.random), bytes, Learned.with(sequential, window.sequential), lastWindowEnd);
    }

    /** One window's measurement with its figure multiplied by {@code k} (a learned figure's spread would not scale so). */
    MemberCapacity scaledBy(double k) {
        if (windows() != 1) {
            throw new IllegalStateException("only one window's measurement is scaled, not figures learned from " + windows());
        }
        return new MemberCapacity(random == null ? null : Learned.first(random.value() * k), requestBytes,
                sequential == null ? null : Learned.first(sequential.value() * k));
    }

    /** Member I/Os per busy second, or null when only sequential windows were measured. */
    Double iopsPerBusySecond() {
        return random == null ? null : random.value();
    }

    /** Member MB per busy second, or null when no sequential window was measured. */
    Double mbPerBusySecond() {
        return sequential == null ? null : sequential.value();
    }

    /** The figure the model uses for a window of this pattern (null when that kind was not measured and the default stands in). */
    Learned figure(boolean sequentialWindow) {
        return sequentialWindow ? sequential : random;
    }

    /** Busy windows behind both figures. */
    int windows() {
        return (random == null ? 0 : random.windows()) + (sequential == null ? 0 : sequential.windows());
    }

    /**
     * The member disk for the capacity model: the measured figures, and the disk-class default's
     * for what was not measured (the other access pattern).
     *
     * @param id       {@code HOST/MODEL}, the capacity_source's id
     * @param fallback the disk-class default of these disks
     */
    DiskProfile disk(String id, String model, Boolean rotational, DiskProfile fallback) {
        double iops = random == null ? fallback.randomReadIops() : random.value();
        double writeIops = random == null ? fallback.randomWriteIops() : random.value();
        long bytes = random == null ? fallback.blockSizeBytes() : requestBytes;
        double mbps = sequential == null ? fallback.sequentialMBps() : sequential.value();
        int windows = windows();
        return new DiskProfile(id, "member disk " + (model == null ? "of unknown model" : model) + " as measured on its array",
                model, rotational, iops, writeIops, bytes, null, mbps,
                "measured: completed member I/Os per busy second over " + windows + " busy 1-minute window" + (windows == 1 ? "" : "s"));
    }

    MemberCapacityState toRecord(String modelKey) {
        return new MemberCapacityState(modelKey, Learned.toRecord(random), requestBytes, Learned.toRecord(sequential),
                HostShapes.known(lastWindowEnd));
    }

    static MemberCapacity fromRecord(MemberCapacityState r) {
        return new MemberCapacity(Learned.fromRecord(r.getRandom()), r.getRequestBytes(), Learned.fromRecord(r.getSequential()),
                r.getLastWindowEnd() == null ? Long.MIN_VALUE : r.getLastWindowEnd());
    }

    /**
     * One learned figure.
     *
     * @param value         the figure the model uses: each busy window's figure weighted {@link #NEW_WINDOW_WEIGHT}
     *                      against the earlier ones
     * @param windows       busy windows it is learned from
     * @param spreadWindows of those, the windows whose figures the spread counts (all but those learned before
     *                      state format 3)
     * @param mean          unweighted mean of those windows' figures
     * @param m2            sum of their squared deviations from {@code mean} (Welford's running variance)
     */
    record Learned(double value, int windows, int spreadWindows, double mean, double m2) {
        /* what state formats before 3 kept: the figure and its windows, no spread */
        static Learned restored(double value, int windows) {
            return new Learned(value, Math.max(1, windows), 0, 0, 0);
        }

        static Learned first(double figure) {
            return new Learned(figure, 1, 1, figure, 0);
        }

        static Learned with(Learned before, Learned now) {
            if (now == null) {
                return before;
            }
            return before == null ? now : before.with(now);
        }

        /** With the figures of {@code other} (one window, or several of another store) added after these. */
        private Learned with(Learned other) {
            double weighted = value + NEW_WINDOW_WEIGHT * (other.value - value);
            // Chan et al.'s pairwise update of the running mean and M2
            int n = spreadWindows + other.spreadWindows;
            double delta = other.mean - mean;
            double newMean = n == 0 ? 0 : mean + delta * other.spreadWindows / n;
            double newM2 = n == 0 ? 0 : m2 + other.m2 + delta * delta * spreadWindows * other.spreadWindows / n;
            return new Learned(weighted, windows + other.windows, n, newMean, newM2);
        }

        /**
         * Relative standard error of {@link #value}: the standard deviation of the windows' figures
         * times the root of the sum of the squared weights the weighted figure gives its windows,
         * over the figure (0.05: the figure is known to about 5%). Null under two windows with a
         * spread: one window says nothing about how much windows differ.
         */
        Double relativeStandardError() {
            if (spreadWindows < 2 || !(value > 0)) {
                return null;
            }
            double sd = Math.sqrt(Math.max(0, m2) / (spreadWindows - 1));
            return sd * Math.sqrt(sumOfSquaredWeights(windows)) / value;
        }

        /**
         * Sum of the squared weights of n windows in the weighted figure: the first keeps
         * (1 - a)^(n-1), the k-th after it a (1 - a)^(n-1-k), with a = {@link #NEW_WINDOW_WEIGHT}.
         * 1 for one window; toward a / (2 - a) (1/7) for many.
         */
        static double sumOfSquaredWeights(int n) {
            double q = (1 - NEW_WINDOW_WEIGHT) * (1 - NEW_WINDOW_WEIGHT);
            double first = Math.pow(q, n - 1);
            return first + NEW_WINDOW_WEIGHT * NEW_WINDOW_WEIGHT * (1 - first) / (1 - q);
        }

        static LearnedFigureState toRecord(Learned l) {
            return l == null ? null : new LearnedFigureState(l.value, l.windows, l.spreadWindows, l.mean, l.m2);
        }

        static Learned fromRecord(LearnedFigureState r) {
            return r == null ? null : new Learned(r.getValue(), r.getWindows(), r.getSpreadWindows(), r.getMean(), r.getM2());
        }
    }
}
