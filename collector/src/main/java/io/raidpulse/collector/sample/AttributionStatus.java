package io.raidpulse.collector.sample;

/** The collector's own {@code io.raidpulse.schema.AttributionStatus}: its symbols in the schema's order (written as their positions). */
public enum AttributionStatus {
    ATTRIBUTED, CGROUP_V1, NO_IO_CONTROLLER, UNREADABLE, DISABLED, FIRST_SAMPLE, BETWEEN_READINGS
}
