package io.raidpulse.topics.saturation;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a kernel counts a disk's busy time (diskstats' io_ticks, which %util is) in full.
 *
 * <p>Linux 5.0 stopped sampling the in-flight count every jiffy ("block: delete part_round_stats
 * and switch to less precise counting"): io_ticks grows only when a request starts or ends. A
 * request's end adds the time since the last start or end; a start adds one jiffy, whatever the
 * time since. While requests are in flight all along, every stretch that ends with a start is
 * counted as a jiffy, so a disk that never idles reads well under 100% busy. "block: update
 * io_ticks when io hang" (merged for 5.18 in February 2022, and taken into 5.17's second stable
 * update in April) made a read of /proc/diskstats or a disk's stat file add the time since the
 * last update while requests are in flight, which a collector reading every second makes whole.
 * 5.17 counts as whole: its first two releases had the old counting for a few weeks, and a
 * distribution's release string does not say which stable update it carries.
 *
 * <p>The lab measured it: a RAID5's members under 4 KiB random writes with 10 to 14 requests
 * queued, each serving 133 to 155 I/Os a second of the 150 the lab disk allows, were 70 to 93%
 * busy on 5.10 (Debian 11) and 92 to 99% on 6.1 (Debian 12) at the same rates and queues;
 * iostat, reading the same counter, shows the same.
 */
public final class BusyTimeCounting {
    /** The first release that counts io_ticks only at a request's start and end. */
    private static final int FIRST_UNDERCOUNTING = version(5, 0);
    /** The first release whose diskstats read brings io_ticks up to date while requests are in flight (from 5.17.2). */
    private static final int FIRST_WHOLE_AGAIN = version(5, 17);
    private static final Pattern RELEASE = Pattern.compile("^(\\d+)\\.(\\d+)");

    private BusyTimeCounting() {
    }

    /**
     * True when a kernel of this release ({@code uname -r}: "5.10.0-32-amd64") under-counts busy
     * time; false for others, and when the release is unknown (null, or not a version).
     */
    public static boolean undercounts(String release) {
        if (release == null) {
            return false;
        }
        Matcher m = RELEASE.matcher(release.trim());
        if (!m.find()) {
            return false;
        }
        int v;
        try {
            v = version(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        } catch (NumberFormatException e) {
            return false;
        }
        return v >= FIRST_UNDERCOUNTING && v < FIRST_WHOLE_AGAIN;
    }

    private static int version(int major, int minor) {
        return major * 1000 + Math.min(minor, 999);
    }
}
