package io.raidpulse.collector.md;

import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.md.MdSysfsArray;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads an md array from a sysfs root: fetches the files of {@code SYS/block/mdX/} that
 * {@link MdSysfs} reads (a file that is absent or cannot be read is left out) and hands them to it.
 */
public final class MdSysfsReader {
    /** The files below SYS/block/mdX that md sysfs holds for the array. */
    static final List<String> ARRAY_FILES = List.of("size", "md/level", "md/layout", "md/chunk_size", "md/raid_disks",
            "md/degraded", "md/array_state", "md/sync_action", "md/last_sync_action", "md/sync_completed", "md/sync_speed",
            "md/mismatch_cnt", "md/consistency_policy", "md/bitmap/location");
    /** Where each member directory's block link points, by the directory's path (see device). */
    private static final Map<String, String> LINKS = new ConcurrentHashMap<>();
    private static final int MAX_LINKS = 4096;

    private MdSysfsReader() {
    }

    /** Whether {@code SYS/block/NAME/md} exists (md sysfs is present for that array). */
    public static boolean present(Path sysRoot, String name) {
        return new File(dir(sysRoot, name) + "/md").isDirectory();
    }

    /**
     * md array names under {@code SYS/block} (those with an md directory), sorted. Only names
     * beginning with "md" are looked at: md.c names every array so (mdN, md_NAME), and this runs
     * every cycle on hosts with dozens of disks, each a stat of its own otherwise. Listed by name
     * (java.io.File), not as a Path per entry.
     */
    public static List<String> arrays(Path sysRoot) {
        String[] entries;
        try {
            entries = new File(root(sysRoot) + "block").list();
        } catch (SecurityException e) {
            return List.of();
        }
        if (entries == null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (String n : entries) {
            if (n.startsWith("md") && present(sysRoot, n)) {
                names.add(n);
            }
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    /**
     * The array's files, as {@link MdSysfs#read} takes them. The md directory is listed once (it
     * also gives the members' dev-NAME directories), and a file of it that the listing lacks is
     * not opened: an absent file cost an exception and two path lookups every cycle (a kernel
     * without consistency_policy, an array without md/bitmap). Paths are strings, not Paths: this
     * runs for every array every cycle.
     */
    public static MdSysfsArray read(Path sysRoot, String name) {
        return read(sysRoot, name, ProcFiles::read);
    }

    /** How a file's text is read: {@link ProcFiles#read(String)}, or a {@link io.raidpulse.collector.procfs.KeptFiles}' read. */
    @FunctionalInterface
    public interface FileText {
        String read(String path) throws IOException;
    }

    /**
     * As {@link #read(Path, String)}, each file read through {@code text}: the whole array, as a
     * sampling loop's {@link MdSysfsFiles} reads it the first time.
     */
    public static MdSysfsArray read(Path sysRoot, String name, FileText text) {
        return new MdSysfsFiles().read(sysRoot, name, null, text, 0);
    }

    /** The names in directory {@code dir}; null when it cannot be listed. */
    static String[] list(String dir) {
        try {
            return new File(dir).list();
        } catch (SecurityException e) {
            return null;
        }
    }

    /**
     * Whether array file {@code f} is to be opened given the md directory's listing {@code md}:
     * md/X when the listing has X (md/bitmap/location: when it has bitmap), any other always, and
     * every one when md could not be listed (null).
     */
    static boolean listed(Set<String> md, String f) {
        int slash = f.indexOf('/', 3);
        return md == null || !f.startsWith("md/") || md.contains(f.substring(3, slash < 0 ? f.length() : slash));
    }

    /** {@code SYS/block/NAME} as a string, as {@code sysRoot.resolve("block").resolve(name).toString()} gives it. */
    static String dir(Path sysRoot, String name) {
        return root(sysRoot) + "block/" + name;
    }

    private static String root(Path sysRoot) {
        String r = sysRoot.toString();
        return r.endsWith("/") ? r : r + "/";
    }

    /**
     * The block device a member is: where its {@code block} link points, or the NAME of dev-NAME.
     * The link is read without a stat first: when it is not one (or cannot be read), readlink says so.
     * Kept by the member directory's path: md names the directory after the device the link
     * points to (md.c bind_rdev_to_array: "dev-" and the device's name), so a directory of that
     * path links to the same device for as long as it exists; 32 readlinks a cycle fewer on a host
     * of 8 four-disk arrays.
     */
    static String device(String memberDir, String dirName) {
        String known = LINKS.get(memberDir);
        if (known != null) {
            return known;
        }
        String device = dirName.substring("dev-".length());
        boolean link = false;
        try {
            Path target = Files.readSymbolicLink(Path.of(memberDir, "block"));
            if (target.getFileName() != null) {
                device = target.getFileName().toString();
                link = true;
            }
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // not a link, or gone: the dev-NAME directory name is the same kernel name
        }
        if (link) {
            if (LINKS.size() >= MAX_LINKS) {
                LINKS.clear(); // snapshots replayed one after another, each under a root of its own
            }
            LINKS.put(memberDir, device);
        }
        return device;
    }

    /** Whether a member's state file says in_sync (state_show: comma-separated words). */
    static boolean inSync(String state) {
        if (state == null) {
            return false;
        }
        int nl = state.indexOf('\n');
        for (String w : (nl >= 0 ? state.substring(0, nl) : state).trim().split(",")) {
            if (w.trim().equals("in_sync")) {
                return true;
            }
        }
        return false;
    }

    /** Reads {@code file} into {@code files} under {@code key}; its text, or null when absent or unreadable. */
    static String put(Map<String, String> files, String key, String file, FileText reader) {
        try {
            String text = reader.read(file);
            files.put(key, text);
            return text;
        } catch (IOException | SecurityException e) {
            return null; // absent or unreadable: md.c did not show it to us
        }
    }
}
