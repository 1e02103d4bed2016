package io.raidpulse.collector.md;

import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.md.ParseException;
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
 * degraded_show, array_state_show, action_show, last_sync_action_show, sync_completed_show,
 * sync_speed_show, mismatch_cnt_show; state_show, slot_show, errors_show, recovery_start_show
 * for members). A value that does not have the shape md.c prints is left null and reported,
 * naming the file; the rest of the array is still read.
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

    public static MdSysfsArray read(Path sysRoot, String name) {
        Path block = sysRoot.resolve("block").resolve(name);
        Path md = block.resolve("md");
        Values v = new Values();
        String level = v.text(md.resolve("level"));
        Long layout = v.first(md.resolve("layout"), true);
        Long chunk = v.first(md.resolve("chunk_size"), false);
        Long raidDisks = v.first(md.resolve("raid_disks"), false);
        Long degraded = v.number(md.resolve("degraded"));
        String arrayState = v.text(md.resolve("array_state"));
        String action = v.text(md.resolve("sync_action"));
        String lastAction = v.text(md.resolve("last_sync_action"));
        Long done = null;
        Long total = null;
        Path completed = md.resolve("sync_completed");
        String sc = v.text(completed);
        if (sc != null && !sc.isEmpty() && !sc.equals("none") && !sc.equals("delayed")) {
            String[] parts = sc.split("/");
            if (parts.length == 2) {
                done = v.parse(parts[0].trim(), completed, false);
                total = done == null ? null : v.parse(parts[1].trim(), completed, false);
                done = total == null ? null : done;
            } else {
                v.problem(completed, "expected 'done / total' sectors, 'none' or 'delayed', got '" + clip(sc) + "'");
            }
        }
        Long speed = v.number(md.resolve("sync_speed"));
        Long mismatch = v.number(md.resolve("mismatch_cnt"));
        Long size = v.number(block.resolve("size"));
        List<MdSysfsMember> members = members(md, v);
        return new MdSysfsArray(name, emptyToNull(level), v.integer(layout, md.resolve("layout")), chunk,
                v.integer(raidDisks, md.resolve("raid_disks")), v.integer(degraded, md.resolve("degraded")),
                emptyToNull(arrayState), emptyToNull(action), emptyToNull(lastAction), done, total, speed, mismatch, size,
                members, List.copyOf(v.problems));
    }

    private static List<MdSysfsMember> members(Path md, Values v) {
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
            String state = v.text(d.resolve("state"));
            List<String> words = state == null || state.isEmpty() ? List.of() : List.copyOf(Arrays.asList(state.split(",")));
            // slot_show: the slot number, "none" (a spare or a faulty member) or "journal"
            Path slotFile = d.resolve("slot");
            String slotText = v.text(slotFile);
            Integer slot = null;
            boolean slotKnown = slotText != null && (slotText.equals("none") || slotText.equals("journal"));
            if (slotText != null && !slotKnown) {
                slot = v.integer(v.parse(slotText, slotFile, false), slotFile);
                slotKnown = slot != null;
            }
            out.add(new MdSysfsMember(device, slot, slotKnown, state != null, words, v.number(d.resolve("errors")),
                    v.number(d.resolve("recovery_start"))));
        }
        return List.copyOf(out);
    }

    /** Reads values and collects a problem for each that does not parse. */
    private static final class Values {
        final List<ParseException> problems = new ArrayList<>();

        String text(Path file) {
            return ProcFiles.readValue(file);
        }

        /** A non-negative number, or null when absent or "none". */
        Long number(Path file) {
            String s = text(file);
            if (s == null || s.isEmpty() || s.equals("none")) {
                return null;
            }
            return parse(s, file, false);
        }

        /** "N", or "new (old)" as layout_show, chunk_size_show and raid_disks_show print during a reshape: N or new. */
        Long first(Path file, boolean signed) {
            String s = text(file);
            if (s == null || s.isEmpty()) {
                return null;
            }
            int sp = s.indexOf(' ');
            if (sp >= 0 && !s.substring(sp + 1).matches("\\(-?\\d{1,18}\\)")) {
                problem(file, "expected 'N' or 'new (old)', got '" + clip(s) + "'");
                return null;
            }
            return parse(sp < 0 ? s : s.substring(0, sp), file, signed);
        }

        Long parse(String s, Path file, boolean signed) {
            String digits = signed && s.startsWith("-") ? s.substring(1) : s;
            if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                problem(file, "expected " + (signed ? "a number" : "a non-negative number") + ", got '" + clip(s) + "'");
                return null;
            }
            return Long.parseLong(s);
        }

        Integer integer(Long n, Path file) {
            if (n == null) {
                return null;
            }
            if (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE) {
                problem(file, "value " + n + " is out of range");
                return null;
            }
            return (int) (long) n;
        }

        void problem(Path file, String message) {
            problems.add(new ParseException(file.toString(), 1, message + ": left out, the rest of the array is read"));
        }
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
