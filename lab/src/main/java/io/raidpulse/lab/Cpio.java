package io.raidpulse.lab;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes a cpio archive in the "newc" format the kernel unpacks as an initramfs
 * (Documentation/driver-api/early-userspace/buffer-format.rst): a 110-byte ASCII header of
 * hexadecimal fields, the NUL-terminated name, padding to 4 bytes, the data, padding to 4 bytes;
 * the archive ends with an entry named {@code TRAILER!!!}.
 */
public final class Cpio implements AutoCloseable {
    private static final int S_IFDIR = 0040000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFLNK = 0120000;

    private final OutputStream out;
    private long written;
    private int inode = 1;

    public Cpio(OutputStream out) {
        this.out = out;
    }

    public void directory(String name) throws IOException {
        entry(name, S_IFDIR | 0755, new byte[0]);
    }

    public void file(String name, byte[] data, boolean executable) throws IOException {
        entry(name, S_IFREG | (executable ? 0755 : 0644), data);
    }

    public void symlink(String name, String target) throws IOException {
        entry(name, S_IFLNK | 0777, target.getBytes(StandardCharsets.UTF_8));
    }

    private void entry(String name, int mode, byte[] data) throws IOException {
        byte[] nameBytes = (name + "\0").getBytes(StandardCharsets.UTF_8);
        boolean trailer = name.equals("TRAILER!!!");
        String header = "070701"
                + hex(trailer ? 0 : inode++) + hex(mode) + hex(0) + hex(0)
                + hex((mode & S_IFDIR) == S_IFDIR ? 2 : 1) + hex(0) + hex(data.length)
                + hex(0) + hex(0) + hex(0) + hex(0) + hex(nameBytes.length) + hex(0);
        write(header.getBytes(StandardCharsets.US_ASCII));
        write(nameBytes);
        pad();
        write(data);
        pad();
    }

    private static String hex(int v) {
        return String.format("%08X", v);
    }

    private void write(byte[] b) throws IOException {
        out.write(b);
        written += b.length;
    }

    private void pad() throws IOException {
        while (written % 4 != 0) {
            out.write(0);
            written++;
        }
    }

    @Override
    public void close() throws IOException {
        entry("TRAILER!!!", 0, new byte[0]);
        out.close();
    }
}
