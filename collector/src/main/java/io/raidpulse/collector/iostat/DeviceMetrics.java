package io.raidpulse.collector.iostat;

/**
 * The {@code iostat -x} metrics of one device over one interval. Components are named after
 * the keys of {@code iostat -x -o JSON} ({@code r/s} is {@code rS}, {@code aqu-sz} is
 * {@code aquSz}); the JSON key of each is in {@link #KEYS}, in iostat's order. Units: per
 * second for {@code *S}, kB (1024 bytes) for {@code *kBS} and {@code *reqSz}, percent for
 * {@code rrqm/wrqm/drqm/util}, ms for {@code *Await}, requests for {@code aquSz}.
 */
public record DeviceMetrics(
        double rS, double wS, double dS, double fS,
        double rkBS, double wkBS, double dkBS,
        double rrqmS, double wrqmS, double drqmS,
        double rrqm, double wrqm, double drqm,
        double rAwait, double wAwait, double dAwait, double fAwait,
        double rareqSz, double wareqSz, double dareqSz,
        double aquSz, double util) {

    /** The disk keys of {@code iostat -x -o JSON} after disk_device, in its order. */
    public static final String[] KEYS = {"r/s", "w/s", "d/s", "f/s", "rkB/s", "wkB/s", "dkB/s",
        "rrqm/s", "wrqm/s", "drqm/s", "rrqm", "wrqm", "drqm", "r_await", "w_await", "d_await", "f_await",
        "rareq-sz", "wareq-sz", "dareq-sz", "aqu-sz", "util"};

    /** Values in the order of {@link #KEYS}. */
    public double[] values() {
        return new double[] {rS, wS, dS, fS, rkBS, wkBS, dkBS, rrqmS, wrqmS, drqmS, rrqm, wrqm, drqm,
            rAwait, wAwait, dAwait, fAwait, rareqSz, wareqSz, dareqSz, aquSz, util};
    }
}
