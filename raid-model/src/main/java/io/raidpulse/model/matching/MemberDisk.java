package io.raidpulse.model.matching;

import io.raidpulse.model.capacity.DiskProfile;

/**
 * The member-disk profile the model uses for an array, and where it came from: a profile of
 * the same disk model ({@link CapacitySource#SINGLE_DISK_MODEL}), one measured on the array's own
 * members ({@link CapacitySource#MEASURED_MEMBERS}) or a disk-class default.
 */
public record MemberDisk(DiskProfile disk, CapacitySource source) {
}
