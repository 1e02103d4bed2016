package io.raidpulse.collector.md;

import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.md.MdSysfs;
import io.raidpulse.md.MdSysfsArray;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an md array from a sysfs root: fetches the files of {@code SYS/block/mdX/} that
 * {@link MdSysfs} reads (a file that is absent or cannot be read is left out) and hands them to it.
 */
public final class MdSysfsReader {
    /** The files below SYS/block/mdX that md sysfs holds for the array. */
    private static final List<String> ARRAY_FILES = List.of("size", "md/level", "md/layout", "md/chunk_size", "md/raid_disks",
            "md/degraded", "md/array_state", "md/sync_action", "md/last_sync_action", "md/sync_completed", "md/sync_speed",
            "md/mismatch_cnt", "md/consistency_policy", "md/bitmap/location");
    /** The files of each md/dev-NAME directory. */
    private static final List<String> MEMBER_FILES = List.of("state", "slot", "errors", "recovery_start");

    private MdSysfsReader() {
    }

    /** Whether {@code SYS/block/NAME/md} exists (md sysfs is present for that array). */
    public static boolean present(Path sysRoot, String name) {
        return Files.isDirectory(sysRoot.resolve("block").resolve(name).resolve("md"));
    }

    /**
     * md array names under {@code SYS/block} (those with an md directory), sorted. Only names
     * beginning with "md" are looked at: md.c names every array so (mdN, md_NAME), and this runs
     * every cycle on hosts with dozens of disks, each a stat of its own otherwise.
     */
    public static List<String> arrays(Path sysRoot) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(sysRoot.resolve("block"))) {
            for (Path p : dir) {
                String n = p.getFileName().toString();
                if (n.startsWith("md") && present(sysRoot, n)) {
                    names.add(n);
                }
            }
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    public static MdSysfsArray read(Path sysRoot, String name) {
        Path block = sysRoot.resolve("block").resolve(name);
        Map<String, String> files = new HashMap<>();
        for (String f : ARRAY_FILES) {
            put(files, f, block.resolve(f));
        }
        List<Path> dirs = new ArrayList<>();
        // a filter, not the glob "dev-*": a glob is compiled into a regular expression on every call
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(block.resolve("md"), d -> d.getFileName().toString().startsWith("dev-"))) {
            dir.forEach(dirs::add);
        } catch (IOException | SecurityException e) {
            // no members to read
        }
        for (Path d : dirs) {
            String member = "md/" + d.getFileName();
            files.put(member + "/block", device(d));
            for (String f : MEMBER_FILES) {
                put(files, member + "/" + f, d.resolve(f));
            }
        }
        return MdSysfs.read(name, block.toString(), files);
    }

    /** The block device a member is: where its {@code block} link points, or the NAME of dev-NAME. */
    private static String device(Path memberDir) {
        Path block = memberDir.resolve("block");
        if (Files.isSymbolicLink(block)) {
            try {
                Path target = Files.readSymbolicLink(block);
                if (target.getFileName() != null) {
                    return target.getFileName().toString();
                }
            } catch (IOException | SecurityException e) {
                // the dev-NAME directory name is the same kernel name
            }
        }
        return memberDir.getFileName().toString().substring("dev-".length());
    }

    private static void put(Map<String, String> files, String key, Path file) {
        try {
            files.put(key, ProcFiles.read(file));
        } catch (IOException | SecurityException e) {
            // absent or unreadable: md.c did not show it to us
        }
    }
}
