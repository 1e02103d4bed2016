package io.raidpulse.collector.tools.snapshot;

import io.raidpulse.collector.sampling.Roots;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a snapshot: a directory laid out like a filesystem root holding what the collector
 * reads, so that {@code --proc-root SNAP/proc --sys-root SNAP/sys} and {@code replay} see the
 * host as it was. Counters first (proc/uptime, proc/diskstats, each device's stat), then the
 * slower-changing sysfs state, and each SCSI host's driver name. Symbolic links (md dev-X/block, holders, slaves) are recorded as
 * links with the same target text. Right after diskstats, the cgroup v2 hierarchy under sys/fs/cgroup: every
 * cgroup's io.stat, cgroup.controllers and cgroup.subtree_control (what {@code raidpulse top
 * --between} and the collector's attribution read), in directories of the same names; on a
 * cgroup v1 host nothing of it, which is what the collector would make of it too.
 */
public final class SnapshotRecorder {
    private static final List<String> PROC_FILES = List.of("uptime", "diskstats", "mdstat",
            "sys/kernel/hostname", "sys/kernel/osrelease", "sys/kernel/random/boot_id");
    /**
     * device/state, ioerr_cnt, iotmo_cnt: a SCSI disk's health as the kernel sees it (a hardware RAID
     * volume's, see {@code hwraid.ScsiVolumes}); iorequest_cnt / iodone_cnt and queue_depth explain them.
     */
    private static final List<String> DEVICE_FILES = List.of("stat", "size", "ro", "removable", "queue/rotational",
            "device/model", "device/serial", "device/vendor", "device/rev", "device/state", "device/ioerr_cnt",
            "device/iotmo_cnt", "device/iorequest_cnt", "device/iodone_cnt", "device/queue_depth", "dm/name", "partition");
    /**
     * md attributes the collector reads, and those that explain them later: last_sync_action (what
     * mismatch_cnt is about), sync_min / sync_max (a sync bounded by hand), sync_speed_min / _max
     * (a throttled sync), resync_start and reshape_position (where an interrupted one resumes).
     * consistency_policy and bitmap/location (what guards the array against a crash mid-write); and
     * what later kernels add, kept to show what they printed (6.12: new_level; 7.x: bitmap_type,
     * sync_io_depth, logical_block_size). An attribute a kernel lacks is skipped, as are write-only
     * ones (new_dev, bitmap_set_bits), which fail to read.
     */
    private static final List<String> MD_FILES = List.of("level", "layout", "chunk_size", "raid_disks", "degraded",
            "array_state", "sync_action", "last_sync_action", "sync_completed", "sync_speed", "sync_min", "sync_max",
            "sync_speed_min", "sync_speed_max", "mismatch_cnt", "metadata_version", "component_size", "reshape_position",
            "resync_start", "consistency_policy", "bitmap/location", "bitmap/chunksize", "new_level", "bitmap_type",
            "sync_io_depth", "logical_block_size");
    /** recovery_start: how far a member being rebuilt is ("none" once in sync). */
    private static final List<String> MEMBER_FILES = List.of("state", "slot", "errors", "recovery_start", "offset", "size");
    /** A cgroup's files the attribution reads. */
    private static final List<String> CGROUP_FILES = List.of("io.stat", "cgroup.controllers", "cgroup.subtree_control");

    private SnapshotRecorder() {
    }

    public static void record(Roots roots, Path out) throws IOException {
        Files.createDirectories(out);
        for (String f : PROC_FILES) {
            copy(roots.proc().resolve(f), out.resolve("proc").resolve(f));
        }
        // io.stat right after diskstats: the attribution takes each device's counters less its consumers'
        Path cgroup = roots.sys().resolve("fs/cgroup");
        if (Files.isRegularFile(cgroup.resolve("cgroup.controllers"))) {
            cgroups(cgroup, out.resolve("sys/fs/cgroup"));
        }
        scsiHosts(roots.sys(), out.resolve("sys"));
        Path block = roots.block();
        Path outBlock = out.resolve("sys/block");
        Files.createDirectories(outBlock);
        try (DirectoryStream<Path> devices = Files.newDirectoryStream(block)) {
            for (Path dev : devices) {
                Path target = outBlock.resolve(dev.getFileName().toString());
                device(dev, target);
                try (DirectoryStream<Path> sub = Files.newDirectoryStream(dev)) {
                    for (Path p : sub) {
                        if (Files.exists(p.resolve("partition"))) {
                            device(p, target.resolve(p.getFileName().toString()));
                        }
                    }
                } catch (IOException e) {
                    // unlisted partitions are left out of the snapshot
                }
                if (Files.isDirectory(dev.resolve("md"))) {
                    md(dev.resolve("md"), target.resolve("md"));
                }
            }
        }
    }

    /**
     * A cgroup's files and its child cgroups' (directories), depth first; a cgroup removed while
     * the snapshot is taken is left out, as the collector skips it.
     */
    private static void cgroups(Path dir, Path target) throws IOException {
        Files.createDirectories(target);
        for (String f : CGROUP_FILES) {
            copy(dir.resolve(f), target.resolve(f));
        }
        for (Path child : entries(dir, "*")) {
            if (Files.isDirectory(child, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                cgroups(child, target.resolve(child.getFileName().toString()));
            }
        }
    }

    private static void device(Path dev, Path target) throws IOException {
        Files.createDirectories(target);
        if (Files.isDirectory(dev.resolve("device"))) {
            Files.createDirectories(target.resolve("device")); // a real disk, even when it has no model file (virtio)
        }
        for (String f : DEVICE_FILES) {
            copy(dev.resolve(f), target.resolve(f));
        }
        // a SCSI disk's address H:C:T:L, a directory of that name: H is its SCSI host (class/scsi_host/hostH)
        for (Path a : entries(dev.resolve("device/scsi_device"), "*")) {
            Files.createDirectories(target.resolve("device/scsi_device").resolve(a.getFileName().toString()));
        }
        links(dev.resolve("holders"), target.resolve("holders"));
        links(dev.resolve("slaves"), target.resolve("slaves"));
    }

    /** Each SCSI host's driver name ({@code class/scsi_host/hostN/proc_name}: megaraid_sas, ahci, ...). */
    private static void scsiHosts(Path sys, Path target) throws IOException {
        for (Path h : entries(sys.resolve("class/scsi_host"), "host*")) {
            copy(h.resolve("proc_name"), target.resolve("class/scsi_host").resolve(h.getFileName().toString()).resolve("proc_name"));
        }
    }

    private static void md(Path md, Path target) throws IOException {
        Files.createDirectories(target);
        for (String f : MD_FILES) {
            copy(md.resolve(f), target.resolve(f));
        }
        for (Path m : entries(md, "dev-*")) {
            Path t = target.resolve(m.getFileName().toString());
            Files.createDirectories(t);
            for (String f : MEMBER_FILES) {
                copy(m.resolve(f), t.resolve(f));
            }
            link(m.resolve("block"), t.resolve("block"));
        }
    }

    /**
     * The entries of a sysfs directory, or none when it is gone: an array stopped or a member
     * removed while the snapshot is taken takes its directory with it (seen in the lab: mdadm
     * --stop during a recording), and the snapshot of the rest must not fail for that.
     */
    static List<Path> entries(Path dir, String glob) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(dir, glob)) {
            d.forEach(out::add);
        } catch (NoSuchFileException | NotDirectoryException e) {
            return List.of();
        }
        return out;
    }

    private static void links(Path dir, Path target) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        Files.createDirectories(target);
        for (Path e : entries(dir, "*")) {
            link(e, target.resolve(e.getFileName().toString()));
        }
    }

    private static void link(Path link, Path target) throws IOException {
        if (Files.isSymbolicLink(link)) {
            Path to;
            try {
                to = Files.readSymbolicLink(link);
            } catch (NoSuchFileException e) {
                return; // removed since it was listed
            }
            Files.createSymbolicLink(target, to);
        } else if (Files.exists(link)) {
            Files.createDirectories(target);
        }
    }

    /** Copies a file that may be absent or unreadable (sysfs attributes come and go); a missing one is skipped. */
    private static void copy(Path from, Path to) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(from);
        } catch (IOException | SecurityException e) {
            return;
        }
        Files.createDirectories(to.getParent());
        Files.write(to, bytes);
    }
}
