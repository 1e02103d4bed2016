package io.raidpulse.stream;

import io.raidpulse.config.KeyDefaults;
import io.raidpulse.influx.InfluxSettings;
import io.raidpulse.notify.Notifiers;
import java.util.List;

/**
 * The defaults the help of {@code stream} shows ({@code ${bundle:influx.database}}), from the declarations;
 * its wording of the shared options in StreamHelp.properties.
 */
public final class StreamDefaults extends KeyDefaults {
    public StreamDefaults() {
        super("io.raidpulse.stream.StreamHelp");
    }

    @Override
    protected List<Class<?>> declaringClasses() {
        return List.of(InfluxSettings.class, StreamApp.class, Notifiers.class);
    }
}
