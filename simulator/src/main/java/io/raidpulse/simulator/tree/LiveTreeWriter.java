package io.raidpulse.simulator.tree;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Keeps one root ({@code DIR/proc}, {@code DIR/sys}, {@code DIR/time}) up to date, changing only
 * what changed. Every file and link is made in {@code DIR/.staging} and renamed into place, so a
 * reader sees either the old or the new content, never a torn file. New nodes appear before the
 * links that lead to them; {@code time} is written last, after everything of its instant.
 */
public final class LiveTreeWriter implements TreeOutput {
    static final String STAGING = ".staging";

    private final Path root;
    private final Path staging;
    private SortedMap<String, HostTree.Node> current = new TreeMap<>(HostTree.Builder::compare);
    private long temp;

    public LiveTreeWriter(Path root) throws IOException {
        this.root = root;
        this.staging = root.resolve(STAGING);
        Files.createDirectories(staging);
    }

    public Path root() {
        return root;
    }

    @Override
    public void write(HostTree tree, long index) throws IOException {
        SortedMap<String, HostTree.Node> next = tree.nodes();
        List<String> gone = new ArrayList<>();
        for (Map.Entry<String, HostTree.Node> old : current.entrySet()) {
            HostTree.Node now = next.get(old.getKey());
            if (now == null || now.getClass() != old.getValue().getClass()) {
                gone.add(old.getKey());
            }
        }
        Collections.reverse(gone);
        List<String> links = new ArrayList<>();
        for (String path : gone) {
            if (current.get(path) instanceof HostTree.Link) {
                links.add(path);
            }
        }
        for (String path : links) {
            Files.deleteIfExists(root.resolve(path));
        }
        for (String path : gone) {
            if (!(current.get(path) instanceof HostTree.Link)) {
                delete(root.resolve(path));
            }
        }
        HostTree.Node time = null;
        List<Map.Entry<String, HostTree.Node>> newLinks = new ArrayList<>();
        for (Map.Entry<String, HostTree.Node> e : next.entrySet()) {
            HostTree.Node before = current.get(e.getKey());
            if (e.getValue().equals(before)) {
                continue;
            }
            if (e.getKey().equals("time")) {
                time = e.getValue();
                continue;
            }
            if (e.getValue() instanceof HostTree.File f) {
                replace(e.getKey(), f.content());
            } else if (e.getValue() instanceof HostTree.Link) {
                newLinks.add(e);
            } else {
                Files.createDirectories(root.resolve(e.getKey()));
            }
        }
        for (Map.Entry<String, HostTree.Node> e : newLinks) {
            Path tmp = staging.resolve("link" + temp++);
            Files.deleteIfExists(tmp);
            Files.createSymbolicLink(tmp, Path.of(((HostTree.Link) e.getValue()).target()));
            move(tmp, root.resolve(e.getKey()));
        }
        if (time instanceof HostTree.File f) {
            replace("time", f.content());
        }
        current = next;
    }

    private void replace(String path, String content) throws IOException {
        Path tmp = staging.resolve("file" + temp++);
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        move(tmp, root.resolve(path));
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("cannot rename atomically into " + to + " (is the output on another filesystem?)", e);
        }
    }

    private static void delete(Path p) throws IOException {
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (var s = Files.list(p)) {
                for (Path c : s.toList()) {
                    delete(c);
                }
            }
        }
        try {
            Files.deleteIfExists(p);
        } catch (DirectoryNotEmptyException | NoSuchFileException e) {
            // removed concurrently or already gone with its parent
        }
    }
}
