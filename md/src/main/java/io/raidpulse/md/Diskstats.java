package io.raidpulse.md;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * /proc/diskstats (kernel block/genhd.c diskstats_show), read and written. Reading is pure: text
 * in, records out. A malformed line is reported as a {@link ParseException} naming the file and
 * the line and does not stop the other lines from being read.
 */
public final class Diskstats {
    /** Compiled once: String.split compiles its regex on every call, and this runs for every line every cycle. */
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    /** 2^32: the kernel prints time fields and in-flight as unsigned int. */
    static final long U32 = 1L << 32;

    // field names of procfs-diskstats 4..20, and whether the kernel prints them as unsigned int
    private static final String[] FIELD_NAMES = {"reads", "reads merged", "sectors read", "read ms", "writes",
        "writes merged", "sectors written", "write ms", "in flight", "io ticks", "weighted ms", "discards",
        "discards merged", "sectors discarded", "discard ms", "flushes", "flush ms"};
    private static final boolean[] U32_FIELD = {false, false, false, true, false, false, false, true, true, true,
        true, false, false, false, true, false, true};

    private Diskstats() {
    }

    /** Every device line of {@code text}; malformed lines go to the result's errors. */
    public static DiskStatsFile parse(String text, String file) {
        List<DiskStat> devices = new ArrayList<>();
        List<ParseException> errors = new ArrayList<>();
        int lineNo = 0;
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            lineNo++;
            String line = text.substring(start, end);
            start = end + 1;
            if (line.isBlank()) {
                continue;
            }
            try {
                devices.add(parseLine(line, file, lineNo));
            } catch (ParseException e) {
                errors.add(e);
            }
        }
        return new DiskStatsFile(List.copyOf(devices), List.copyOf(errors));
    }

    /** One line: {@code major minor name} and 4, 11, 15 or 17 counters (more are ignored, as sysstat does). */
    public static DiskStat parseLine(String line, String file, int lineNo) throws ParseException {
        String[] f = WHITESPACE.split(line.trim());
        if (f.length < 3) {
            throw new ParseException(file, lineNo, "expected 'major minor name counters...', got '" + clip(line) + "'");
        }
        int counters = f.length - 3;
        if (counters != 4 && counters != 11 && counters != 15 && counters < 17) {
            throw new ParseException(file, lineNo, "device " + f[2] + " has " + counters
                    + " counters, expected 4, 11, 15 or 17");
        }
        int major = (int) number(f[0], "major", U32, file, lineNo);
        int minor = (int) number(f[1], "minor", U32, file, lineNo);
        String name = f[2];
        long[] v = new long[DiskStat.FIELDS];
        if (counters == 4) {
            v[0] = number(f[3], "reads", Long.MAX_VALUE, file, lineNo);
            v[2] = number(f[4], "sectors read", Long.MAX_VALUE, file, lineNo);
            v[4] = number(f[5], "writes", Long.MAX_VALUE, file, lineNo);
            v[6] = number(f[6], "sectors written", Long.MAX_VALUE, file, lineNo);
            return DiskStat.of(major, minor, name, 4, v);
        }
        int used = Math.min(counters, DiskStat.FIELDS);
        for (int i = 0; i < used; i++) {
            v[i] = number(f[3 + i], FIELD_NAMES[i], U32_FIELD[i] ? U32 - 1 : Long.MAX_VALUE, file, lineNo);
        }
        return DiskStat.of(major, minor, name, used, v);
    }

    /** The text diskstats_show prints for {@code devices}, one line each. */
    public static String text(List<DiskStat> devices) {
        StringBuilder b = new StringBuilder();
        for (DiskStat d : devices) {
            b.append(line(d)).append('\n');
        }
        return b.toString();
    }

    /** One line without its newline: "%4u %7u %pg " then the counters the record carries, separated by single spaces. */
    public static String line(DiskStat d) {
        return String.format(Locale.ROOT, "%4d %7d %s %s", d.major(), d.minor(), d.name(), counters(d));
    }

    /** The counters the record carries, separated by single spaces: the fields of /sys/block/NAME/stat (what iostat reads). */
    public static String counters(DiskStat d) {
        StringBuilder sb = new StringBuilder();
        long[] v = d.carried();
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(v[i]);
        }
        return sb.toString();
    }

    private static long number(String s, String what, long max, String file, int lineNo) throws ParseException {
        long v = 0;
        if (s.isEmpty() || s.length() > 20) {
            throw new ParseException(file, lineNo, what + ": '" + clip(s) + "' is not a counter");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new ParseException(file, lineNo, what + ": '" + clip(s) + "' is not a counter");
            }
            int d = c - '0';
            if (v > (max - d) / 10) {
                throw new ParseException(file, lineNo, what + ": " + clip(s) + " exceeds " + max);
            }
            v = v * 10 + d;
        }
        return v;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
