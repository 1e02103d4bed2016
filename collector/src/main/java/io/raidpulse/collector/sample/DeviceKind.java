package io.raidpulse.collector.sample;

/** The collector's own {@code io.raidpulse.schema.DeviceKind}: its symbols in the schema's order (written as their positions). */
public enum DeviceKind {
    DISK, PARTITION, MD, DM, OTHER
}
