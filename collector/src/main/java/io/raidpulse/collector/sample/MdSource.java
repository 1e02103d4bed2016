package io.raidpulse.collector.sample;

/** The collector's own {@code io.raidpulse.schema.MdSource}: its symbols in the schema's order (written as their positions). */
public enum MdSource {
    SYSFS, MDSTAT
}
