package io.raidpulse.config;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --set KEY=VALUE}, a picocli mixin: any setting the command has no option for, over the settings
 * file and under the command's own options. A command's resource bundle may word its help ({@code settings.set}).
 */
public final class SetOption {
    @Option(names = "--set", paramLabel = "KEY=VALUE", descriptionKey = "settings.set", description = "Any other setting; repeatable.")
    Map<String, String> values = new LinkedHashMap<>();

    /** {@code settings} with the values given over theirs. */
    public Settings over(Settings settings) {
        return settings.with(values);
    }
}
