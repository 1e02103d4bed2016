package io.raidpulse.simulator.model;

/** The stat groups the kernel counts separately (include/linux/blk_types.h STAT_READ, STAT_WRITE, STAT_FLUSH). */
public enum IoKind {
    READ, WRITE, FLUSH
}
