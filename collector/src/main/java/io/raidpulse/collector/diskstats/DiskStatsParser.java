package io.raidpulse.collector.diskstats;

import io.raidpulse.collector.procfs.ParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parser of /proc/diskstats (kernel block/genhd.c diskstats_show). Pure: text in, records out.
 * A malformed line is reported as a {@link ParseException} naming the file and the line and
 * does not stop the other lines from being read.
 */
public final class DiskStatsParser {
    /** 2^32: the kernel prints time fields and in-flight as unsigned int. */
    static final long U32 = 1L << 32;

    private DiskStatsParser() {
    }

    /** Every device line of {@code text}; malformed lines go to {@code errors}. */
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
        String[] f = line.trim().split("\\s+");
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
        long[] v = new long[17];
        if (counters == 4) {
            v[0] = number(f[3], "reads", Long.MAX_VALUE, file, lineNo);
            v[2] = number(f[4], "sectors read", Long.MAX_VALUE, file, lineNo);
            v[4] = number(f[5], "writes", Long.MAX_VALUE, file, lineNo);
            v[6] = number(f[6], "sectors written", Long.MAX_VALUE, file, lineNo);
            return record(major, minor, name, 4, v);
        }
        int used = Math.min(counters, 17);
        for (int i = 0; i < used; i++) {
            v[i] = number(f[3 + i], FIELD_NAMES[i], U32_FIELD[i] ? U32 - 1 : Long.MAX_VALUE, file, lineNo);
        }
        return record(major, minor, name, used, v);
    }

    private static DiskStat record(int major, int minor, String name, int count, long[] v) {
        return new DiskStat(major, minor, name, count, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9],
                v[10], v[11], v[12], v[13], v[14], v[15], v[16]);
    }

    // field names of procfs-diskstats 4..20, and whether the kernel prints them as unsigned int
    private static final String[] FIELD_NAMES = {"reads", "reads merged", "sectors read", "read ms", "writes",
        "writes merged", "sectors written", "write ms", "in flight", "io ticks", "weighted ms", "discards",
        "discards merged", "sectors discarded", "discard ms", "flushes", "flush ms"};
    private static final boolean[] U32_FIELD = {false, false, false, true, false, false, false, true, true, true,
        true, false, false, false, true, false, true};

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
