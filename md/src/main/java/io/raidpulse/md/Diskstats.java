package io.raidpulse.md;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * /proc/diskstats (kernel block/genhd.c diskstats_show), read and written. Reading is pure: text
 * in, records out. A malformed line is reported as a {@link ParseException} naming the file and
 * the line and does not stop the other lines from being read.
 */
public final class Diskstats {
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
        // fields split at runs of regex \s (space, \t, \n, \x0B, \f, \r) after String.trim, as Pattern("\\s+").split(line.trim())
        // did; by hand, without a String per counter: this runs for every line of diskstats every cycle
        int from = 0;
        int to = line.length();
        while (from < to && line.charAt(from) <= ' ') {
            from++;
        }
        while (to > from && line.charAt(to - 1) <= ' ') {
            to--;
        }
        int[] at = new int[2 * 24];
        int fields = 0;
        for (int i = from; i < to; ) {
            int e = i;
            while (e < to && !regexSpace(line.charAt(e))) {
                e++;
            }
            if (fields < 24) {
                at[2 * fields] = i;
                at[2 * fields + 1] = e;
            }
            fields++;
            i = e;
            while (i < to && regexSpace(line.charAt(i))) {
                i++;
            }
        }
        if (fields < 3) {
            throw new ParseException(file, lineNo, "expected 'major minor name counters...', got '" + clip(line) + "'");
        }
        int counters = fields - 3;
        String name = line.substring(at[4], at[5]);
        if (counters != 4 && counters != 11 && counters != 15 && counters < 17) {
            throw new ParseException(file, lineNo, "device " + name + " has " + counters
                    + " counters, expected 4, 11, 15 or 17");
        }
        int major = (int) number(line, at[0], at[1], "major", U32, file, lineNo);
        int minor = (int) number(line, at[2], at[3], "minor", U32, file, lineNo);
        long[] v = new long[DiskStat.FIELDS];
        if (counters == 4) {
            v[0] = number(line, at[6], at[7], "reads", Long.MAX_VALUE, file, lineNo);
            v[2] = number(line, at[8], at[9], "sectors read", Long.MAX_VALUE, file, lineNo);
            v[4] = number(line, at[10], at[11], "writes", Long.MAX_VALUE, file, lineNo);
            v[6] = number(line, at[12], at[13], "sectors written", Long.MAX_VALUE, file, lineNo);
            return DiskStat.of(major, minor, name, 4, v);
        }
        int used = Math.min(counters, DiskStat.FIELDS);
        for (int i = 0; i < used; i++) {
            int f = 3 + i;
            v[i] = number(line, at[2 * f], at[2 * f + 1], FIELD_NAMES[i], U32_FIELD[i] ? U32 - 1 : Long.MAX_VALUE, file, lineNo);
        }
        return DiskStat.of(major, minor, name, used, v);
    }

    /** What regex {@code \s} matches (without UNICODE_CHARACTER_CLASS): [ \t\n\x0B\f\r]. */
    private static boolean regexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
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

    private static long number(String line, int from, int to, String what, long max, String file, int lineNo) throws ParseException {
        long v = 0;
        if (from >= to || to - from > 20) {
            throw new ParseException(file, lineNo, what + ": '" + clip(line.substring(from, to)) + "' is not a counter");
        }
        for (int i = from; i < to; i++) {
            char c = line.charAt(i);
            if (c < '0' || c > '9') {
                throw new ParseException(file, lineNo, what + ": '" + clip(line.substring(from, to)) + "' is not a counter");
            }
            int d = c - '0';
            if (v > (max - d) / 10) {
                throw new ParseException(file, lineNo, what + ": " + clip(line.substring(from, to)) + " exceeds " + max);
            }
            v = v * 10 + d;
        }
        return v;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
