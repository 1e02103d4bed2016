package io.raidpulse.simulator.model;

/**
 * One device's cumulative I/O statistics (block/genhd.c part_stat), kept as exact real numbers and
 * turned into the kernel's integers only when printed, so that differences of two snapshots give
 * back the modelled rates. Sync I/O (resync, recovery, check) is also kept apart, unprinted, so
 * the ground truth can tell application I/O from md's own.
 */
public final class DeviceCounters {
    private final double[] ios = new double[3];
    private final double[] merges = new double[3];
    private final double[] sectors = new double[3];
    private final double[] nanos = new double[3];
    private final double[] syncIos = new double[3];
    private final double[] syncSectors = new double[3];
    private double ioTicksMs;
    private double capacityMs;
    private double inFlight;

    /** Adds {@code ops} requests of class {@code io} that each took {@code responseSeconds}. */
    public void add(IoClass io, double ops, double responseSeconds, boolean sync) {
        int k = io.kind().ordinal();
        ios[k] += ops;
        merges[k] += ops * io.merges();
        sectors[k] += ops * io.sectors();
        nanos[k] += ops * responseSeconds * 1e9;
        if (sync) {
            syncIos[k] += ops;
            syncSectors[k] += ops * io.sectors();
        }
    }

    /** Adds wall-clock time with at least one request in flight, ms. */
    public void addBusy(double ms) {
        ioTicksMs += ms;
    }

    /**
     * Adds time's worth of the device's capacity its served requests used, ms (unprinted: the
     * kernel has no such counter; for a rotational disk it equals the busy time).
     */
    public void addCapacityUsed(double ms) {
        capacityMs += ms;
    }

    /** Sets the in-flight gauge (requests being served right now). */
    public void inFlight(double requests) {
        inFlight = requests;
    }

    public CounterSnapshot snapshot() {
        int r = IoKind.READ.ordinal();
        int w = IoKind.WRITE.ordinal();
        int f = IoKind.FLUSH.ordinal();
        return new CounterSnapshot(ios[r], merges[r], sectors[r], nanos[r], ios[w], merges[w], sectors[w], nanos[w],
                ios[f], nanos[f], ioTicksMs, capacityMs, inFlight, syncIos[r], syncSectors[r], syncIos[w], syncSectors[w]);
    }
}
