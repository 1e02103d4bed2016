package io.raidpulse.lab.guest;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of md's sysfs that change with events rather than by themselves, as one text:
 * each array's array_state, degraded and sync_action, and each member's state and slot. Read
 * before mdadm in the guest and again from the snapshot taken after it: where the two differ,
 * the arrays changed while mdadm looked (md removes a member's sysfs directory, and turns a
 * rebuilt spare in_sync, a moment after /proc/mdstat shows it), so mdadm's view is not the
 * snapshot's moment. The same reader serves both sides.
 */
public final class MdMoment {
    private MdMoment() {
    }

    /** From {@code block} (/sys/block, or SNAPSHOT/sys/block). */
    public static String read(Path block) throws IOException {
        List<String> arrays = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(block, "md*")) {
            for (Path p : d) {
                if (Files.isDirectory(p.resolve("md"))) {
                    arrays.add(p.getFileName().toString());
                }
            }
        }
        arrays.sort(null);
        StringBuilder out = new StringBuilder();
        for (String a : arrays) {
            Path md = block.resolve(a).resolve("md");
            out.append(a).append(" state=").append(value(md.resolve("array_state"))).append(" degraded=")
                    .append(value(md.resolve("degraded"))).append(" action=").append(value(md.resolve("sync_action"))).append('\n');
            List<String> members = new ArrayList<>();
            try (DirectoryStream<Path> d = Files.newDirectoryStream(md, "dev-*")) {
                d.forEach(p -> members.add(p.getFileName().toString()));
            } catch (NoSuchFileException e) {
                out.append("  gone\n"); // stopped since it was listed
                continue;
            }
            members.sort(null);
            for (String m : members) {
                out.append("  ").append(m).append(" state=").append(value(md.resolve(m).resolve("state")))
                        .append(" slot=").append(value(md.resolve(m).resolve("slot"))).append('\n');
            }
        }
        return out.toString();
    }

    private static String value(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            return "?";
        }
    }
}
