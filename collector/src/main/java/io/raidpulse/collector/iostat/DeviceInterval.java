package io.raidpulse.collector.iostat;

/**
 * One device over one interval: the metrics, the deltas they came from, and whether the
 * device's counters started again from zero (removed and re-added) so the deltas were taken
 * from zero as sysstat does.
 */
public record DeviceInterval(DeviceMetrics metrics, IntervalDeltas deltas, boolean countersReset) {
}
