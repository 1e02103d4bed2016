package io.raidpulse.collector.inventory;

import io.raidpulse.collector.procfs.ProcFiles;
import io.raidpulse.md.BlockDeviceKind;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Block device inventory from a sysfs root: whole devices are {@code SYS/block/NAME}, partitions
 * {@code SYS/block/DISK/NAME} (with a {@code partition} file); rotational from the disk's
 * {@code queue/rotational}, size from {@code size} (512-byte sectors whatever the block size),
 * model and serial from {@code device/model} and {@code device/serial} (SCSI/ATA and NVMe).
 * Where sysfs has no model or serial, {@code fallback} (OSHI on a live host) may supply them.
 */
public final class BlockInventory {
    private final Path sysRoot;
    private final Function<String, String[]> fallback;

    /** {@code fallback} maps a device name to {model, serial} (either may be null); null for none. */
    public BlockInventory(Path sysRoot, Function<String, String[]> fallback) {
        this.sysRoot = sysRoot;
        this.fallback = fallback;
    }

    /** Inventory of every device under SYS/block and their partitions, by name. */
    public Map<String, BlockDevice> scan() {
        Map<String, BlockDevice> out = new HashMap<>();
        Path block = sysRoot.resolve("block");
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(block)) {
            for (Path disk : dir) {
                String name = disk.getFileName().toString();
                BlockDevice whole = device(disk, name, null);
                out.put(name, whole);
                try (DirectoryStream<Path> sub = Files.newDirectoryStream(disk)) {
                    for (Path p : sub) {
                        if (Files.exists(p.resolve("partition"))) {
                            String part = p.getFileName().toString();
                            out.put(part, device(p, part, whole));
                        }
                    }
                } catch (IOException | SecurityException e) {
                    // a disk whose directory cannot be listed has no partitions we can see
                }
            }
        } catch (IOException | SecurityException e) {
            return Map.of();
        }
        return out;
    }

    private BlockDevice device(Path dir, String name, BlockDevice parent) {
        BlockDeviceKind kind;
        if (parent != null) {
            kind = BlockDeviceKind.PARTITION;
        } else if (Files.isDirectory(dir.resolve("md"))) {
            kind = BlockDeviceKind.MD;
        } else if (Files.isDirectory(dir.resolve("dm"))) {
            kind = BlockDeviceKind.DM;
        } else if (Files.exists(dir.resolve("device"))) {
            kind = BlockDeviceKind.DISK;
        } else {
            kind = BlockDeviceKind.OTHER;
        }
        Boolean rotational = parent != null ? parent.rotational() : bool(ProcFiles.readValue(dir.resolve("queue/rotational")));
        String size = ProcFiles.readValue(dir.resolve("size"));
        Long bytes = size != null && size.matches("\\d{1,15}") ? Long.parseLong(size) * 512 : null;
        String model = parent != null ? parent.model() : blankToNull(ProcFiles.readValue(dir.resolve("device/model")));
        String serial = parent != null ? parent.serial() : blankToNull(ProcFiles.readValue(dir.resolve("device/serial")));
        if (parent == null && kind == BlockDeviceKind.DISK && (model == null || serial == null) && fallback != null) {
            String[] more = fallback.apply(name);
            if (more != null) {
                model = model != null ? model : blankToNull(more[0]);
                serial = serial != null ? serial : blankToNull(more[1]);
            }
        }
        return new BlockDevice(name, kind, rotational, bytes, model, serial, parent == null ? null : parent.name(),
                entries(dir.resolve("holders")));
    }

    /** The names in directory {@code dir}, sorted; none when it cannot be read. */
    public static List<String> entries(Path dir) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(dir)) {
            d.forEach(p -> names.add(p.getFileName().toString()));
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        names.sort(null);
        return List.copyOf(names);
    }

    private static Boolean bool(String v) {
        return v == null ? null : v.equals("1") ? Boolean.TRUE : v.equals("0") ? Boolean.FALSE : null;
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v.trim();
    }
}
