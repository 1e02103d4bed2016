package io.raidpulse.lab.checks;

import io.raidpulse.lab.KernelSuite;
import io.raidpulse.lab.LabRun;
import io.raidpulse.lab.recording.Recording;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The committed recordings (lab/recordings), for parameterized checks; a check over none fails. */
public final class Recordings {
    /** lab/recordings, from the lab module's directory (Maven runs tests there). */
    public static final Path ROOT = Path.of("recordings");

    private Recordings() {
    }

    public static Stream<Recording> committed() {
        try {
            List<Path> dirs = Recording.all(ROOT);
            if (dirs.isEmpty()) {
                throw new IllegalStateException("no recordings under " + ROOT.toAbsolutePath());
            }
            return dirs.stream().map(Recordings::open);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The host name the recording's samples carry: lab-SCENARIO, with the suite appended for a
     * kernel other than the default's (a recording made before the lab had suites is the default's).
     */
    static String host(Recording r) {
        String suite = r.manifest().path("kernel").path("suite").asText(KernelSuite.DEFAULT.suite());
        return LabRun.hostName(r.manifest().path("scenario").asText(), KernelSuite.of(suite));
    }

    /** Whether any snapshot of {@code r} holds mdadm's view of an array. */
    static boolean hasArrays(Recording r) {
        try {
            return r.snapshots().stream().anyMatch(s -> java.nio.file.Files.isRegularFile(s.resolve("truth/mdadm-detail.txt")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Recording open(Path dir) {
        try {
            return Recording.open(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
