package io.raidpulse.model.importer;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Size strings as the benchmarks print them. */
final class ByteSizes {

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtpe]?)(i?b?)", Pattern.CASE_INSENSITIVE);
    private static final Pattern DD_SIZE = Pattern.compile("(\\d+)([a-z]*)", Pattern.CASE_INSENSITIVE);

    private ByteSizes() {
    }

    /**
     * fio, sysbench and bonnie++ sizes: "4k", "4KiB", "16Kb", "1.5Gb", "512M", "4096". Every
     * prefix is binary: fio's default kb_base=1024, sysbench's and bonnie++'s 1024-based units.
     */
    static long binary(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: '" + text.trim() + "'");
        }
        return scale(new BigDecimal(m.group(1)), 1024, power(m.group(2)), text);
    }

    /**
     * dd operands (GNU dd(1) and BSD dd(1)): "1M" and "1m" are 1024^2, "1MB" is 1000^2,
     * "1MiB" 1024^2, "c" 1, "w" 2, "b" 512, a bare number is bytes.
     */
    static long dd(String text) {
        Matcher m = DD_SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a dd size: '" + text.trim() + "'");
        }
        BigDecimal n = new BigDecimal(m.group(1));
        String unit = m.group(2);
        switch (unit) {
            case "":
            case "c":
                return scale(n, 1, 0, text);
            case "w":
                return scale(n, 2, 1, text);
            case "b":
                return scale(n, 512, 1, text);
            default:
                break;
        }
        int p = power(unit.substring(0, 1));
        if (p == 0) {
            throw new IllegalArgumentException("not a dd size: '" + text.trim() + "'");
        }
        String rest = unit.substring(1);
        if (rest.equals("B")) {
            return scale(n, 1000, p, text);
        }
        if (rest.isEmpty() || rest.equals("iB")) {
            return scale(n, 1024, p, text);
        }
        throw new IllegalArgumentException("not a dd size: '" + text.trim() + "'");
    }

    /** SI rate units as GNU dd prints them: "kB/s", "MB/s", "GB/s"; "B/s" is bytes. */
    static double siRate(double value, String unit) {
        String u = unit.endsWith("/s") ? unit.substring(0, unit.length() - 2) : unit;
        int p = u.equals("B") ? 0 : power(u.substring(0, 1));
        boolean binary = u.contains("iB");
        return value * Math.pow(binary ? 1024 : 1000, p);
    }

    private static int power(String prefix) {
        return switch (prefix.toLowerCase(Locale.ROOT)) {
            case "" -> 0;
            case "k" -> 1;
            case "m" -> 2;
            case "g" -> 3;
            case "t" -> 4;
            case "p" -> 5;
            case "e" -> 6;
            default -> throw new IllegalArgumentException("unknown size prefix '" + prefix + "'");
        };
    }

    private static long scale(BigDecimal n, long base, int power, String text) {
        BigDecimal bytes = n.multiply(BigDecimal.valueOf(base).pow(power));
        if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("size out of range: '" + text.trim() + "'");
        }
        return bytes.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }
}
