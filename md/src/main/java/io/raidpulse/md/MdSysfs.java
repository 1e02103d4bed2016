package io.raidpulse.md;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * An md array's sysfs directory, {@code SYS/block/mdX/}: {@code size} and {@code md/*}, read and
 * written. Each file is one value (md.c: level_show, layout_show, chunk_size_show,
 * raid_disks_show, degraded_show, array_state_show, action_show, last_sync_action_show,
 * sync_completed_show, sync_speed_show, mismatch_cnt_show; state_show, slot_show, errors_show,
 * recovery_start_show for members), and consistency_policy and bitmap/location. What later
 * kernels add beside them (7.x: bitmap_type, sync_io_depth, logical_block_size; 6.12: new_level)
 * is not read: a file this class does not name changes nothing it reports.
 *
 * <p>The directory is given as its files by path below it ("size", "md/level",
 * "md/dev-sda1/state"), each with its text; a member's {@code block} link as the name of the
 * device it points to ("md/dev-sda1/block" = "sda1"). Reading is pure: a value that does not have
 * the shape md.c prints is left null and reported, naming the file; the rest of the array is
 * still read.
 */
public final class MdSysfs {
    private static final String MEMBER_PREFIX = "md/dev-";

    private MdSysfs() {
    }

    /** The array {@code name} from its directory's {@code files}; {@code dir} is the directory as errors name it. */
    public static MdSysfsArray read(String name, String dir, Map<String, String> files) {
        Values v = new Values(dir, files);
        String level = v.text("md/level");
        Long layout = v.first("md/layout", true);
        Long chunk = v.first("md/chunk_size", false);
        Long raidDisks = v.first("md/raid_disks", false);
        Long degraded = v.number("md/degraded");
        String arrayState = v.text("md/array_state");
        String action = v.text("md/sync_action");
        String lastAction = v.text("md/last_sync_action");
        Long done = null;
        Long total = null;
        String sc = v.text("md/sync_completed");
        if (sc != null && !sc.isEmpty() && !sc.equals("none") && !sc.equals("delayed")) {
            String[] parts = sc.split("/");
            if (parts.length == 2) {
                done = v.parse(parts[0].trim(), "md/sync_completed", false);
                total = done == null ? null : v.parse(parts[1].trim(), "md/sync_completed", false);
                done = total == null ? null : done;
            } else {
                v.problem("md/sync_completed", "expected 'done / total' sectors, 'none' or 'delayed', got '" + clip(sc) + "'");
            }
        }
        Long speed = v.number("md/sync_speed");
        Long mismatch = v.number("md/mismatch_cnt");
        Long size = v.number("size");
        List<MdSysfsMember> members = members(v, files);
        return new MdSysfsArray(name, emptyToNull(level), v.integer(layout, "md/layout"), chunk,
                v.integer(raidDisks, "md/raid_disks"), v.integer(degraded, "md/degraded"),
                emptyToNull(arrayState), emptyToNull(action), emptyToNull(lastAction), done, total, speed, mismatch, size,
                members, List.copyOf(v.problems), emptyToNull(v.text("md/consistency_policy")),
                emptyToNull(v.text("md/bitmap/location")));
    }

    /** Members by their dev-NAME directories, in name order. */
    private static List<MdSysfsMember> members(Values v, Map<String, String> files) {
        TreeSet<String> dirs = new TreeSet<>();
        for (String path : files.keySet()) {
            if (path.startsWith(MEMBER_PREFIX) && path.indexOf('/', MEMBER_PREFIX.length()) > 0) {
                dirs.add(path.substring(0, path.indexOf('/', MEMBER_PREFIX.length())));
            }
        }
        List<MdSysfsMember> out = new ArrayList<>();
        for (String d : dirs) {
            String link = files.get(d + "/block");
            String device = link != null && !link.isEmpty() ? link : d.substring(MEMBER_PREFIX.length());
            String state = v.text(d + "/state");
            List<String> words = state == null || state.isEmpty() ? List.of() : List.copyOf(Arrays.asList(state.split(",")));
            // slot_show: the slot number, "none" (a spare or a faulty member) or "journal"
            String slotFile = d + "/slot";
            String slotText = v.text(slotFile);
            Integer slot = null;
            boolean slotKnown = slotText != null && (slotText.equals("none") || slotText.equals("journal"));
            if (slotText != null && !slotKnown) {
                slot = v.integer(v.parse(slotText, slotFile, false), slotFile);
                slotKnown = slot != null;
            }
            out.add(new MdSysfsMember(device, slot, slotKnown, state != null, words, v.number(d + "/errors"),
                    v.number(d + "/recovery_start")));
        }
        return List.copyOf(out);
    }

    /**
     * The files md.c shows for {@code a}, as {@link #read} takes them: each value on one line; "none"
     * where md prints it for no value (sync_completed, sync_speed, a member's slot and
     * recovery_start); a file the record has no value for is left out.
     */
    public static Map<String, String> files(MdSysfsArray a) {
        Map<String, String> f = new LinkedHashMap<>();
        put(f, "size", a.sizeSectors());
        put(f, "md/level", a.level());
        put(f, "md/layout", a.layout());
        put(f, "md/chunk_size", a.chunkBytes());
        put(f, "md/raid_disks", a.raidDisks());
        put(f, "md/degraded", a.degraded());
        put(f, "md/array_state", a.arrayState());
        put(f, "md/sync_action", a.syncAction());
        put(f, "md/last_sync_action", a.lastSyncAction());
        f.put("md/sync_completed", (a.checkpointDone() == null ? "none" : a.checkpointDone() + " / " + a.checkpointTotal()) + "\n");
        f.put("md/sync_speed", (a.syncSpeedKibS() == null ? "none" : a.syncSpeedKibS()) + "\n");
        put(f, "md/mismatch_cnt", a.mismatchCnt());
        put(f, "md/consistency_policy", a.consistencyPolicy());
        put(f, "md/bitmap/location", a.bitmapLocation());
        for (MdSysfsMember m : a.members()) {
            String d = MEMBER_PREFIX + m.device();
            f.put(d + "/block", m.device());
            if (m.stateKnown()) {
                f.put(d + "/state", String.join(",", m.state()) + "\n");
            }
            if (m.slotKnown()) {
                f.put(d + "/slot", (m.slot() == null ? "none" : m.slot()) + "\n");
            }
            put(f, d + "/errors", m.errors());
            f.put(d + "/recovery_start", (m.recoveryStart() == null ? "none" : m.recoveryStart()) + "\n");
        }
        return f;
    }

    private static void put(Map<String, String> files, String path, Object value) {
        if (value != null) {
            files.put(path, value + "\n");
        }
    }

    /** Reads values and collects a problem for each that does not parse. */
    private static final class Values {
        final List<ParseException> problems = new ArrayList<>();
        final String dir;
        final Map<String, String> files;

        Values(String dir, Map<String, String> files) {
            this.dir = dir;
            this.files = files;
        }

        /** The first line of a one-value file, trimmed; null when the file is absent. */
        String text(String path) {
            String text = files.get(path);
            if (text == null) {
                return null;
            }
            int nl = text.indexOf('\n');
            return (nl >= 0 ? text.substring(0, nl) : text).trim();
        }

        /** A non-negative number, or null when absent or "none". */
        Long number(String path) {
            String s = text(path);
            if (s == null || s.isEmpty() || s.equals("none")) {
                return null;
            }
            return parse(s, path, false);
        }

        /** "N", or "new (old)" as layout_show, chunk_size_show and raid_disks_show print during a reshape: N or new. */
        Long first(String path, boolean signed) {
            String s = text(path);
            if (s == null || s.isEmpty()) {
                return null;
            }
            int sp = s.indexOf(' ');
            if (sp >= 0 && !s.substring(sp + 1).matches("\\(-?\\d{1,18}\\)")) {
                problem(path, "expected 'N' or 'new (old)', got '" + clip(s) + "'");
                return null;
            }
            return parse(sp < 0 ? s : s.substring(0, sp), path, signed);
        }

        Long parse(String s, String path, boolean signed) {
            String digits = signed && s.startsWith("-") ? s.substring(1) : s;
            if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                problem(path, "expected " + (signed ? "a number" : "a non-negative number") + ", got '" + clip(s) + "'");
                return null;
            }
            return Long.parseLong(s);
        }

        Integer integer(Long n, String path) {
            if (n == null) {
                return null;
            }
            if (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE) {
                problem(path, "value " + n + " is out of range");
                return null;
            }
            return (int) (long) n;
        }

        void problem(String path, String message) {
            problems.add(new ParseException(dir + "/" + path, 1, message + ": left out, the rest of the array is read"));
        }
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
