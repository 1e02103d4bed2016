package io.raidpulse.collector.uptime;

import io.raidpulse.collector.procfs.ParseException;

/**
 * /proc/uptime (kernel fs/proc/uptime.c): seconds since boot with two decimals, then idle
 * seconds. Kept in hundredths of a second, as sysstat's read_uptime() does, so intervals are
 * the same integers iostat divides by.
 */
public record Uptime(long centiseconds) {

    public double seconds() {
        return centiseconds / 100.0;
    }

    public static Uptime parse(String text, String file) throws ParseException {
        int end = 0;
        while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        String first = text.substring(0, end);
        int dot = first.indexOf('.');
        if (dot <= 0 || dot > 15 || first.length() - dot - 1 != 2) {
            throw new ParseException(file, 1, "expected seconds with two decimals like '12345.67', got '"
                    + (first.length() > 40 ? first.substring(0, 40) + "..." : first) + "'");
        }
        long cs = 0;
        for (int i = 0; i < first.length(); i++) {
            if (i == dot) {
                continue;
            }
            char c = first.charAt(i);
            if (c < '0' || c > '9') {
                throw new ParseException(file, 1, "expected seconds with two decimals, got '" + first + "'");
            }
            cs = cs * 10 + (c - '0');
        }
        return new Uptime(cs);
    }
}
