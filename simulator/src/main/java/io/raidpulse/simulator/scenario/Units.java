package io.raidpulse.simulator.scenario;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Quantities as scenario files write them. Sizes: {@code k}, {@code K}, {@code KiB}, {@code M},
 * {@code MiB}, {@code G}, {@code GiB}, {@code T}, {@code TiB} are binary (fio's {@code 4k} is 4096
 * bytes); {@code KB}, {@code MB}, {@code GB}, {@code TB} are decimal, as disk vendors count. Times:
 * whole seconds written as {@code 0}, {@code 90s}, {@code 12m30s}, {@code 1h}, {@code 12d}.
 */
public final class Units {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([A-Za-z]*)");
    private static final Pattern TIME_PART = Pattern.compile("(\\d+)(d|h|m|s)");

    private Units() {
    }

    /** Bytes, or null when the text is not a whole number of bytes. */
    static Long bytes(String text) {
        Double v = scaled(text);
        if (v == null || v >= Long.MAX_VALUE / 2d || v != Math.rint(v)) {
            return null;
        }
        return v.longValue();
    }

    /** Bytes per second from {@code 268MB/s} or {@code 1.5GiB/s}, or null. */
    static Double bytesPerSecond(String text) {
        String t = text.trim();
        return t.endsWith("/s") ? scaled(t.substring(0, t.length() - 2)) : null;
    }

    private static Double scaled(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        double factor = switch (m.group(2)) {
            case "", "B", "b" -> 1;
            case "k", "K", "KiB", "kiB" -> 1024d;
            case "M", "MiB" -> 1024d * 1024;
            case "G", "GiB" -> 1024d * 1024 * 1024;
            case "T", "TiB" -> 1024d * 1024 * 1024 * 1024;
            case "KB", "kB" -> 1e3;
            case "MB" -> 1e6;
            case "GB" -> 1e9;
            case "TB" -> 1e12;
            default -> Double.NaN;
        };
        double v = Double.parseDouble(m.group(1)) * factor;
        return Double.isFinite(v) ? v : null;
    }

    /** Whole seconds, or null when the text is not a time like {@code 12m30s}. */
    static Long seconds(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return 0L;
        }
        Matcher m = TIME_PART.matcher(t);
        long total = 0;
        int end = 0;
        String order = "dhms";
        int lastUnit = -1;
        while (m.find()) {
            if (m.start() != end) {
                return null;
            }
            int unit = order.indexOf(m.group(2));
            if (unit <= lastUnit) {
                return null;
            }
            lastUnit = unit;
            long n = Long.parseLong(m.group(1));
            total += n * switch (m.group(2)) {
                case "d" -> 86_400L;
                case "h" -> 3_600L;
                case "m" -> 60L;
                default -> 1L;
            };
            end = m.end();
        }
        return end == t.length() && end > 0 ? total : null;
    }

    /** A time the way scenario files write it: {@code 12m30s}. */
    public static String formatSeconds(long s) {
        if (s == 0) {
            return "0s";
        }
        StringBuilder b = new StringBuilder();
        long h = s / 3600;
        long m = (s % 3600) / 60;
        long sec = s % 60;
        if (h > 0) {
            b.append(h).append('h');
        }
        if (m > 0) {
            b.append(m).append('m');
        }
        if (sec > 0) {
            b.append(sec).append('s');
        }
        return b.toString();
    }
}
