package io.raidpulse.launcher.up;

import io.raidpulse.config.KeyDefaults;
import io.raidpulse.influx.InfluxSettings;
import java.util.List;

/**
 * The defaults the help of {@code up} shows ({@code ${bundle:influx.database}}), from the declarations;
 * its wording of the shared options in UpHelp.properties.
 */
public final class UpDefaults extends KeyDefaults {
    public UpDefaults() {
        super("io.raidpulse.launcher.up.UpHelp");
    }

    @Override
    protected List<Class<?>> declaringClasses() {
        return List.of(InfluxSettings.class);
    }
}
