package io.raidpulse.lab.recording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

/**
 * A lab run's results, as lab/run leaves them in lab/out/SCENARIO or packed in
 * lab/recordings/SCENARIO: {@code snapshots/} and {@code spool/} as directories or as
 * {@code snapshots.tar.gz} and {@code spool.tar.gz} (thousands of small files otherwise),
 * {@code iostat.json} or {@code iostat.json.gz}; the manifest, events and logs as they are.
 * A packed recording is unpacked once per process into a temporary directory, which is
 * removed when the JVM exits.
 */
public final class Recording {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path dir;
    private final JsonNode manifest;
    private final List<Event> events;
    private Path unpacked;

    private Recording(Path dir, JsonNode manifest, List<Event> events) {
        this.dir = dir;
        this.manifest = manifest;
        this.events = events;
    }

    public static Recording open(Path dir) throws IOException {
        Path m = dir.resolve("manifest.json");
        if (!Files.isRegularFile(m)) {
            throw new IOException(dir + " is not a lab recording (no manifest.json)");
        }
        List<Event> events = new ArrayList<>();
        Path log = dir.resolve("events.log");
        int n = 0;
        for (String line : Files.readAllLines(log)) {
            n++;
            if (!line.isBlank()) {
                events.add(Event.parse(line, log + ":" + n));
            }
        }
        return new Recording(dir, JSON.readTree(m.toFile()), List.copyOf(events));
    }

    /** Every recording under {@code root} (each a directory with a manifest.json), by name. */
    public static List<Path> all(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (DirectoryStream<Path> d = Files.newDirectoryStream(root)) {
            for (Path p : d) {
                if (Files.isRegularFile(p.resolve("manifest.json"))) {
                    out.add(p);
                }
            }
        }
        out.sort(Comparator.comparing(p -> p.getFileName().toString()));
        return out;
    }

    public String name() {
        return dir.getFileName().toString();
    }

    @Override
    public String toString() {
        return name();
    }

    public Path dir() {
        return dir;
    }

    public JsonNode manifest() {
        return manifest;
    }

    public List<Event> events() {
        return events;
    }

    /** The events of one kind, in order. */
    public List<Event> events(String kind) {
        return events.stream().filter(e -> e.kind().equals(kind)).toList();
    }

    /**
     * The first event of {@code kind} after {@code after} whose attributes include all of
     * {@code attrs} ("key", "value", ...); null when there is none.
     */
    public Event next(String kind, Instant after, String... attrs) {
        for (Event e : events) {
            if (!e.kind().equals(kind) || e.time().isBefore(after)) {
                continue;
            }
            boolean all = true;
            for (int i = 0; i + 1 < attrs.length; i += 2) {
                all &= attrs[i + 1].equals(e.attr(attrs[i]));
            }
            if (all) {
                return e;
            }
        }
        return null;
    }

    /**
     * The snapshot directories in order (each as {@code raidpulse record} writes it, plus truth/),
     * whole ones only: the recorder writes truth/time last.
     */
    public List<Path> snapshots() throws IOException {
        Path s = part("snapshots");
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(s)) {
            for (Path p : d) {
                if (Files.isRegularFile(p.resolve("truth/time"))) {
                    out.add(p);
                }
            }
        }
        out.sort(Comparator.comparing(p -> p.getFileName().toString()));
        return out;
    }

    /** The collector's spool directory (read it through a copy: delivering it moves its cursor). */
    public Path spool() throws IOException {
        return part("spool");
    }

    public Path bench() {
        return dir.resolve("bench");
    }

    /** iostat -x -d -t -o JSON as the guest printed it during the run. */
    public JsonNode iostat() throws IOException {
        Path plain = dir.resolve("iostat.json");
        if (Files.isRegularFile(plain)) {
            return JSON.readTree(plain.toFile());
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("iostat.json.gz")))) {
            return JSON.readTree(in);
        }
    }

    private synchronized Path part(String name) throws IOException {
        Path plain = dir.resolve(name);
        if (Files.isDirectory(plain)) {
            return plain;
        }
        Path packed = dir.resolve(name + ".tar.gz");
        if (!Files.isRegularFile(packed)) {
            throw new IOException(dir + " has neither " + name + "/ nor " + name + ".tar.gz");
        }
        if (unpacked == null) {
            unpacked = Files.createTempDirectory("raidpulse-recording-" + name() + "-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(unpacked)));
        }
        Path target = unpacked.resolve(name);
        if (!Files.isDirectory(target)) {
            tar(List.of("tar", "-xzf", packed.toAbsolutePath().toString(), "-C", unpacked.toString()));
        }
        return target;
    }

    /**
     * Packs a lab run's results for committing: snapshots/ and spool/ into tar.gz files (with fixed
     * owners and times, so a re-pack of the same files is the same bytes), iostat.json gzipped.
     */
    public static void pack(Path dir) throws IOException {
        for (String name : List.of("snapshots", "spool")) {
            Path d = dir.resolve(name);
            if (Files.isDirectory(d)) {
                tar(List.of("tar", "--sort=name", "--owner=0", "--group=0", "--numeric-owner", "--mtime=@0",
                        "-czf", dir.resolve(name + ".tar.gz").toString(), "-C", dir.toString(), name));
                deleteTree(d);
            }
        }
        Path iostat = dir.resolve("iostat.json");
        if (Files.isRegularFile(iostat)) {
            tar(List.of("gzip", "-9n", iostat.toString()));
        }
        Files.deleteIfExists(dir.resolve("lab.env"));
        Path requests = dir.resolve("requests");
        if (Files.isDirectory(requests)) {
            deleteTree(requests);
        }
    }

    private static void tar(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(Duration.ofMinutes(5).toMillis(), TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + new String(out).strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory: the system cleans it if we cannot
        }
    }
}
