package io.raidpulse.model.matching;

/** Where an array's capacity figure came from, best first (docs/raid-model.md#choosing-a-capacity-source). */
public enum CapacitySource {
    /** A trusted benchmark of the same array shape, disks and workload. */
    MEASURED_PROFILE,
    /** The capacity model over a profile of the member disk. */
    SINGLE_DISK_MODEL,
    /**
     * The capacity model over a member disk whose capacity was measured on this array's own
     * members under load (completed I/Os per busy second): no benchmark of these disks is known.
     */
    MEASURED_MEMBERS,
    /** The capacity model over a disk-class default: no benchmark of these disks is known. */
    DISK_CLASS_DEFAULT
}
