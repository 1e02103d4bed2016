package io.raidpulse.simulator.model;

import io.raidpulse.md.SyncAction;

/**
 * A running resync, recovery, check or repair (md.c md_do_sync), with the progress marks md keeps
 * for its speed (SYNC_MARKS = 10 marks, SYNC_MARK_STEP = 3 s) and the lagging sync_completed value
 * (updated every 10 s or every 1/16 of the pass).
 */
public final class SyncJob {
    private static final int SYNC_MARKS = 10;
    private static final double SYNC_MARK_STEP = 3;
    private static final double UPDATE_FREQUENCY = 10;

    private final SyncAction kind;
    private final SimulatedMember target;
    private final long maxSectors;
    private final long mismatchesAtEnd;
    private final double[] markTime = new double[SYNC_MARKS];
    private final double[] markDone = new double[SYNC_MARKS];
    private int lastMark;
    private double resyncMarkTime;
    private double resyncMarkDone;
    private double done;
    private boolean delayed;
    private long completed;
    private double completedAt;
    private double speedKib;

    SyncJob(SyncAction kind, SimulatedMember target, long maxSectors, long mismatchesAtEnd, double now, boolean delayed) {
        this.kind = kind;
        this.target = target;
        this.maxSectors = maxSectors;
        this.mismatchesAtEnd = mismatchesAtEnd;
        this.delayed = delayed;
        restartMarks(now);
    }

    private void restartMarks(double now) {
        for (int m = 0; m < SYNC_MARKS; m++) {
            markTime[m] = now;
            markDone[m] = done;
        }
        lastMark = 0;
        resyncMarkTime = now;
        resyncMarkDone = done;
        completedAt = now;
    }

    public SyncAction kind() {
        return kind;
    }

    /** The member being rebuilt, for recovery; null otherwise. */
    public SimulatedMember target() {
        return target;
    }

    /** The pass's length in sectors (dev_sectors, or the array size for raid10 resync and check). */
    public long maxSectors() {
        return maxSectors;
    }

    /** Sectors done (mdstat's curr_resync), exact. */
    public double done() {
        return done;
    }

    /** Waiting for another array that shares disks to finish its sync (mdstat "resync=DELAYED"). */
    public boolean delayed() {
        return delayed;
    }

    void start(double now) {
        delayed = false;
        restartMarks(now);
    }

    /** The speed the model gave the pass over the last step, KiB/s. */
    public double speedKib() {
        return speedKib;
    }

    public long mismatchesAtEnd() {
        return mismatchesAtEnd;
    }

    boolean finished() {
        return done >= maxSectors;
    }

    /** Sectors left. */
    double remaining() {
        return Math.max(0, maxSectors - done);
    }

    /** Advances by {@code sectors} over the step ending at {@code now}. */
    void progress(double sectors, double speedKibPerSecond, double now) {
        done = Math.min(maxSectors, done + sectors);
        speedKib = speedKibPerSecond;
        if (now >= markTime[lastMark] + SYNC_MARK_STEP) {
            int next = (lastMark + 1) % SYNC_MARKS;
            resyncMarkTime = markTime[next];
            resyncMarkDone = markDone[next];
            markTime[next] = now;
            markDone[next] = done;
            lastMark = next;
        }
        if (done - completed > (maxSectors >> 4) || now >= completedAt + UPDATE_FREQUENCY || done >= maxSectors) {
            completed = (long) Math.floor(done);
            completedAt = now;
        }
    }

    /** md/sync_completed's first number: curr_resync_completed, sectors. */
    public long completedSectors() {
        return completed;
    }

    /** Seconds since md's resync mark, at least 1 (md.c: dt = (jiffies - resync_mark) / HZ; if (!dt) dt++). */
    public long markSeconds(double now) {
        return Math.max(1, (long) Math.floor(now - resyncMarkTime));
    }

    /** Sectors done since md's resync mark (db). */
    public long markSectors() {
        return Math.max(0, (long) Math.floor(done) - (long) Math.floor(resyncMarkDone));
    }
}
