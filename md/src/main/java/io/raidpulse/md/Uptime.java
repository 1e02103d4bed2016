package io.raidpulse.md;

/**
 * /proc/uptime (fs/proc/uptime.c uptime_proc_show): "%lu.%02lu %lu.%02lu\n", seconds since boot
 * and idle seconds summed over all CPUs, each truncated to hundredths. Kept in hundredths of a
 * second, as sysstat's read_uptime() does, so intervals are the same integers iostat divides by.
 *
 * @param centiseconds     time since boot, 1/100 s
 * @param idleCentiseconds idle time summed over all CPUs, 1/100 s; null when the text has no
 *                         second field of that shape (the collector does not need it)
 */
public record Uptime(long centiseconds, Long idleCentiseconds) {
    /** The longest number of seconds the reader accepts: 15 digits before the point. */
    private static final int MAX_SECONDS_DIGITS = 15;

    public Uptime {
        if (centiseconds < 0 || (idleCentiseconds != null && idleCentiseconds < 0)) {
            throw new IllegalArgumentException("uptime is never negative: " + centiseconds + ", " + idleCentiseconds);
        }
    }

    /** From seconds as a model keeps them: hundredths truncated, as the kernel prints them. */
    public static Uptime ofSeconds(double seconds, double idleSeconds) {
        return new Uptime(hundredths(seconds), hundredths(idleSeconds));
    }

    public double seconds() {
        return centiseconds / 100.0;
    }

    /** Reads the text of /proc/uptime; {@code file} names it in the error. */
    public static Uptime parse(String text, String file) throws ParseException {
        int end = token(text, 0);
        String first = text.substring(0, end);
        if (!shaped(first)) {
            throw new ParseException(file, 1, "expected seconds with two decimals like '12345.67', got '"
                    + (first.length() > 40 ? first.substring(0, 40) + "..." : first) + "'");
        }
        Long cs = digits(first);
        if (cs == null) {
            throw new ParseException(file, 1, "expected seconds with two decimals, got '" + first + "'");
        }
        int start = end;
        while (start < text.length() && (text.charAt(start) == ' ' || text.charAt(start) == '\t')) {
            start++;
        }
        String second = text.substring(start, token(text, start));
        return new Uptime(cs, shaped(second) ? digits(second) : null);
    }

    /** The text uptime_proc_show prints; without an idle time, only the first field. */
    public String text() {
        return idleCentiseconds == null ? seconds(centiseconds) + "\n" : seconds(centiseconds) + " " + seconds(idleCentiseconds) + "\n";
    }

    private static String seconds(long cs) {
        return (cs / 100) + "." + (cs % 100 < 10 ? "0" : "") + (cs % 100);
    }

    private static long hundredths(double seconds) {
        return (long) Math.floor(seconds * 100 + 1e-6);
    }

    private static int token(String text, int from) {
        int end = from;
        while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        return end;
    }

    private static boolean shaped(String s) {
        int dot = s.indexOf('.');
        return dot > 0 && dot <= MAX_SECONDS_DIGITS && s.length() - dot - 1 == 2;
    }

    /** The number of hundredths, or null when a character is not a digit. */
    private static Long digits(String s) {
        int dot = s.indexOf('.');
        long cs = 0;
        for (int i = 0; i < s.length(); i++) {
            if (i == dot) {
                continue;
            }
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            cs = cs * 10 + (c - '0');
        }
        return cs;
    }
}
