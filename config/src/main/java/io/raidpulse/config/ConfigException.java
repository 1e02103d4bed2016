package io.raidpulse.config;

/** An invalid or missing setting: names the key and what is expected; exit code 2. */
public final class ConfigException extends UserException {
    private final String key;

    public ConfigException(String key, String problem) {
        super("config " + Settings.printable(key) + ": " + problem, EXIT_USAGE, null);
        this.key = key;
    }

    public String key() {
        return key;
    }
}
