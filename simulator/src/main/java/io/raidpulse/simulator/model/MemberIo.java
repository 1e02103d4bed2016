package io.raidpulse.simulator.model;

/**
 * Requests one front-end request causes on one member.
 *
 * @param count requests on {@code member} per front-end request (a fraction when averaged over stripes)
 * @param phase 0 for reads that must finish before the writes (read-modify-write), 1 otherwise
 */
public record MemberIo(SimulatedDevice member, IoClass io, double count, int phase) {
}
