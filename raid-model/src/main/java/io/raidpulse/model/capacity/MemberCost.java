package io.raidpulse.model.capacity;

/**
 * Member I/Os one front-end request costs.
 *
 * @param reads          member reads per front-end request
 * @param writes         member writes per front-end request
 * @param bytesPerIo     size of each member request in bytes
 * @param membersAtOnce  members one front-end request keeps busy at the same time (a raid5
 *                       read-modify-write reads its members together, then writes them together)
 */
public record MemberCost(double reads, double writes, long bytesPerIo, double membersAtOnce) {
}
