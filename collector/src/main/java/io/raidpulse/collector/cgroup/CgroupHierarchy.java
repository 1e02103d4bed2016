package io.raidpulse.collector.cgroup;

import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.collector.sample.AttributionStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Where the cgroup v2 unified hierarchy is (SYS/fs/cgroup, relative to the sysfs root, so a
 * container's /host/sys and a snapshot's sys/ work as /sys does) and whether io.stat can be read
 * under it: the root's cgroup.controllers says it is v2, its cgroup.subtree_control whether the
 * io controller reaches the root's children (kernel Documentation/admin-guide/cgroup-v2.rst,
 * "Enabling and Disabling").
 */
public final class CgroupHierarchy {
    private final Path root;

    public CgroupHierarchy(Path sysRoot) {
        this.root = sysRoot.resolve("fs").resolve("cgroup");
    }

    public Path root() {
        return root;
    }

    /** What the hierarchy allows, with the reason in words for the log when it is not ATTRIBUTED. */
    public record State(AttributionStatus status, String reason) {
    }

    /** ATTRIBUTED when io.stat can be read below the root; otherwise why not. */
    public State state() {
        Path controllers = root.resolve("cgroup.controllers");
        try {
            ProcFiles.read(controllers);
        } catch (NoSuchFileException e) {
            if (Files.isDirectory(root)) {
                return new State(AttributionStatus.CGROUP_V1, root + " is not a cgroup v2 unified hierarchy (no cgroup.controllers): "
                        + "cgroup v1 has no io.stat to attribute device I/O with; boot with systemd.unified_cgroup_hierarchy=1 to get it");
            }
            return new State(AttributionStatus.UNREADABLE, root + " does not exist: no cgroup hierarchy is mounted there "
                    + "(in a container, mount the host's /sys, or its /sys/fs/cgroup, read-only)");
        } catch (IOException e) {
            return new State(AttributionStatus.UNREADABLE, controllers + ": cannot read (" + e + ")");
        }
        Path subtree = root.resolve("cgroup.subtree_control");
        try {
            if (!hasController(ProcFiles.read(subtree), "io")) {
                return new State(AttributionStatus.NO_IO_CONTROLLER, subtree + " does not enable the io controller, so no cgroup has "
                        + "an io.stat: set DefaultIOAccounting=yes in systemd's system.conf (or IOAccounting=yes on the units)");
            }
        } catch (IOException e) {
            return new State(AttributionStatus.UNREADABLE, subtree + ": cannot read (" + e + ")");
        }
        return new State(AttributionStatus.ATTRIBUTED, null);
    }

    /** Whether a cgroup.subtree_control or cgroup.controllers text (space-separated names) holds {@code controller}. */
    static boolean hasController(String text, String controller) {
        int from = 0;
        int n = controller.length();
        while ((from = text.indexOf(controller, from)) >= 0) {
            boolean startOk = from == 0 || Character.isWhitespace(text.charAt(from - 1));
            boolean endOk = from + n == text.length() || Character.isWhitespace(text.charAt(from + n));
            if (startOk && endOk) {
                return true;
            }
            from += n;
        }
        return false;
    }
}
