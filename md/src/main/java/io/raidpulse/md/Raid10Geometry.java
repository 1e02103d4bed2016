package io.raidpulse.md;

import java.util.Locale;

/**
 * A raid10 layout as drivers/md/raid10.c setup_geo decodes md/layout: near copies in bits 0-7,
 * far copies in bits 8-15, bit 16 makes the far copies offset copies. mdadm's n2 is 0x102, f2 is
 * 0x201, o2 is 0x10201.
 */
public record Raid10Geometry(int near, int far, boolean offset) {
    public Raid10Geometry {
        if (near < 1 || far < 1 || near > 255 || far > 255 || (offset && far < 2)) {
            throw new IllegalArgumentException("invalid raid10 geometry near=" + near + " far=" + far);
        }
    }

    public int copies() {
        return near * far;
    }

    /** The md/layout number. */
    public int code() {
        return near | (far << 8) | (offset ? 1 << 16 : 0);
    }

    /**
     * Member slot holding near copy {@code j} of far copy {@code f} of logical chunk {@code x}
     * (raid10.c __raid10_find_phys with far_set_size equal to raid_disks: far copies shift by
     * near_copies devices).
     */
    public int slot(long x, int j, int f, int raidDisks) {
        return (int) ((x * near + j + (long) f * near) % raidDisks);
    }

    /**
     * md/layout {@code code} in mdadm's words: "near-2", "far-2", "offset-3", "near-2,far-2"; null
     * for a code setup_geo rejects. Bits 17-18 (the far-set variant) are accepted and not named.
     */
    public static String describe(int code) {
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

    /** Parses mdadm's names: n2, f2, o2 (also near2, far-2, offset2). */
    public static Raid10Geometry parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("-", "");
        String kind;
        String digits;
        if (t.startsWith("near")) {
            kind = "n";
            digits = t.substring(4);
        } else if (t.startsWith("far")) {
            kind = "f";
            digits = t.substring(3);
        } else if (t.startsWith("offset")) {
            kind = "o";
            digits = t.substring(6);
        } else if (!t.isEmpty()) {
            kind = t.substring(0, 1);
            digits = t.substring(1);
        } else {
            return null;
        }
        int copies;
        try {
            copies = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return null;
        }
        if (copies < 2 || copies > 8) {
            return null;
        }
        return switch (kind) {
            case "n" -> new Raid10Geometry(copies, 1, false);
            case "f" -> new Raid10Geometry(1, copies, false);
            case "o" -> new Raid10Geometry(1, copies, true);
            default -> null;
        };
    }
}
