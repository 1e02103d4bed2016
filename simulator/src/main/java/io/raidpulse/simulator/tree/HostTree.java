package io.raidpulse.simulator.tree;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The files, symlinks and directories of one simulated instant, relative to a root laid out like a
 * filesystem root ({@code proc/...}, {@code sys/...}, {@code time}). Paths use '/' and never start
 * with one; link targets are relative, so a tree can be moved or copied as a whole.
 */
public final class HostTree {
    /** A node of the tree. */
    public sealed interface Node permits File, Link, Dir {
    }

    /** A regular file and its bytes as text. */
    public record File(String content) implements Node {
    }

    /** A symbolic link and its (relative) target. */
    public record Link(String target) implements Node {
    }

    /** A directory. */
    public record Dir() implements Node {
    }

    private final SortedMap<String, Node> nodes;

    private HostTree(SortedMap<String, Node> nodes) {
        this.nodes = Collections.unmodifiableSortedMap(nodes);
    }

    /** Every node by path, parents before children. */
    public SortedMap<String, Node> nodes() {
        return nodes;
    }

    public String file(String path) {
        Node n = nodes.get(path);
        return n instanceof File f ? f.content() : null;
    }

    public String link(String path) {
        Node n = nodes.get(path);
        return n instanceof Link l ? l.target() : null;
    }

    /** Collects nodes; parents of every added node are added as directories. */
    public static final class Builder {
        private final SortedMap<String, Node> nodes = new TreeMap<>(Builder::compare);

        public Builder dir(String path) {
            parents(path);
            Node old = nodes.putIfAbsent(path, new Dir());
            if (old != null && !(old instanceof Dir)) {
                throw new IllegalStateException(path + " is already a " + old.getClass().getSimpleName());
            }
            return this;
        }

        public Builder file(String path, String content) {
            put(path, new File(content));
            return this;
        }

        public Builder link(String path, String target) {
            put(path, new Link(target));
            return this;
        }

        private void put(String path, Node node) {
            parents(path);
            if (nodes.put(path, node) != null) {
                throw new IllegalStateException(path + " is written twice");
            }
        }

        private void parents(String path) {
            int slash = path.lastIndexOf('/');
            if (slash > 0) {
                dir(path.substring(0, slash));
            }
        }

        public HostTree build() {
            return new HostTree(new TreeMap<>(nodes));
        }

        /** Path order in which a directory sorts right before its contents. */
        static int compare(String a, String b) {
            return a.replace('/', '\0').compareTo(b.replace('/', '\0'));
        }
    }
}
