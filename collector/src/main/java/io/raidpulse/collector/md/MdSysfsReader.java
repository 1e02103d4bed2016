package io.raidpulse.collector.md;

import io.raidpulse.collector.procfs.ParseException;
import io.raidpulse.collector.procfs.ProcFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Reads an md array from a sysfs root: {@code SYS/block/mdX/md/*} and {@code SYS/block/mdX/size}.
 * Each file is one value (md.c: level_show, layout_show, chunk_size_show, raid_disks_show,
 * degraded_show, array_state_show, action_show, sync_completed_show, sync_speed_show,
 * mismatch_cnt_show; state_show, slot_show, errors_show for members).
 */
public final class MdSysfsReader {
    private MdSysfsReader() {
    }

    /** Whether {@code SYS/block/NAME/md} exists (md sysfs is present for that array). */
    public static boolean present(Path sysRoot, String name) {
        return Files.isDirectory(sysRoot.resolve("block").resolve(name).resolve("md"));
    }

    /** md array names under {@code SYS/block} (those with an md directory), sorted. */
    public static List<String> arrays(Path sysRoot) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(sysRoot.resolve("block"))) {
            for (Path p : dir) {
                String n = p.getFileName().toString();
                if (present(sysRoot, n)) {
                    names.add(n);
                }
            }
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    public static MdSysfsArray read(Path sysRoot, String name) throws ParseException {
        Path block = sysRoot.resolve("block").resolve(name);
        Path md = block.resolve("md");
        String level = text(md.resolve("level"));
        Integer layout = integer(md.resolve("layout"));
        Long chunk = number(md.resolve("chunk_size"));
        Integer raidDisks = raidDisks(md.resolve("raid_disks"));
        Integer degraded = integer(md.resolve("degraded"));
        String arrayState = text(md.resolve("array_state"));
        String action = text(md.resolve("sync_action"));
        Long done = null;
        Long total = null;
        Path completed = md.resolve("sync_completed");
        String sc = text(completed);
        if (sc != null && !sc.equals("none") && !sc.equals("delayed")) {
            String[] parts = sc.split("/");
            if (parts.length != 2) {
                throw new ParseException(completed.toString(), 1, "expected 'done / total' sectors or 'none', got '" + clip(sc) + "'");
            }
            done = parse(parts[0].trim(), completed);
            total = parse(parts[1].trim(), completed);
        }
        Long speed = number(md.resolve("sync_speed"));
        Long mismatch = number(md.resolve("mismatch_cnt"));
        Long size = number(block.resolve("size"));
        return new MdSysfsArray(name, emptyToNull(level), layout, chunk, raidDisks, degraded, arrayState, action, done,
                total, speed, mismatch, size, members(md));
    }

    private static List<MdSysfsMember> members(Path md) throws ParseException {
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(md, "dev-*")) {
            dir.forEach(dirs::add);
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        dirs.sort(Comparator.comparing(p -> p.getFileName().toString()));
        List<MdSysfsMember> out = new ArrayList<>();
        for (Path d : dirs) {
            String device = d.getFileName().toString().substring("dev-".length());
            Path block = d.resolve("block");
            if (Files.isSymbolicLink(block)) {
                try {
                    Path target = Files.readSymbolicLink(block);
                    if (target.getFileName() != null) {
                        device = target.getFileName().toString();
                    }
                } catch (IOException | SecurityException e) {
                    // the dev-NAME directory name is the same kernel name
                }
            }
            String state = text(d.resolve("state"));
            List<String> words = state == null || state.isEmpty() ? List.of() : List.copyOf(Arrays.asList(state.split(",")));
            out.add(new MdSysfsMember(device, integer(d.resolve("slot")), words, number(d.resolve("errors"))));
        }
        return List.copyOf(out);
    }

    private static String text(Path file) {
        return ProcFiles.readValue(file);
    }

    private static Integer integer(Path file) throws ParseException {
        Long v = number(file);
        if (v != null && v > Integer.MAX_VALUE) {
            throw new ParseException(file.toString(), 1, "value " + v + " is out of range");
        }
        return v == null ? null : (int) (long) v;
    }

    private static Long number(Path file) throws ParseException {
        String v = text(file);
        if (v == null || v.isEmpty() || v.equals("none")) {
            return null;
        }
        return parse(v, file);
    }

    /** raid_disks prints "N" or, during a reshape, "new (old)". */
    private static Integer raidDisks(Path file) throws ParseException {
        String v = text(file);
        if (v == null || v.isEmpty()) {
            return null;
        }
        int sp = v.indexOf(' ');
        long n = parse(sp < 0 ? v : v.substring(0, sp), file);
        if (n > Integer.MAX_VALUE) {
            throw new ParseException(file.toString(), 1, "value " + n + " is out of range");
        }
        return (int) n;
    }

    private static long parse(String v, Path file) throws ParseException {
        if (v.isEmpty() || v.length() > 18 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new ParseException(file.toString(), 1, "expected a non-negative number, got '" + clip(v) + "'");
        }
        return Long.parseLong(v);
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
