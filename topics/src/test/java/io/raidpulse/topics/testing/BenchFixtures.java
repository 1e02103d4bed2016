package io.raidpulse.topics.testing;

import io.raidpulse.model.importer.CopyDirection;
import io.raidpulse.model.importer.FormatSniffer;
import io.raidpulse.model.importer.ImportContext;
import io.raidpulse.model.importer.ImportException;
import io.raidpulse.model.profile.BenchmarkResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The benchmark outputs raid-model's importers are tested on (raid-model/src/test/resources/
 * benchmarks, described in its README), and the two result F files the built-in catalog bundles.
 */
public final class BenchFixtures {
    public static final Path DIR = Path.of("..", "raid-model", "src", "test", "resources", "benchmarks");
    public static final Path CATALOG = Path.of("..", "raid-model", "src", "main", "resources", "io", "raidpulse", "model", "catalog");

    private BenchFixtures() {
    }

    /** Every benchmark output: the fixtures (not their README, not the fio job file) and the catalog's files. */
    public static List<Path> outputs() {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(DIR, CATALOG)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(Files::isRegularFile)
                        .filter(p -> !p.getFileName().toString().equals("README.md") && !p.toString().endsWith(".fio"))
                        .sorted()
                        .forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (out.size() < 30) {
            throw new IllegalStateException("expected the importer fixtures under " + DIR.toAbsolutePath() + ", found " + out.size());
        }
        return out;
    }

    /** dd outputs without their command line: the direction must be given. */
    public static boolean needsDirection(Path p) {
        return p.getFileName().toString().equals("dd-gnu-9.1_write_no-command.txt")
                || p.getFileName().toString().equals("dd-bsd-macos_sd-card.txt");
    }

    /** The output of bonnie++ -s 0: file-creation tests only, no block I/O to import. */
    public static boolean hasNoIoResults(Path p) {
        return p.getFileName().toString().equals("bonnie-1.96_file-ops-only.txt");
    }

    /** The profiles of one output, with what its file does not say given as the user would. */
    public static List<BenchmarkResult> profiles(Path p) {
        ImportContext ctx = ImportContext.NONE.withSource(p.getFileName().toString(), 1_767_225_600_000L);
        if (needsDirection(p)) {
            ctx = ctx.withCopyDirection(CopyDirection.WRITE);
        }
        try {
            return FormatSniffer.importAny(Files.readString(p), ctx);
        } catch (ImportException e) {
            throw new AssertionError(p + " does not import: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
