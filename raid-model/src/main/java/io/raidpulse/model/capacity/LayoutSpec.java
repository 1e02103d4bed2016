package io.raidpulse.model.capacity;

import io.raidpulse.md.ParityAlgorithm;
import io.raidpulse.md.Raid10Layout;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A layout string understood: raid10 copy placement and count, or raid5/6 parity algorithm.
 * Exactly one of {@code raid10} and {@code parity} is set for those levels; neither for the
 * others.
 *
 * @param raid10 copy placement for raid10, else null
 * @param copies copies of each chunk for raid10, else null
 * @param parity parity algorithm for raid5/raid6 when given, else null
 */
public record LayoutSpec(Raid10Layout raid10, Integer copies, ParityAlgorithm parity) {

    /** mdadm's default for raid10 (mdadm(8) --layout): two near copies. */
    public static final LayoutSpec RAID10_DEFAULT = new LayoutSpec(Raid10Layout.NEAR, 2, null);
    public static final LayoutSpec NONE = new LayoutSpec(null, null, null);

    // near-2, near=2, near2, n2, f2, o2 (mdadm --layout), "2 near-copies" (mdstat)
    private static final Pattern RAID10_WORD = Pattern.compile("(near|far|offset|n|f|o)[-=]?(\\d+)");
    private static final Pattern RAID10_MDSTAT = Pattern.compile("(\\d+)\\s+(near|far|offset)-copies");
    private static final Pattern NUMBER = Pattern.compile("(0x[0-9a-f]+|\\d+)");
    private static final Pattern ALGORITHM = Pattern.compile("algorithm\\s+(\\d+)");

    public LayoutSpec {
        if ((raid10 == null) != (copies == null)) {
            throw new IllegalArgumentException("raid10 placement and copies go together");
        }
        if (copies != null && copies < 2) {
            throw new IllegalArgumentException("raid10 needs at least 2 copies, got " + copies);
        }
        if (raid10 != null && parity != null) {
            throw new IllegalArgumentException("a layout is either raid10 copies or a parity algorithm");
        }
    }

    /** "near-2", "far-3", "left-symmetric", or null when the level has no layout. */
    public String canonical() {
        if (raid10 != null) {
            return raid10.word() + "-" + copies;
        }
        return parity == null ? null : parity.mdadmName();
    }

    /**
     * Parses a layout as the collector, mdadm or a user gives it: raid10 "near-2", "n2",
     * "far=2", "o2", "2 near-copies" or the numeric sysfs value (low byte near copies, next
     * byte far copies, bit 16 offset: {@code drivers/md/raid10.c setup_geo}); raid5/6
     * "left-symmetric", "ls", "algorithm 2" or the number. Blank means the level's default.
     */
    public static LayoutSpec parse(RaidLevel level, String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("layout")) {
            t = t.substring("layout".length()).replaceFirst("^\\s*[:=]\\s*", "");
        }
        switch (level) {
            case RAID10:
                return t.isEmpty() ? RAID10_DEFAULT : parseRaid10(text, t);
            case RAID5:
            case RAID6:
                return t.isEmpty() ? NONE : parseParity(level, text, t);
            default:
                // md reports a numeric layout for raid0 (multi-zone, since Linux 5.4) and raid1 (0):
                // it does not change where data lives for the capacity model.
                if (t.isEmpty() || t.equals("none") || NUMBER.matcher(t).matches()) {
                    return NONE;
                }
                throw new IllegalArgumentException(level.canonical() + " has no layout, got '" + text.trim() + "'");
        }
    }

    private static LayoutSpec parseRaid10(String original, String t) {
        Matcher m = RAID10_WORD.matcher(t);
        if (m.matches()) {
            return new LayoutSpec(placement(m.group(1)), copies(original, m.group(2)), null);
        }
        m = RAID10_MDSTAT.matcher(t);
        if (m.matches()) {
            return new LayoutSpec(placement(m.group(2)), copies(original, m.group(1)), null);
        }
        if (NUMBER.matcher(t).matches()) {
            long v = t.startsWith("0x") ? parseNumber(original, t.substring(2), 16) : parseNumber(original, t);
            int near = (int) (v & 0xff);
            int far = (int) ((v >> 8) & 0xff);
            boolean offset = (v & 0x10000) != 0;
            if (far > 1) {
                // n2f2 and similar keep near*far copies; reads follow the far placement.
                return new LayoutSpec(offset ? Raid10Layout.OFFSET : Raid10Layout.FAR, copies(original, String.valueOf(far * Math.max(1, near))), null);
            }
            return new LayoutSpec(Raid10Layout.NEAR, copies(original, String.valueOf(near)), null);
        }
        throw new IllegalArgumentException("unknown raid10 layout '" + original.trim()
                + "' (expected near-2, far-2, offset-2, n2, f2, o2 or the sysfs number)");
    }

    private static LayoutSpec parseParity(RaidLevel level, String original, String t) {
        Matcher m = ALGORITHM.matcher(t);
        String number = m.matches() ? m.group(1) : (t.matches("\\d+") ? t : null);
        if (number != null) {
            return new LayoutSpec(null, null, ParityAlgorithm.byNumber((int) parseNumber(original, number))
                    .orElseThrow(() -> new IllegalArgumentException("unknown " + level.canonical() + " algorithm number " + number)));
        }
        return ParityAlgorithm.byName(t).map(a -> new LayoutSpec(null, null, a))
                .orElseThrow(() -> new IllegalArgumentException("unknown " + level.canonical() + " layout '" + original.trim()
                        + "' (expected left-symmetric, left-asymmetric, right-symmetric, right-asymmetric, parity-first, parity-last, ddf-... or the algorithm number)"));
    }

    private static Raid10Layout placement(String word) {
        switch (word) {
            case "n", "near":
                return Raid10Layout.NEAR;
            case "f", "far":
                return Raid10Layout.FAR;
            default:
                return Raid10Layout.OFFSET;
        }
    }

    private static int copies(String original, String digits) {
        long n = parseNumber(original, digits);
        if (n < 2 || n > 255) {
            throw new IllegalArgumentException("raid10 layout '" + original.trim() + "' has " + n + " copies (expected 2 or more)");
        }
        return (int) n;
    }

    private static long parseNumber(String original, String digits) {
        return parseNumber(original, digits, 10);
    }

    private static long parseNumber(String original, String digits, int radix) {
        try {
            return Long.parseLong(digits, radix);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("layout '" + original.trim() + "': number out of range");
        }
    }
}
