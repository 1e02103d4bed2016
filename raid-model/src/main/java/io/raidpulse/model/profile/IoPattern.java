package io.raidpulse.model.profile;

/** How the benchmark addressed the disks; the read/write split is {@code readFraction}. */
public enum IoPattern {
    /** Random offsets (fio rand*, sysbench rnd*, bonnie++ seeks). */
    RANDOM,
    /** Consecutive offsets (fio read/write, dd, bonnie++ block I/O, sysbench seq*). */
    SEQUENTIAL,
    /** Random and sequential access together (fio percentage_random between 0 and 100, or jobs of both kinds in one group). */
    MIXED,
    /** An application's own transactions (pgbench): latency-bound, not compared with the capacity model. */
    APPLICATION
}
