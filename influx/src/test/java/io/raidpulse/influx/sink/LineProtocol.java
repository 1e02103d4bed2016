package io.raidpulse.influx.sink;

import java.util.LinkedHashMap;
import java.util.Map;

/** A parsed line of InfluxDB line protocol: what a point's measurement, tags and typed fields are. */
record LineProtocol(String measurement, Map<String, String> tags, Map<String, Object> fields, long time) {

    /** Field types as InfluxDB stores them. */
    static String type(Object v) {
        if (v instanceof Long) {
            return "integer";
        }
        if (v instanceof Double) {
            return "float";
        }
        if (v instanceof Boolean) {
            return "boolean";
        }
        return "string";
    }

    static LineProtocol parse(String line) {
        int[] pos = {0};
        String measurement = until(line, pos, ",", " ");
        Map<String, String> tags = new LinkedHashMap<>();
        while (line.charAt(pos[0]) == ',') {
            pos[0]++;
            String k = until(line, pos, "=");
            pos[0]++;
            tags.put(k, until(line, pos, ",", " "));
        }
        pos[0]++;
        Map<String, Object> fields = new LinkedHashMap<>();
        while (true) {
            String k = until(line, pos, "=");
            pos[0]++;
            Object v;
            if (line.charAt(pos[0]) == '"') {
                StringBuilder sb = new StringBuilder();
                pos[0]++;
                while (line.charAt(pos[0]) != '"') {
                    if (line.charAt(pos[0]) == '\\') {
                        pos[0]++;
                    }
                    sb.append(line.charAt(pos[0]++));
                }
                pos[0]++;
                v = sb.toString();
            } else {
                String raw = until(line, pos, ",", " ");
                if (raw.endsWith("i")) {
                    v = Long.parseLong(raw.substring(0, raw.length() - 1));
                } else if (raw.equals("true") || raw.equals("false")) {
                    v = Boolean.parseBoolean(raw);
                } else {
                    v = Double.parseDouble(raw);
                }
            }
            fields.put(k, v);
            if (pos[0] >= line.length() || line.charAt(pos[0]) == ' ') {
                break;
            }
            pos[0]++;
        }
        long time = Long.parseLong(line.substring(pos[0] + 1).trim());
        return new LineProtocol(measurement, tags, fields, time);
    }

    private static String until(String line, int[] pos, String... stops) {
        StringBuilder sb = new StringBuilder();
        while (pos[0] < line.length()) {
            char c = line.charAt(pos[0]);
            if (c == '\\' && pos[0] + 1 < line.length()) {
                sb.append(line.charAt(pos[0] + 1));
                pos[0] += 2;
                continue;
            }
            for (String s : stops) {
                if (s.charAt(0) == c) {
                    return sb.toString();
                }
            }
            sb.append(c);
            pos[0]++;
        }
        return sb.toString();
    }
}
