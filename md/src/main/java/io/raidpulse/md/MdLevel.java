package io.raidpulse.md;

import java.util.List;
import java.util.Locale;

/** md levels the simulator models, with the names md.c prints and the personalities their modules register. */
public enum MdLevel {
    RAID0("raid0", 0, 0, 2, List.of("raid0")),
    RAID1("raid1", 1, 0, 2, List.of("raid1")),
    /** raid456.ko registers raid6, raid5 and raid4 in that order (drivers/md/raid5.c raid5_init). */
    RAID5("raid5", 5, 1, 3, List.of("raid6", "raid5", "raid4")),
    RAID6("raid6", 6, 2, 4, List.of("raid6", "raid5", "raid4")),
    RAID10("raid10", 10, 0, 2, List.of("raid10"));

    private final String kernelName;
    private final int number;
    private final int parityDisks;
    private final int minMembers;
    private final List<String> modulePersonalities;

    MdLevel(String kernelName, int number, int parityDisks, int minMembers, List<String> modulePersonalities) {
        this.kernelName = kernelName;
        this.number = number;
        this.parityDisks = parityDisks;
        this.minMembers = minMembers;
        this.modulePersonalities = modulePersonalities;
    }

    /** As md/level and mdstat print it: raid5. */
    public String kernelName() {
        return kernelName;
    }

    /** The number raid5_status prints after "level". */
    public int number() {
        return number;
    }

    /** Parity chunks per stripe: 1 for raid5, 2 for raid6, 0 otherwise. */
    public int parityDisks() {
        return parityDisks;
    }

    public int minMembers() {
        return minMembers;
    }

    /** Whether the level stripes data in chunks (chunk_size is meaningful). */
    public boolean striped() {
        return this != RAID1;
    }

    /** Whether md runs resync/recovery/check for the level (the personality has sync_request). */
    public boolean redundant() {
        return this != RAID0;
    }

    /**
     * Whether a nonzero mismatch_cnt after a check means inconsistent data on an array of the level
     * {@code kernelName} names: not for raid1 and raid10, whose copies a write in flight (swap, O_DIRECT)
     * can leave different harmlessly (md(4), "SCRUBBING AND MISMATCHES"); levels not modelled count.
     */
    public static boolean mismatchMeansInconsistency(String kernelName) {
        MdLevel l = parse(kernelName);
        return l != RAID1 && l != RAID10;
    }

    /** Personalities the level's kernel module registers, in registration order. */
    public List<String> modulePersonalities() {
        return modulePersonalities;
    }

    /** The level md names so (raid5) or numbers so (5); null for null or a level not modelled (linear, multipath...). */
    public static MdLevel parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (MdLevel l : values()) {
            if (l.kernelName.equals(t) || String.valueOf(l.number).equals(t)) {
                return l;
            }
        }
        return null;
    }
}
