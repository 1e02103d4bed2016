package io.raidpulse.collector.hwraid;

import io.raidpulse.config.ConfigException;
import io.raidpulse.config.Key;
import io.raidpulse.config.Keys;
import io.raidpulse.config.Settings;
import io.raidpulse.md.MdLevel;
import io.raidpulse.md.ParityAlgorithm;
import io.raidpulse.md.Raid10Geometry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the operator declares of a hardware RAID volume that the OS cannot see, from
 * {@code collector.hwraid.DEVICE.*} (collector/README.md, Settings). Any of them may be left out;
 * each given one is checked, and a bad one is a {@link ConfigException} naming its key.
 *
 * @param level      raid0, raid1, raid5, raid6, raid10, raid50, raid60 (md's names)
 * @param disks      member disks behind the volume, parity and copies included
 * @param layout     as md names it (near-2, left-symmetric...), for the levels that have one
 * @param diskModel  the member disks' model
 * @param controller the controller's name (PERC H700)
 * @param cache      write-back, write-back-battery or write-through
 */
public record Declaration(String device, String level, Integer disks, String layout, String diskModel, String controller,
                          String cache) {
    public static final String PREFIX = "collector.hwraid.";
    public static final Key<String> LEVEL = Keys.string(PREFIX + "NAME.level", null, "RAID level of hardware RAID volume NAME");
    public static final Key<Integer> DISKS = Keys.of(PREFIX + "NAME.disks", null, null, "its member disks, parity and mirror copies included",
            (s, name, d) -> s.has(name) ? Integer.valueOf(s.integer(name, 0, 1, 1024)) : d);
    public static final Key<String> LAYOUT = Keys.string(PREFIX + "NAME.layout", null, "its layout as md names it");
    public static final Key<String> DISK_MODEL = Keys.string(PREFIX + "NAME.disk-model", null, "the member disks' model");
    public static final Key<String> CONTROLLER = Keys.string(PREFIX + "NAME.controller", null, "the controller's name")
            .withDefaultDescribed("(the INQUIRY vendor and model)");
    public static final Key<String> CACHE = Keys.string(PREFIX + "NAME.cache", null, "the controller's cache policy for the volume");
    static final List<String> ATTRIBUTES = List.of(LEVEL, DISKS, LAYOUT, DISK_MODEL, CONTROLLER, CACHE).stream()
            .map(k -> k.name().substring((PREFIX + "NAME.").length())).toList();
    static final List<String> CACHES = List.of("write-back", "write-back-battery", "write-through");
    /** The fewest disks of each level; a RAID10, RAID50 and RAID60 need whole groups. */
    static final Map<String, Integer> MIN_DISKS = levels();
    /** md's names for the layouts a controller's volume can be compared with: two copies, the four parity rotations. */
    private static final Map<String, Set<String>> LAYOUTS = layouts();
    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_:.!-]*");

    private static Map<String, Set<String>> layouts() {
        Set<String> mirrored = Stream.of(new Raid10Geometry(2, 1, false), new Raid10Geometry(1, 2, false), new Raid10Geometry(1, 2, true))
                .map(g -> Raid10Geometry.describe(g.code())).collect(Collectors.toSet());
        Set<String> parity = Stream.of(ParityAlgorithm.LEFT_SYMMETRIC, ParityAlgorithm.LEFT_ASYMMETRIC, ParityAlgorithm.RIGHT_SYMMETRIC,
                ParityAlgorithm.RIGHT_ASYMMETRIC).map(ParityAlgorithm::mdadmName).collect(Collectors.toSet());
        return Map.of(MdLevel.RAID10.kernelName(), mirrored, MdLevel.RAID5.kernelName(), parity, MdLevel.RAID6.kernelName(), parity);
    }

    private static Map<String, Integer> levels() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("raid0", 1);
        m.put("raid1", 2);
        m.put("raid5", 3);
        m.put("raid6", 4);
        m.put("raid10", 4);
        m.put("raid50", 6);
        m.put("raid60", 8);
        return m;
    }

    /** Every declared volume, by device name; throws the first bad key or value. */
    public static Map<String, Declaration> from(Settings s) {
        Set<String> devices = new TreeSet<>();
        for (String key : s.keys()) {
            if (!key.startsWith(PREFIX)) {
                continue;
            }
            String rest = key.substring(PREFIX.length());
            int dot = rest.lastIndexOf('.');
            String device = dot < 0 ? rest : rest.substring(0, dot);
            String attribute = dot < 0 ? "" : rest.substring(dot + 1);
            if (dot <= 0 || !DEVICE.matcher(device).matches()) {
                throw new ConfigException(key, "expected collector.hwraid.DEVICE.ATTRIBUTE with DEVICE a block device name (sda) "
                        + "and ATTRIBUTE one of " + String.join(", ", ATTRIBUTES));
            }
            if (!ATTRIBUTES.contains(attribute)) {
                throw new ConfigException(key, "unknown attribute '" + attribute + "' of a hardware RAID volume: expected one of "
                        + String.join(", ", ATTRIBUTES));
            }
            devices.add(device);
        }
        Map<String, Declaration> out = new TreeMap<>();
        for (String d : devices) {
            out.put(d, read(s, d));
        }
        return out;
    }

    private static Declaration read(Settings s, String device) {
        String levelKey = LEVEL.in(device).name();
        String disksKey = DISKS.in(device).name();
        String layoutKey = LAYOUT.in(device).name();
        String cacheKey = CACHE.in(device).name();
        String level = null;
        if (s.has(levelKey)) {
            level = s.string(levelKey, null).trim().toLowerCase(Locale.ROOT).replace(" ", "");
            if (level.matches("\\d+")) {
                level = "raid" + level;
            }
            if (!MIN_DISKS.containsKey(level)) {
                throw new ConfigException(levelKey, "expected one of " + String.join(", ", MIN_DISKS.keySet()) + ", got "
                        + s.shown(levelKey));
            }
        }
        Integer disks = s.get(DISKS.in(device));
        if (level != null && disks != null) {
            int min = MIN_DISKS.get(level);
            if (disks < min) {
                throw new ConfigException(disksKey, "a " + level + " volume has at least " + min + " disks, got " + disks);
            }
            if (MdLevel.parse(level) == MdLevel.RAID10 && disks % 2 != 0) {
                throw new ConfigException(disksKey, "a raid10 volume mirrors pairs of disks: expected an even number, got " + disks);
            }
        }
        String layout = null;
        if (s.has(layoutKey)) {
            layout = s.string(layoutKey, null).trim().toLowerCase(Locale.ROOT);
            if (level == null) {
                throw new ConfigException(layoutKey, "a layout needs the volume's level (" + levelKey + ")");
            }
            Set<String> known = LAYOUTS.get(level);
            if (known == null) {
                throw new ConfigException(layoutKey, "a " + level + " volume has no layout");
            }
            if (!known.contains(layout)) {
                throw new ConfigException(layoutKey, "expected one of " + String.join(", ", new TreeSet<>(known)) + " for a "
                        + level + " volume, got " + s.shown(layoutKey));
            }
        }
        String cache = null;
        if (s.has(cacheKey)) {
            cache = s.string(cacheKey, null).trim().toLowerCase(Locale.ROOT);
            if (!CACHES.contains(cache)) {
                throw new ConfigException(cacheKey, "expected one of " + String.join(", ", CACHES) + ", got " + s.shown(cacheKey));
            }
        }
        return new Declaration(device, level, disks, layout, text(s, DISK_MODEL.in(device).name()),
                text(s, CONTROLLER.in(device).name()), cache);
    }

    private static String text(Settings s, String key) {
        String v = s.has(key) ? s.string(key, null).trim() : "";
        return v.isEmpty() ? null : v;
    }

    /** The declared facts as one line: "raid5, 4 disks, ST3000NM0033, PERC H700, write-back-battery". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (level != null) {
            parts.add(level + (layout == null ? "" : " " + layout));
        }
        if (disks != null) {
            parts.add(disks + " disks");
        }
        if (diskModel != null) {
            parts.add("disks " + diskModel);
        }
        if (controller != null) {
            parts.add("controller " + controller);
        }
        if (cache != null) {
            parts.add("cache " + cache);
        }
        return parts.isEmpty() ? "nothing declared" : String.join(", ", parts);
    }
}
