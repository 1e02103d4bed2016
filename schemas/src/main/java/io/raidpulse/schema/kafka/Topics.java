package io.raidpulse.schema.kafka;

/** Kafka topic names (ARCHITECTURE.md, Kafka). */
public final class Topics {
    /** One HostSample per host per interval; key = host name. */
    public static final String HOST_SAMPLES = "raidpulse.host-samples";
    /** BenchmarkProfile by profile id; compacted, read as a GlobalKTable. */
    public static final String BENCHMARKS = "raidpulse.benchmarks";
    /** Alert state changes; key = host/subject/kind. */
    public static final String ALERTS = "raidpulse.alerts";
    /**
     * Incident notifications, what the notifiers read: one FIRING and one RESOLVED per incident (an
     * array with its members and partitions, or a standalone device), updates in between; key = host.
     */
    public static final String INCIDENTS = "raidpulse.incidents";
    /** Closed-window aggregates; key = host/subject. */
    public static final String AGGREGATES = "raidpulse.aggregates";
    /** Records that could not be decoded or were invalid: original key and bytes, reason in headers. */
    public static final String DEAD_LETTERS = "raidpulse.dead-letters";

    private Topics() {
    }
}
