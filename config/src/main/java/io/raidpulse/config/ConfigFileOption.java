package io.raidpulse.config;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --config FILE}, a picocli mixin: the Java properties file a command reads its settings from.
 * Its help says "Settings file (Java properties)." unless the command's resource bundle words it for
 * what the command reads ({@code settings.config}).
 */
public final class ConfigFileOption {
    @Option(names = "--config", paramLabel = "FILE", descriptionKey = "settings.config", description = "Settings file (Java properties).")
    Path file;

    /** The file's settings; none without {@code --config}. */
    public Settings load() {
        return file == null ? Settings.empty() : Settings.load(file);
    }
}
