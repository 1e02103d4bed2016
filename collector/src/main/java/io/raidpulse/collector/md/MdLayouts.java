package io.raidpulse.collector.md;

/** The md/layout number in words, as mdadm names layouts. */
public final class MdLayouts {
    private MdLayouts() {
    }

    /** The layout of {@code level} with md/layout {@code code}; null when the level has no layout or the code is unknown. */
    public static String describe(String level, int code) {
        if (level == null) {
            return null;
        }
        return switch (level) {
            case "raid10" -> raid10(code);
            case "raid4", "raid5", "raid6" -> raid456(code);
            case "raid0" -> raid0(code);
            default -> null;
        };
    }

    /**
     * drivers/md/raid10.c setup_geo: near copies in bits 0-7, far copies in bits 8-15, bit 16
     * makes the far copies offset copies, bits 17-18 select the far-set variant (0, 1, 2).
     * mdadm calls 0x102 n2, 0x201 f2, 0x10201 o2.
     */
    static String raid10(int code) {
        int near = code & 0xff;
        int far = (code >> 8) & 0xff;
        boolean offset = (code & (1 << 16)) != 0;
        if (code < 0 || (code >> 19) != 0 || near == 0 || far == 0) {
            return null;
        }
        StringBuilder s = new StringBuilder();
        if (near > 1) {
            s.append("near-").append(near);
        }
        if (far > 1) {
            s.append(s.length() == 0 ? "" : ",").append(offset ? "offset-" : "far-").append(far);
        }
        return s.length() == 0 ? "near-1" : s.toString();
    }

    /** drivers/md/raid5.h ALGORITHM_* (the numbers mdstat prints as "algorithm N"). */
    static String raid456(int code) {
        return switch (code) {
            case 0 -> "left-asymmetric";
            case 1 -> "right-asymmetric";
            case 2 -> "left-symmetric";
            case 3 -> "right-symmetric";
            case 4 -> "parity-first";
            case 5 -> "parity-last";
            case 8 -> "ddf-zero-restart";
            case 9 -> "ddf-N-restart";
            case 10 -> "ddf-N-continue";
            case 16 -> "left-asymmetric-6";
            case 17 -> "right-asymmetric-6";
            case 18 -> "left-symmetric-6";
            case 19 -> "right-symmetric-6";
            case 20 -> "parity-first-6";
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
