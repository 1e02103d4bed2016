package io.raidpulse.model.profile;

/** The program that produced a benchmark result; PUBLISHED for figures taken from a write-up. */
public enum Tool {
    FIO, BONNIE, SYSBENCH, PGBENCH, DD, PUBLISHED
}
