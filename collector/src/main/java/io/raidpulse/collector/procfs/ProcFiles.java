package io.raidpulse.collector.procfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Thin readers around procfs and sysfs files: the parsers take text, these fetch it. */
public final class ProcFiles {
    private ProcFiles() {
    }

    /** The whole file as text; procfs files report size 0, so this reads until EOF. */
    public static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    /** The first line of a one-value sysfs file, trimmed; null when the file does not exist or cannot be read. */
    public static String readValue(Path file) {
        try {
            String text = read(file);
            int nl = text.indexOf('\n');
            return (nl >= 0 ? text.substring(0, nl) : text).trim();
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
