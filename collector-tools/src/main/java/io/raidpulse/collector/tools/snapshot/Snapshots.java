package io.raidpulse.collector.tools.snapshot;

import io.raidpulse.config.UserException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Snapshot directories: one given, several given, or one directory holding numbered snapshots. */
public final class Snapshots {
    private Snapshots() {
    }

    /** Whether {@code dir} is itself a snapshot (holds proc/diskstats). */
    public static boolean isSnapshot(Path dir) {
        return Files.isRegularFile(dir.resolve("proc/diskstats"));
    }

    /** The snapshots named, expanding a directory of numbered snapshots, in order. */
    public static List<Path> expand(List<Path> given) {
        List<Path> out = new ArrayList<>();
        for (Path p : given) {
            if (isSnapshot(p)) {
                out.add(p);
                continue;
            }
            if (!Files.isDirectory(p)) {
                throw new UserException(p + " is not a snapshot directory (no proc/diskstats in it)", UserException.EXIT_USAGE, null);
            }
            List<Path> children = new ArrayList<>();
            try (DirectoryStream<Path> d = Files.newDirectoryStream(p)) {
                for (Path c : d) {
                    if (isSnapshot(c)) {
                        children.add(c);
                    }
                }
            } catch (IOException e) {
                throw new UserException(p + " cannot be listed: " + e.getMessage(), UserException.EXIT_RUNTIME, e);
            }
            if (children.isEmpty()) {
                throw new UserException(p + " holds no snapshot directories (each needs proc/diskstats)", UserException.EXIT_USAGE, null);
            }
            children.sort(Comparator.comparing((Path c) -> c.getFileName().toString().length())
                    .thenComparing(c -> c.getFileName().toString()));
            out.addAll(children);
        }
        return out;
    }
}
