package io.raidpulse.md;

import java.util.ArrayList;
import java.util.List;

/**
 * cgroup v2 io.stat (kernel block/blk-cgroup.c blkcg_print_one_stat; Documentation/admin-guide/cgroup-v2.rst,
 * "IO Interface Files"), read and written. One line per device the cgroup did I/O to:
 * {@code MAJ:MIN rbytes=N wbytes=N rios=N wios=N dbytes=N dios=N}, then whatever the io
 * controller's policies add (io.cost's {@code cost.vrate=...}, io.latency's {@code avg_lat=...},
 * blk-iolatency's {@code use_delay=...}). Keys are read by name, never by position: an unknown
 * key is skipped by its name, so a kernel that adds keys breaks nothing. Kernels before 4.19
 * print no dbytes/dios: the entry says so ({@link IoStatEntry#hasDiscards()}). Later kernels
 * print a device line with no counters at all when they are all zero.
 * A malformed line is a {@link ParseException} naming the file and the line; the other lines are
 * still read.
 */
public final class IoStat {
    private IoStat() {
    }

    /** Every device line of {@code text}; malformed lines go to the result's errors. */
    public static IoStatFile parse(String text, String file) {
        List<IoStatEntry> entries = new ArrayList<>();
        List<ParseException> errors = null;
        int lineNo = 0;
        int start = 0;
        int length = text.length();
        while (start < length) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = length;
            }
            lineNo++;
            if (!blank(text, start, end)) {
                try {
                    entries.add(parseLine(text, start, end, file, lineNo));
                } catch (ParseException e) {
                    if (errors == null) {
                        errors = new ArrayList<>();
                    }
                    errors.add(e);
                }
            }
            start = end + 1;
        }
        return new IoStatFile(List.copyOf(entries), errors == null ? List.of() : List.copyOf(errors));
    }

    /** One line, without its newline. */
    public static IoStatEntry parseLine(String line, String file, int lineNo) throws ParseException {
        return parseLine(line, 0, line.length(), file, lineNo);
    }

    /**
     * Reads {@code text[start, end)} without splitting it into strings: this runs for every line
     * of every cgroup's io.stat every cycle (500 cgroups on a busy host).
     */
    private static IoStatEntry parseLine(String text, int start, int end, String file, int lineNo) throws ParseException {
        int i = skipSpaces(text, start, end);
        int colon = text.indexOf(':', i);
        int tokenEnd = tokenEnd(text, i, end);
        if (colon < 0 || colon >= tokenEnd) {
            throw new ParseException(file, lineNo, "expected 'MAJ:MIN key=value...', got '" + clip(text.substring(start, end)) + "'");
        }
        long major = number(text, i, colon, "major", file, lineNo);
        long minor = number(text, colon + 1, tokenEnd, "minor", file, lineNo);
        if (major > 0xfffL || minor > 0xfffffL) {
            throw new ParseException(file, lineNo, "device " + text.substring(i, tokenEnd) + " is beyond the kernel's 12-bit major, 20-bit minor");
        }
        long rbytes = -1;
        long wbytes = -1;
        long rios = -1;
        long wios = -1;
        long dbytes = -1;
        long dios = -1;
        i = skipSpaces(text, tokenEnd, end);
        while (i < end) {
            int e = tokenEnd(text, i, end);
            int eq = text.indexOf('=', i);
            if (eq < 0 || eq >= e || eq == i) {
                throw new ParseException(file, lineNo, "expected key=value, got '" + clip(text.substring(i, e)) + "'");
            }
            int keyLength = eq - i;
            if (is(text, i, keyLength, "rbytes")) {
                rbytes = number(text, eq + 1, e, "rbytes", file, lineNo);
            } else if (is(text, i, keyLength, "wbytes")) {
                wbytes = number(text, eq + 1, e, "wbytes", file, lineNo);
            } else if (is(text, i, keyLength, "rios")) {
                rios = number(text, eq + 1, e, "rios", file, lineNo);
            } else if (is(text, i, keyLength, "wios")) {
                wios = number(text, eq + 1, e, "wios", file, lineNo);
            } else if (is(text, i, keyLength, "dbytes")) {
                dbytes = number(text, eq + 1, e, "dbytes", file, lineNo);
            } else if (is(text, i, keyLength, "dios")) {
                dios = number(text, eq + 1, e, "dios", file, lineNo);
            }
            // any other key (cost.vrate, avg_lat, use_delay, depth...) belongs to a policy: skipped by name
            i = skipSpaces(text, e, end);
        }
        String device = text.substring(skipSpaces(text, start, end), tokenEnd);
        if (rbytes < 0 && wbytes < 0 && rios < 0 && wios < 0 && dbytes < 0 && dios < 0) {
            // newer kernels (blkcg_print_one_stat) print a device the cgroup has a blkg for but did no I/O to as
            // "MAJ:MIN " with no counters (or only a policy's keys): nothing happened
            return new IoStatEntry((int) major, (int) minor, 0, 0, 0, 0, 0, 0);
        }
        if (rbytes < 0 || wbytes < 0 || rios < 0 || wios < 0) {
            throw new ParseException(file, lineNo, "device " + device + " lacks " + missing(rbytes, wbytes, rios, wios));
        }
        if ((dbytes < 0) != (dios < 0)) {
            throw new ParseException(file, lineNo, "device " + device + " has " + (dbytes < 0 ? "dios without dbytes" : "dbytes without dios"));
        }
        return new IoStatEntry((int) major, (int) minor, rbytes, wbytes, rios, wios, dbytes, dios);
    }

    /** The text blkcg_print_one_stat prints for {@code entries}: the six counters (four without discards), one line each. */
    public static String text(List<IoStatEntry> entries) {
        StringBuilder b = new StringBuilder();
        for (IoStatEntry e : entries) {
            b.append(e.major()).append(':').append(e.minor())
                    .append(" rbytes=").append(e.readBytes()).append(" wbytes=").append(e.writeBytes())
                    .append(" rios=").append(e.readIos()).append(" wios=").append(e.writeIos());
            if (e.hasDiscards()) {
                b.append(" dbytes=").append(e.discardBytes()).append(" dios=").append(e.discardIos());
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static String missing(long rbytes, long wbytes, long rios, long wios) {
        List<String> keys = new ArrayList<>();
        if (rbytes < 0) {
            keys.add("rbytes");
        }
        if (wbytes < 0) {
            keys.add("wbytes");
        }
        if (rios < 0) {
            keys.add("rios");
        }
        if (wios < 0) {
            keys.add("wios");
        }
        return String.join(", ", keys);
    }

    private static boolean is(String text, int at, int length, String key) {
        return length == key.length() && text.regionMatches(at, key, 0, length);
    }

    private static long number(String text, int from, int to, String what, String file, int lineNo) throws ParseException {
        if (from >= to || to - from > 19) {
            throw new ParseException(file, lineNo, what + ": '" + clip(text.substring(from, to)) + "' is not a counter");
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new ParseException(file, lineNo, what + ": '" + clip(text.substring(from, to)) + "' is not a counter");
            }
            v = v * 10 + (c - '0');
        }
        if (v < 0) {
            throw new ParseException(file, lineNo, what + ": " + text.substring(from, to) + " exceeds " + Long.MAX_VALUE);
        }
        return v;
    }

    private static boolean blank(String text, int start, int end) {
        return skipSpaces(text, start, end) == end;
    }

    private static int skipSpaces(String text, int i, int end) {
        while (i < end && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int tokenEnd(String text, int i, int end) {
        while (i < end && !Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
