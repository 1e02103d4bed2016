package io.raidpulse.stream.capacity;

import io.raidpulse.model.capacity.DiskProfile;
import io.raidpulse.schema.Aggregate;
import io.raidpulse.stream.state.StateReader;
import io.raidpulse.stream.state.StateWriter;
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
 * @param iopsPerBusySecond member I/Os one member completes per busy second at {@code requestBytes}; null when
 *                          only sequential windows were measured
 * @param requestBytes      mean request size asked of the array in the windows measured for random I/O, bytes
 * @param mbPerBusySecond   member MB (10^6 bytes) one member transfers per busy second in sequential windows; null
 *                          when none was measured
 * @param windows           closed windows that went into the figures
 */
record MemberCapacity(Double iopsPerBusySecond, long requestBytes, Double mbPerBusySecond, int windows) {
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
            return bytes > 0 ? Optional.of(new MemberCapacity(null, 0, bytes / perBusySecond / 1e6, 1)) : Optional.empty();
        }
        Double amp = writes > 0 ? a.getWriteAmpIo() : Double.valueOf(0);
        double ios = amp == null ? -1 : reads + amp * writes;
        if (!(ios > 0) || !(reads + writes > 0)) {
            return Optional.empty();
        }
        long bytes = Math.max(512, Math.round((a.getRkBS() + a.getWkBS()) * 1024 / (reads + writes)));
        return Optional.of(new MemberCapacity(ios / perBusySecond, bytes, null, 1));
    }

    /** Whether a window showing this is busy enough to be kept as the learned profile. */
    static boolean busyEnoughToLearn(Aggregate a) {
        return a.getUtilMean() >= LEARN_FROM_UTIL;
    }

    /** These learned figures with one more busy window's, each kind weighted {@link #NEW_WINDOW_WEIGHT} against the earlier ones. */
    MemberCapacity with(MemberCapacity window) {
        Double iops = blend(iopsPerBusySecond, window.iopsPerBusySecond);
        long bytes = window.iopsPerBusySecond == null ? requestBytes
                : iopsPerBusySecond == null ? window.requestBytes
                : Math.round(requestBytes + NEW_WINDOW_WEIGHT * (window.requestBytes - requestBytes));
        return new MemberCapacity(iops, bytes, blend(mbPerBusySecond, window.mbPerBusySecond), windows + window.windows);
    }

    private static Double blend(Double before, Double now) {
        if (now == null) {
            return before;
        }
        return before == null ? now : before + NEW_WINDOW_WEIGHT * (now - before);
    }

    /**
     * The member disk for the capacity model: the measured figures, and the disk-class default's
     * for what was not measured (the other access pattern).
     *
     * @param id       {@code HOST/MODEL}, the capacity_source's id
     * @param fallback the disk-class default of these disks
     */
    DiskProfile disk(String id, String model, Boolean rotational, DiskProfile fallback) {
        double iops = iopsPerBusySecond == null ? fallback.randomReadIops() : iopsPerBusySecond;
        double writeIops = iopsPerBusySecond == null ? fallback.randomWriteIops() : iopsPerBusySecond;
        long bytes = iopsPerBusySecond == null ? fallback.blockSizeBytes() : requestBytes;
        double mbps = mbPerBusySecond == null ? fallback.sequentialMBps() : mbPerBusySecond;
        return new DiskProfile(id, "member disk " + (model == null ? "of unknown model" : model) + " as measured on its array",
                model, rotational, iops, writeIops, bytes, null, mbps,
                "measured: completed member I/Os per busy second over " + windows + " busy 1-minute window" + (windows == 1 ? "" : "s"));
    }

    void write(StateWriter w) {
        w.writeDouble(iopsPerBusySecond == null ? -1 : iopsPerBusySecond).writeLong(requestBytes)
                .writeDouble(mbPerBusySecond == null ? -1 : mbPerBusySecond).writeInt(windows);
    }

    static MemberCapacity read(StateReader r) {
        double iops = r.readDouble();
        long bytes = r.readLong();
        double mb = r.readDouble();
        int windows = r.readInt();
        return new MemberCapacity(iops < 0 ? null : iops, bytes, mb < 0 ? null : mb, windows);
    }
}
