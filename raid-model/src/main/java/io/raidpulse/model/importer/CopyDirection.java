package io.raidpulse.model.importer;

/** Which side of a dd copy was the storage under test. */
public enum CopyDirection {
    /** dd read from it (of=/dev/null). */
    READ,
    /** dd wrote to it (if=/dev/zero). */
    WRITE
}
