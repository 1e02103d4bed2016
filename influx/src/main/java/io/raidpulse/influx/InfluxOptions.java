package io.raidpulse.influx;

import io.raidpulse.config.Settings;
import picocli.CommandLine.Option;

/**
 * {@code --influx-url}, {@code --influx-database} and {@code --influx-username}, a picocli mixin: where
 * InfluxDB is and who writes or reads it, {@code influx.url}, {@code influx.database} and
 * {@code influx.username} over the settings file. Passwords and tokens are not among them: they belong in
 * the settings file, out of the process list. A command's resource bundle may word each option's help
 * ({@code settings.influx-url}, {@code settings.influx-database}, {@code settings.influx-username}) and the
 * database's parameter ({@code settings.influx-database.label}); {@code ${bundle:influx.database}} is the
 * declared default.
 */
public final class InfluxOptions {
    @Option(names = "--influx-url", paramLabel = "URL", descriptionKey = "settings.influx-url",
            description = "InfluxDB base URL (influx.url).")
    String url;

    @Option(names = "--influx-database", paramLabel = "${bundle:settings.influx-database.label:-NAME}",
            descriptionKey = "settings.influx-database", description = "InfluxDB database (influx.database, default ${bundle:influx.database}).")
    String database;

    @Option(names = "--influx-username", paramLabel = "USER", descriptionKey = "settings.influx-username",
            description = "InfluxDB 1.x user (influx.username).")
    String username;

    /** {@code settings} with the given options over theirs; unchanged where an option is absent. */
    public Settings over(Settings settings) {
        return settings.withOption(InfluxSettings.URL, url)
                .withOption(InfluxSettings.DATABASE, database)
                .withOption(InfluxSettings.USERNAME, username);
    }

    /** {@code --influx-url} as given, or null. */
    public String url() {
        return url;
    }
}
