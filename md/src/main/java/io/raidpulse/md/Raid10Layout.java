package io.raidpulse.md;

/** Where md raid10 puts the copies of a chunk (md(4), "RAID10"). */
public enum Raid10Layout {
    /** Copies on adjacent devices in the same stripe: RAID 1+0 in one array. */
    NEAR("near"),
    /** Copies in a second, rotated half of every device: reads stripe like RAID0 over all members. */
    FAR("far"),
    /** Copies in the next stripe, shifted one device: far-like reads with shorter write seeks. */
    OFFSET("offset");

    private final String word;

    Raid10Layout(String word) {
        this.word = word;
    }

    /** "near", "far" or "offset", as mdadm and mdstat spell it. */
    public String word() {
        return word;
    }
}
