package io.raidpulse.lab;

import io.raidpulse.config.UserException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

/**
 * The guest's initramfs: busybox-static, the lab's {@code /init} ({@code init.sh}) and the
 * kernel's own modules the guest needs, with their dependencies, in load order. Built once per
 * kernel, init script and module list, and kept in the cache.
 */
public final class Initramfs {
    /**
     * What the guest loads: virtio PCI and block (the member disks), 9p over virtio (the host's
     * root and the results share), NVMe (the nvme disk profile), md with every RAID personality,
     * ext4 (the file systems bonnie++, sysbench and PostgreSQL run on), and crc32c, which
     * libcrc32c (raid456) and ext4 look up by name at load time and modules.dep does not list;
     * megaraid_sas (the MegaRAID controllers' volumes, the perc-h700 profile) with sd_mod, the SCSI
     * disk driver that gives its volumes their sdX block devices (no udev here to load it on demand).
     * A module the kernel has built in (modules.builtin) is not loaded.
     */
    static final List<String> MODULES = List.of("virtio_pci", "virtio_blk", "9pnet_virtio", "9p", "nvme",
            "crc32c_generic", "crc32c_cryptoapi", "md_mod", "linear", "raid0", "raid1", "raid10", "raid456", "ext4",
            "megaraid_sas", "sd_mod");
    /**
     * What a kernel may be built without: md's linear (Debian's 6.12 and 7.x do not build it), and
     * crc32c's crypto API driver under either name (crc32c_generic; crc32c_cryptoapi from 6.14,
     * where ext4 and raid456 call the crc32c library directly and no longer look it up).
     */
    static final Set<String> OPTIONAL = Set.of("linear", "crc32c_generic", "crc32c_cryptoapi");

    private Initramfs() {
    }

    public static Path obtain(KernelPackage kernel, Path cache) throws IOException {
        byte[] init = resource("init.sh");
        Path busybox = Path.of(KernelPackage.busybox());
        byte[] bb = Files.readAllBytes(busybox);
        if (dynamicallyLinked(bb)) {
            throw new UserException(busybox + " is dynamically linked and cannot run in the guest's initramfs: install busybox-static (apt-get install busybox-static)");
        }
        ModuleDeps deps = ModuleDeps.read(kernel.modules().resolve("modules.dep"));
        Path builtinFile = kernel.modules().resolve("modules.builtin");
        Set<String> builtin = Files.isRegularFile(builtinFile) ? ModuleDeps.builtin(Files.readString(builtinFile)) : Set.of();
        List<String> modules = deps.closure(MODULES, OPTIONAL, builtin);
        String key = digest(kernel.release(), new String(init, StandardCharsets.UTF_8), String.join(",", modules), sha(bb));
        Path out = cache.resolve("initramfs-" + kernel.release() + "-" + key.substring(0, 12) + ".cpio.gz");
        if (Files.isRegularFile(out)) {
            return out;
        }
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        try (OutputStream file = Files.newOutputStream(tmp); Cpio cpio = new Cpio(new GZIPOutputStream(file, 1 << 16))) {
            for (String d : List.of("bin", "dev", "etc", "lib", "newroot", "proc", "sys", "tmp")) {
                cpio.directory(d);
            }
            cpio.file("bin/busybox", bb, true);
            cpio.file("init", init, true);
            cpio.file("etc/lab-modules", (String.join("\n", modules) + "\n").getBytes(StandardCharsets.UTF_8), false);
            Set<String> dirs = new LinkedHashSet<>();
            String base = "lib/modules/" + kernel.release();
            for (String m : modules) {
                String parent = base;
                for (String part : m.substring(0, m.lastIndexOf('/')).split("/")) {
                    parent = parent + "/" + part;
                    dirs.add(parent);
                }
            }
            cpio.directory("lib/modules");
            cpio.directory(base);
            for (String d : dirs) {
                cpio.directory(d);
            }
            for (String m : modules) {
                cpio.file(base + "/" + m, Files.readAllBytes(kernel.modules().resolve(m)), false);
            }
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
        return out;
    }

    /** Whether an ELF binary has a PT_INTERP program header (needs a dynamic loader). */
    static boolean dynamicallyLinked(byte[] elf) {
        if (elf.length < 64 || elf[0] != 0x7f || elf[1] != 'E' || elf[2] != 'L' || elf[3] != 'F' || elf[4] != 2) {
            throw new UserException("busybox is not a 64-bit ELF binary");
        }
        ByteBuffer b = ByteBuffer.wrap(elf).order(elf[5] == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        long phoff = b.getLong(0x20);
        int phentsize = Short.toUnsignedInt(b.getShort(0x36));
        int phnum = Short.toUnsignedInt(b.getShort(0x38));
        for (int i = 0; i < phnum; i++) {
            long at = phoff + (long) i * phentsize;
            if (at + 4 > elf.length) {
                break;
            }
            if (b.getInt((int) at) == 3) { // PT_INTERP
                return true;
            }
        }
        return false;
    }

    static byte[] resource(String name) throws IOException {
        try (InputStream in = Initramfs.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " missing from the lab jar");
            }
            return in.readAllBytes();
        }
    }

    private static String sha(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String digest(String... parts) {
        return sha(String.join("\n", parts).getBytes(StandardCharsets.UTF_8));
    }
}
