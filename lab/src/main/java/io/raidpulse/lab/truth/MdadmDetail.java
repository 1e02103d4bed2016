package io.raidpulse.lab.truth;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mdadm --detail /dev/mdX [...]} as mdadm 4.2 prints it (Detail.c): per array a
 * {@code /dev/mdX:} line, {@code Key : value} lines, then the device table
 * ({@code Number Major Minor RaidDevice State... /dev/name}), where a removed slot is a row of
 * dashes and zeros and devices outside the slots (spares, faulty) have RaidDevice {@code -}.
 *
 * @param fields   every {@code Key : value} line, trimmed
 * @param devices  the table's rows with a device, in mdadm's order
 * @param removed  the RaidDevice numbers of rows that say {@code removed}
 * @param missing  MAJOR:MINOR of rows whose device node is gone ({@code faulty missing}: a disk
 *                 pulled out of the machine that md still holds as a faulty member)
 */
public record MdadmDetail(String array, Map<String, String> fields, List<Device> devices, List<Integer> removed,
                          List<String> missing) {
    private static final Pattern FIELD = Pattern.compile("^\\s*([A-Za-z][A-Za-z ]*?)\\s*:\\s?(.*)$");
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+|-)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+|-)\\s+(.*?)\\s*$");
    private static final Pattern STATUS = Pattern.compile("(\\d+)% complete");

    /**
     * One row of the device table.
     *
     * @param slot   RaidDevice: the member's role; null for {@code -} (a spare or a faulty device)
     * @param state  the words before the device path: active, sync, spare, rebuilding, faulty, writemostly, ...
     * @param number Number: the member's descriptor number (md's desc_nr, the [n] of /proc/mdstat); null for
     *               {@code -}
     */
    public record Device(String path, Integer slot, List<String> state, Integer number) {
        public String name() {
            return path.substring(path.lastIndexOf('/') + 1);
        }

        public boolean has(String word) {
            return state.contains(word);
        }
    }

    /** Every array in the output, in order. */
    public static List<MdadmDetail> parse(String text) {
        List<MdadmDetail> out = new ArrayList<>();
        String array = null;
        Map<String, String> fields = null;
        List<Device> devices = null;
        List<Integer> removed = null;
        List<String> missing = null;
        boolean table = false;
        for (String line : text.split("\n")) {
            if (line.matches("^/dev/\\S+:\\s*$")) {
                if (array != null) {
                    out.add(new MdadmDetail(array, fields, devices, removed, missing));
                }
                array = line.trim().substring(5, line.trim().length() - 1);
                fields = new LinkedHashMap<>();
                devices = new ArrayList<>();
                removed = new ArrayList<>();
                missing = new ArrayList<>();
                table = false;
                continue;
            }
            if (array == null || line.isBlank()) {
                continue;
            }
            if (line.trim().startsWith("Number")) {
                table = true;
                continue;
            }
            if (table) {
                Matcher r = ROW.matcher(line);
                if (!r.matches()) {
                    continue;
                }
                List<String> words = new ArrayList<>(List.of(r.group(5).split("\\s+")));
                String last = words.get(words.size() - 1);
                if (last.equals("removed")) {
                    removed.add(Integer.parseInt(r.group(4)));
                } else if (last.equals("missing")) {
                    missing.add(r.group(2) + ":" + r.group(3));
                } else if (last.startsWith("/dev/")) {
                    words.remove(words.size() - 1);
                    devices.add(new Device(last, r.group(4).equals("-") ? null : Integer.valueOf(r.group(4)), List.copyOf(words),
                            r.group(1).equals("-") ? null : Integer.valueOf(r.group(1))));
                }
                continue;
            }
            Matcher f = FIELD.matcher(line);
            if (f.matches()) {
                fields.put(f.group(1).trim(), f.group(2).trim());
            }
        }
        if (array != null) {
            out.add(new MdadmDetail(array, fields, devices, removed, missing));
        }
        return out;
    }

    public String field(String key) {
        return fields.get(key);
    }

    public Integer number(String key) {
        String v = fields.get(key);
        return v == null ? null : Integer.valueOf(v.split("\\s+")[0]);
    }

    /** "raid5" from "Raid Level : raid5". */
    public String level() {
        return field("Raid Level");
    }

    /** The words of "State : clean, degraded, recovering". */
    public List<String> states() {
        String s = field("State");
        return s == null ? List.of() : List.of(s.trim().split("\\s*,\\s*"));
    }

    /** Chunk in bytes from "Chunk Size : 512K"; null when mdadm prints none (raid1). */
    public Long chunkBytes() {
        String v = field("Chunk Size");
        if (v == null) {
            return null;
        }
        if (!v.endsWith("K")) {
            throw new IllegalArgumentException("Chunk Size '" + v + "' is not in K");
        }
        return Long.parseLong(v.substring(0, v.length() - 1)) * 1024;
    }

    /**
     * The sync in progress as mdadm names it (the key before "Status": Rebuild, Resync, Check,
     * Reshape, Repair...) with its whole percent; null when none runs.
     */
    public Sync sync() {
        for (var e : fields.entrySet()) {
            if (e.getKey().endsWith(" Status")) {
                Matcher m = STATUS.matcher(e.getValue());
                if (m.find()) {
                    return new Sync(e.getKey().substring(0, e.getKey().length() - " Status".length()), Integer.parseInt(m.group(1)));
                }
            }
        }
        return null;
    }

    /** A sync's kind as mdadm prints it, and its percent (mdadm truncates /proc/mdstat's per mille to whole percent). */
    public record Sync(String kind, int percent) {
    }
}
