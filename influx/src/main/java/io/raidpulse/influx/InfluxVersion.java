package io.raidpulse.influx;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server version as {@code /ping} reports it in {@code X-Influxdb-Version}: "1.6.7~rc0" (Debian),
 * "1.8.10", "v2.7.4", "3.0.1".
 */
public record InfluxVersion(String text, int major, int minor) {
    private static final Pattern LEADING = Pattern.compile("v?(\\d+)\\.(\\d+).*");

    public static InfluxVersion parse(String header) {
        Matcher m = LEADING.matcher(header == null ? "" : header.trim());
        if (!m.matches()) {
            return null;
        }
        return new InfluxVersion(header.trim(), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** Servers before 1.8 have no {@code /api/v2/write}. */
    public boolean hasV2Write() {
        return major > 1 || (major == 1 && minor >= 8);
    }

    @Override
    public String toString() {
        return text;
    }
}
