package io.raidpulse.simulator.scenario;

/**
 * An episode the scenario promises, checked against the ground truth the model computes (so the
 * times stated in a scenario file cannot drift from what the simulator does).
 *
 * @param kind saturation, degraded, no-spare, member-faulty, sync, mismatch, or incident (an array's
 *     or a standalone device's episodes together, see the simulator's IncidentTruth)
 * @param subject an array or device name
 * @param startSecond saturation: when FIRING is due; other kinds: the first sample showing the state
 * @param endSecond saturation: when RESOLVED is due; other kinds: the first sample without the
 *     state; null when the episode is still open at the end of the scenario
 */
public record Expectation(String kind, String subject, long startSecond, Long endSecond, int line) {
}
