package io.raidpulse.simulator.tree;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;

/**
 * Writes each instant as a complete root in a numbered directory: {@code DIR/000001/} (the start),
 * {@code DIR/000002/}, ... each with {@code proc/}, {@code sys/} and {@code time}. A snapshot is
 * built under a dot-name and renamed into place when complete.
 */
public final class SnapshotWriter implements TreeOutput {
    private final Path root;

    public SnapshotWriter(Path root) throws IOException {
        this.root = root;
        Files.createDirectories(root);
    }

    /** The directory of instant {@code index} (0 = the start). */
    public Path snapshot(long index) {
        return root.resolve(name(index));
    }

    static String name(long index) {
        return String.format(Locale.ROOT, "%06d", index + 1);
    }

    @Override
    public void write(HostTree tree, long index) throws IOException {
        Path tmp = root.resolve("." + name(index) + ".partial");
        for (Map.Entry<String, HostTree.Node> e : tree.nodes().entrySet()) {
            Path p = tmp.resolve(e.getKey());
            if (e.getValue() instanceof HostTree.File f) {
                Files.writeString(p, f.content(), StandardCharsets.UTF_8);
            } else if (e.getValue() instanceof HostTree.Link l) {
                Files.createSymbolicLink(p, Path.of(l.target()));
            } else {
                Files.createDirectories(p);
            }
        }
        Files.move(tmp, snapshot(index), StandardCopyOption.ATOMIC_MOVE);
    }
}
