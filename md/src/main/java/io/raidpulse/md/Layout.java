package io.raidpulse.md;

/** The md/layout number in words, as mdadm names layouts: raid10 copies, raid4/5/6 parity algorithms, raid0 zones. */
public final class Layout {
    private Layout() {
    }

    /** The layout of md level {@code level} (md/level's word) with md/layout {@code code}; null when the level has no layout or the code is unknown. */
    public static String describe(String level, int code) {
        if (level == null) {
            return null;
        }
        return switch (level) {
            case "raid10" -> Raid10Geometry.describe(code);
            case "raid4", "raid5", "raid6" -> ParityAlgorithm.byNumber(code).map(ParityAlgorithm::mdadmName).orElse(null);
            case "raid0" -> raid0(code);
            default -> null;
        };
    }

    /**
     * drivers/md/raid0.h: RAID0_ORIG_LAYOUT 1, RAID0_ALT_MULTIZONE_LAYOUT 2; 0 and -1 are unset (a
     * single zone needs none; Linux 6.1 prints -1 for an array mdadm created without a layout).
     */
    static String raid0(int code) {
        return switch (code) {
            case 1 -> "original";
            case 2 -> "alternate";
            default -> null;
        };
    }
}
