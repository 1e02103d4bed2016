package io.raidpulse.model.capacity;

import java.util.Locale;

/**
 * The array organisations the capacity model covers. md's own names are accepted as the
 * collector reports them ({@code /sys/block/mdX/md/level}, mdstat), plus bare numbers as
 * people type them ("10", "RAID5").
 */
public enum RaidLevel {
    /** One disk, no RAID: how single-disk benchmarks are recorded. */
    SINGLE("single", 1),
    RAID0("raid0", 2),
    /** n-way mirror: every member holds every block. */
    RAID1("raid1", 2),
    RAID5("raid5", 2),
    RAID6("raid6", 4),
    /** md's raid10 personality (near, far or offset copies). */
    RAID10("raid10", 2),
    /** RAID 1+0 built in steps: md raid0 striped over md raid1 pairs. */
    RAID0_OVER_RAID1("raid0-over-raid1", 4);

    private final String canonical;
    private final int minDisks;

    RaidLevel(String canonical, int minDisks) {
        this.canonical = canonical;
        this.minDisks = minDisks;
    }

    /** The name this project writes: md's level name, or "single" / "raid0-over-raid1". */
    public String canonical() {
        return canonical;
    }

    public int minDisks() {
        return minDisks;
    }

    /**
     * Parses "raid5", "RAID10", "10", "raid-6", "single", "raid1+0". md levels the model does
     * not cover (linear, raid4, multipath, faulty, container) are rejected by name.
     */
    public static RaidLevel parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("RAID level is empty (expected raid0, raid1, raid5, raid6, raid10, raid0-over-raid1 or single)");
        }
        String t = text.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        switch (t) {
            case "single", "none", "disk", "singledisk":
                return SINGLE;
            case "raid1+0", "1+0", "raid0-over-raid1", "raid0overraid1", "raid0/raid1":
                return RAID0_OVER_RAID1;
            default:
                break;
        }
        String digits = t.startsWith("raid") ? t.substring(4) : t;
        if (digits.startsWith("-") || digits.startsWith("_")) {
            digits = digits.substring(1);
        }
        switch (digits) {
            case "0":
                return RAID0;
            case "1":
                return RAID1;
            case "5":
                return RAID5;
            case "6":
                return RAID6;
            case "10":
                return RAID10;
            case "4", "linear", "multipath", "faulty", "container":
                throw new IllegalArgumentException("RAID level '" + text.trim() + "' is not covered by the capacity model"
                        + " (supported: raid0, raid1, raid5, raid6, raid10, raid0-over-raid1, single)");
            default:
                throw new IllegalArgumentException("unknown RAID level '" + text.trim()
                        + "' (expected raid0, raid1, raid5, raid6, raid10, raid0-over-raid1 or single)");
        }
    }
}
