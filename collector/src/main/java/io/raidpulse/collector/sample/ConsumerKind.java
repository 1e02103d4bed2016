package io.raidpulse.collector.sample;

/** The collector's own {@code io.raidpulse.schema.ConsumerKind}: its symbols in the schema's order (written as their positions). */
public enum ConsumerKind {
    SERVICE, CONTAINER, POD, MACHINE, SESSIONS, SLICE, CGROUP, OTHER, UNATTRIBUTED
}
